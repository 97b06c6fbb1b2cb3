import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { BridgeOutput } from '../../shared/bridge/contract';
import type { BridgeResult } from '../../shared/bridge/result';
import type { ProbeWindow } from '../support/e2e-dom';
import { useE2eApp } from '../support/e2e-suite';
import { waitForCatalog } from '../support/e2e-screens';

const app = useE2eApp({ catalogSize: 300 });

/** For each card wholly on screen: whether its name has room for a line and nothing sticks out of it. */
const cardLayout = (page: Page) =>
  page.evaluate(() => {
    const win = globalThis as unknown as ProbeWindow;
    const scroller = win.document.querySelector('.results-scroll')!;
    const view = scroller.getBoundingClientRect();
    const cards = [...scroller.querySelectorAll('.product-card')].filter((card) => {
      const box = card.getBoundingClientRect();
      return box.top >= view.top && box.bottom <= view.bottom;
    });
    return cards.map((card) => {
      const box = card.getBoundingClientRect();
      const name = card.querySelector('.product-name')!;
      const lineHeight = parseFloat(win.getComputedStyle(name).lineHeight);
      const outside = [...card.children]
        .map((child) => ({ child, rect: child.getBoundingClientRect() }))
        .filter(({ rect }) => rect.height > 0 && (rect.bottom > box.bottom + 0.5 || rect.right > box.right + 0.5))
        .map(({ child }) => child.className || child.tagName);
      return { name: name.textContent ?? '', nameHeight: name.getBoundingClientRect().height, lineHeight, outside };
    });
  });

describe('the catalog cards', () => {
  it('show each name on at least one whole line, and the prices, stock and buttons inside the card, from 1024 px', async () => {
    const { page, problems, close } = await app().openPage();
    await waitForCatalog(page, app().catalogSize);
    await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Cards' }).click();
    for (const viewport of [{ width: 1024, height: 700 }, { width: 1280, height: 800 }, { width: 1400, height: 900 }]) {
      await page.setViewportSize(viewport);
      const size = `${viewport.width}×${viewport.height}`;
      await expect.poll(async () => (await cardLayout(page)).length, { message: `${size}: cards on screen` }).toBeGreaterThan(0);
      const cards = await cardLayout(page);
      expect(cards.filter((card) => card.nameHeight < card.lineHeight - 1).map((card) => card.name), size).toEqual([]);
      expect(cards.filter((card) => card.outside.length > 0), size).toEqual([]);
    }

    // A wine the demo buyer has ordered: its card says when, and still holds everything else.
    const lastOrdered = (await app().shell.core.dispatcher.dispatch('listLastOrdered', {})) as BridgeResult<BridgeOutput<'listLastOrdered'>>;
    if (!lastOrdered.ok || !lastOrdered.data.items[0]) throw new Error('the demo buyer has ordered nothing');
    const product = (await app().shell.core.dispatcher.dispatch('getProduct', { id: lastOrdered.data.items[0].productId })) as BridgeResult<BridgeOutput<'getProduct'>>;
    if (!product.ok) throw new Error(product.error.message);
    const name = product.data.data.name;
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.getByRole('searchbox', { name: 'Search the catalog' }).fill(name);
    const card = page.getByRole('list', { name: 'Products' }).getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });
    await expect.poll(() => card.getByText(/^Last ordered /).count(), { message: 'the ordered wine’s card says when it was last ordered' }).toBe(1);
    const cards = await cardLayout(page);
    expect(cards.filter((entry) => entry.outside.length > 0), 'a card with "Last ordered" at 1024 px').toEqual([]);
    problems.assertNone('looking at the catalog cards');
    await close();
  });

  it("keep the result count's box (laid out on its own) wide enough for the longest count, and the toolbar within the results, from 1024 px", async () => {
    const { page, problems, close } = await app().openPage();
    await waitForCatalog(page, app().catalogSize);
    for (const viewport of [{ width: 1024, height: 700 }, { width: 1280, height: 800 }]) {
      await page.setViewportSize(viewport);
      const measured = await page.evaluate(() => {
        const win = globalThis as unknown as ProbeWindow;
        const count = win.document.querySelector('.catalog .result-count')!;
        type Measure = { font: string; measureText(text: string): { width: number } };
        const { OffscreenCanvas } = globalThis as unknown as { OffscreenCanvas: new (width: number, height: number) => { getContext(kind: '2d'): Measure } };
        const context = new OffscreenCanvas(1, 1).getContext('2d');
        context.font = win.getComputedStyle(count).font;
        const toolbar = win.document.querySelector('.catalog .toolbar')!.getBoundingClientRect();
        const outside = [...win.document.querySelectorAll('.catalog .toolbar > *')].filter((child) => child.getBoundingClientRect().right > toolbar.right + 0.5);
        return { longest: context.measureText('1,000,000 products · searching…').width, box: count.clientWidth, outside: outside.map((child) => child.className) };
      });
      const size = `${viewport.width}×${viewport.height}`;
      expect(measured.longest, size).toBeLessThanOrEqual(measured.box);
      expect(measured.outside, size).toEqual([]);
    }
    problems.assertNone("looking at the catalog's toolbar");
    await close();
  });
});
