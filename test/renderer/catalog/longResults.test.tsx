import { act, fireEvent } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ResultsCards } from '../../../renderer/features/catalog/ResultsCards';
import { ResultsTable, TABLE_ROW_HEIGHT } from '../../../renderer/features/catalog/ResultsTable';
import type { CatalogProduct } from '../../../shared/schemas';
import { MAX_SCROLL_HEIGHT } from '../../../renderer/lib/scrollScale';
import { createFakeBridge } from '../support/fakeBridge';
import { makeProduct, toCatalogProduct } from '../support/fixtures';
import { layoutScrollBoxes, rememberScrollTop } from '../support/layout';
import { renderWithBridge, resetClientState } from '../support/render';

/** Chromium lays out no element taller than this (2^25 px less a layout unit). */
const BROWSER_MAX_HEIGHT = 33_554_431;
const MILLION = 1_000_000;

const SAMPLE = toCatalogProduct(makeProduct({ id: 'prod_sample', name: 'Sample Wine' }));
const products = (from: number, count: number): CatalogProduct[] =>
  Array.from({ length: count }, (_, index) => ({ ...SAMPLE, id: `prod_${from + index}`, name: `Wine ${from + index}` }));

/** The height of what a results box scrolls: its table's rows, or its card grid. */
function scrolledHeight(box: Element): number {
  const grid = box.querySelector<HTMLElement>('ul.card-grid');
  if (grid) return Number.parseFloat(grid.style.height);
  return [...box.querySelectorAll<HTMLElement>('tbody tr')].reduce((sum, row) => sum + Number.parseFloat(row.style.height || '0'), 0);
}

function scrollTo(box: HTMLElement, top: number) {
  act(() => {
    box.scrollTop = top;
    fireEvent.scroll(box);
  });
}

describe('a million results', { timeout: 60_000 }, () => {
  layoutScrollBoxes();
  // Up to its scrolled height, which, as in Chromium, stops at `BROWSER_MAX_HEIGHT`.
  rememberScrollTop((box) => Math.min(scrolledHeight(box), BROWSER_MAX_HEIGHT) - 720);
  beforeEach(resetClientState);

  it('the table stays within what a browser lays out, and its last rows are reached by scrolling to the end', () => {
    // Everything loaded but the last 200: scrolled to the end, the table shows the last loaded rows and asks for more.
    const loaded = products(0, MILLION - 200);
    let asked = 0;
    const { container } = renderWithBridge(
      <ResultsTable items={loaded} total={MILLION} hasMore loadingMore={false} loadMore={() => (asked += 1)} />,
      createFakeBridge().bridge,
    );
    const box = container.querySelector<HTMLElement>('.results-scroll')!;
    const height = scrolledHeight(box);
    expect(height).toBeLessThanOrEqual(MAX_SCROLL_HEIGHT);
    expect(height).toBeLessThan(BROWSER_MAX_HEIGHT);
    expect(MILLION * TABLE_ROW_HEIGHT).toBeGreaterThan(BROWSER_MAX_HEIGHT);

    scrollTo(box, height);
    const rowIndexes = [...box.querySelectorAll('tbody tr[aria-rowindex]')].map((row) => Number(row.getAttribute('aria-rowindex')) - 2);
    expect(Math.max(...rowIndexes)).toBe(MILLION - 201);
    expect(asked).toBeGreaterThan(0);
    // Still within the browser's limit with the rows on screen drawn where the scroll puts them.
    expect(scrolledHeight(box)).toBeLessThanOrEqual(MAX_SCROLL_HEIGHT);
  });

  it('the table scrolled half-way shows the rows half-way, in the viewport', () => {
    const { container } = renderWithBridge(
      <ResultsTable items={products(0, MILLION)} total={MILLION} hasMore={false} loadingMore={false} loadMore={() => {}} />,
      createFakeBridge().bridge,
    );
    const box = container.querySelector<HTMLElement>('.results-scroll')!;
    const middle = (scrolledHeight(box) - 720) / 2;
    scrollTo(box, middle);
    const rows = [...box.querySelectorAll<HTMLElement>('tbody tr')];
    const spacer = rows[0]!;
    const shown = rows.filter((row) => row.hasAttribute('aria-rowindex')).map((row) => Number(row.getAttribute('aria-rowindex')) - 2);
    expect(Math.abs(shown[Math.floor(shown.length / 2)]! - MILLION / 2)).toBeLessThan(50);
    // The rows start just above the viewport's top, not tens of millions of pixels below it.
    const top = Number.parseFloat(spacer.style.height);
    expect(top).toBeLessThanOrEqual(middle);
    expect(top + shown.length * TABLE_ROW_HEIGHT).toBeGreaterThanOrEqual(middle + 720);
  });

  it('the cards stay within what a browser lays out, and the last ones are reached', () => {
    const { container } = renderWithBridge(
      <ResultsCards items={products(0, MILLION)} total={MILLION} hasMore={false} loadingMore={false} loadMore={() => {}} />,
      createFakeBridge().bridge,
    );
    const box = container.querySelector<HTMLElement>('.results-scroll')!;
    const height = scrolledHeight(box);
    expect(height).toBeLessThanOrEqual(MAX_SCROLL_HEIGHT);
    scrollTo(box, height);
    const positions = [...box.querySelectorAll('li.product-card')].map((card) => Number(card.getAttribute('aria-posinset')));
    expect(Math.max(...positions)).toBe(MILLION);
    const lastTop = Math.max(...[...box.querySelectorAll<HTMLElement>('li.product-card')].map((card) => Number.parseFloat(card.style.top)));
    expect(lastTop).toBeLessThan(height);
    expect(lastTop).toBeGreaterThanOrEqual(height - 720);
  });
});
