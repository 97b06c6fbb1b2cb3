import { act, fireEvent } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CARD_ROW_HEIGHT, ResultsCards } from '../../../renderer/features/catalog/ResultsCards';
import type { CatalogProduct } from '../../../shared/schemas';
import { createFakeBridge } from '../support/fakeBridge';
import { makeProduct, toCatalogProduct } from '../support/fixtures';
import { layoutScrollBoxes, rememberScrollTop } from '../support/layout';
import { renderWithBridge, resetClientState } from '../support/render';

const SAMPLE = toCatalogProduct(makeProduct({ id: 'prod_sample', name: 'Sample Wine' }));
const products = (count: number): CatalogProduct[] => Array.from({ length: count }, (_, index) => ({ ...SAMPLE, id: `prod_${index}`, name: `Wine ${index}` }));

describe('the result cards', () => {
  // A results box 720 px high and 1024 px wide: three columns, a row and most of the next on screen.
  layoutScrollBoxes();
  rememberScrollTop();
  beforeEach(resetClientState);

  it("render the rows on screen and one row ahead, and ask for more only when the buyer scrolls near the loaded end", () => {
    let asked = 0;
    const { container } = renderWithBridge(
      <ResultsCards items={products(60)} total={5_000} hasMore loadingMore={false} loadMore={() => (asked += 1)} />,
      createFakeBridge().bridge,
    );
    // Each keystroke's results rewrite every card in the DOM: two rows on screen, one ahead.
    expect(container.querySelectorAll('li.product-card')).toHaveLength(9);
    expect(asked).toBe(0);

    const box = container.querySelector<HTMLElement>('.results-scroll')!;
    act(() => {
      box.scrollTop = 17 * CARD_ROW_HEIGHT;
      fireEvent.scroll(box);
    });
    const positions = [...container.querySelectorAll('li.product-card')].map((card) => Number(card.getAttribute('aria-posinset')));
    expect(Math.max(...positions)).toBe(60);
    expect(asked).toBeGreaterThan(0);
  });
});
