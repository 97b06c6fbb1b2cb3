import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ProbeElement, ProbeRect, ProbeWindow } from '../support/e2e-dom';
import { useE2eApp } from '../support/e2e-suite';
import { goTo, parseCents, waitForCatalog } from '../support/e2e-screens';

const app = useE2eApp({ catalogSize: 300 });

const ROW_HEIGHT = 76;

async function openTable(page: Page) {
  await waitForCatalog(page, app().catalogSize);
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Table' }).click();
  await page.getByRole('table', { name: 'Products' }).waitFor();
}

/** The column under a header, by the header's text. */
async function columnTexts(page: Page, header: string): Promise<string[]> {
  const table = page.getByRole('table', { name: 'Products' });
  // Every header cell, those a narrow window hides too, so the index matches the cells of a row.
  const headers = (await table.locator('thead th').allTextContents()).map((text) => text.replace(/[▲▼]/g, '').trim());
  const column = headers.indexOf(header);
  if (column < 0) throw new Error(`The products table has no "${header}" column (${headers.join(', ')})`);
  return table.locator(`tbody tr[aria-rowindex] td:nth-child(${column + 1})`).allTextContents();
}

/**
 * How the table is laid out: each shown column's width and whether anything in it is cut, and for
 * every row wholly in view what a buyer needs to order from it.
 */
const tableLayout = (page: Page) =>
  page.evaluate(() => {
    const win = globalThis as unknown as ProbeWindow;
    const scroller = win.document.querySelector('.results-scroll')!;
    const view = scroller.getBoundingClientRect();
    const viewport = { width: win.innerWidth, height: win.innerHeight };
    const shown = (element: ProbeElement) => win.getComputedStyle(element).display !== 'none';
    const cutSideways = (element: ProbeElement) => element.scrollWidth > element.clientWidth + 1;
    const inside = (inner: ProbeRect, outer: ProbeRect) =>
      inner.width > 0 && inner.left >= outer.left - 0.5 && inner.right <= outer.right + 0.5 && inner.top >= outer.top - 0.5 && inner.bottom <= outer.bottom + 0.5;
    const headers = [...scroller.querySelectorAll('thead th')].filter(shown).map((th) => ({
      name: th.textContent?.replace(/[▲▼]/g, '').trim() ?? '',
      width: th.getBoundingClientRect().width,
      cut: [th, ...th.querySelectorAll('button')].some(cutSideways),
    }));
    const rows = [...scroller.querySelectorAll('tbody tr[data-index]')].filter((row) => {
      const box = row.getBoundingClientRect();
      return box.top >= view.top && box.bottom <= view.bottom;
    });
    const money = rows.flatMap((row) => [...row.querySelectorAll('td.num')].filter(shown))
      .filter((cell) => cell.textContent?.includes('$'))
      .map((cell) => ({ text: cell.textContent ?? '', cut: cutSideways(cell) }));
    const rowFacts = rows.map((row) => {
      const actionsCell = row.querySelector('td.c-add')!;
      const cellBox = actionsCell.getBoundingClientRect();
      const buttons = [...actionsCell.querySelectorAll('button')];
      const identity = row.querySelector('.wine-identity');
      const facts = identity?.parentElement ?? row.querySelector('.c-product .muted')!;
      const name = row.querySelector('.product-name')!;
      return {
        // Star, guide and Add: each wholly inside its cell, the list's view and the window, none cut.
        actions: buttons.map((button) => {
          const box = button.getBoundingClientRect();
          // What a click at the button's middle would hit: the button itself, not a "…" or a cover.
          const hit = win.document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)?.closest('button');
          return {
            label: button.getAttribute('aria-label') ?? '',
            visible: inside(box, cellBox) && inside(box, view) && box.right <= viewport.width && !cutSideways(button) && hit === button,
          };
        }),
        cellCut: cutSideways(actionsCell),
        identity: identity?.textContent ?? '',
        identityShown: identity !== null && identity.getBoundingClientRect().right <= facts.getBoundingClientRect().right + 0.5,
        nameWidth: name.getBoundingClientRect().width,
        nameCutSideways: cutSideways(name),
        supplier: facts.textContent ?? '',
      };
    });
    return {
      headers,
      money,
      rowFacts,
      overflowsSideways: scroller.scrollWidth > scroller.clientWidth + 1,
      // The list ends inside the window: every row in it is reached by its own scrollbar alone.
      listInWindow: view.top >= 0 && view.bottom <= viewport.height,
      rows: rows.length,
    };
  });

describe('the catalog table', () => {
  it('can be ordered from at 1024×700 and 1400×900: the name, vintage and size readable, star, guide and Add in view on every row', async () => {
    const { page, problems, close } = await app().openPage();
    await openTable(page);
    // The dearest first, so case prices of $1,000 and more are on screen.
    await page.getByLabel('Sort by').selectOption({ label: 'Price: high to low' });
    await expect.poll(async () => parseCents((await columnTexts(page, 'Case'))[0] ?? '$0.00')).toBeGreaterThanOrEqual(100_000);
    for (const viewport of [{ width: 1024, height: 700 }, { width: 1400, height: 900 }]) {
      await page.setViewportSize(viewport);
      await expect.poll(async () => (await tableLayout(page)).rows, { message: `${viewport.width}: rows on screen` }).toBeGreaterThan(2);
      const layout = await tableLayout(page);
      const size = `${viewport.width}×${viewport.height}`;
      expect(layout.headers.map((header) => header.name), size).toEqual(expect.arrayContaining(['Product', 'Case', 'Stock', 'Add to cart']));
      expect(layout.headers.filter((header) => header.cut || header.width < 24), size).toEqual([]);
      expect(layout.headers.find((header) => header.name === 'Product')!.width, size).toBeGreaterThanOrEqual(220);
      expect(layout.money.length, size).toBeGreaterThan(0);
      expect(layout.money.filter((cell) => cell.cut), size).toEqual([]);
      expect(layout.money.some((cell) => parseCents(cell.text) >= 100_000), size).toBe(true);
      for (const row of layout.rowFacts) {
        expect(row.actions.map((action) => action.label.replace(/:.*| [0-9]+ cases? of .*/, '')), size).toEqual(['Favourite', 'Add to guide', 'Add']);
        expect(row.actions.filter((action) => !action.visible), `${size}: ${row.actions[2]?.label}`).toEqual([]);
        expect(row.cellCut, size).toBe(false);
        // What tells same-named wines apart comes first on the line under the name and is never cut.
        expect(row.identity, size).toMatch(/^([0-9]{4}|NV) · [0-9.,]+ (ml|L) × [0-9]+$/);
        expect(row.identityShown, `${size}: ${row.supplier}`).toBe(true);
        expect(row.nameWidth, size).toBeGreaterThanOrEqual(200);
        expect(row.nameCutSideways, size).toBe(false);
      }
      expect(layout.overflowsSideways, size).toBe(false);
      expect(layout.listInWindow, size).toBe(true);
    }
    // At 1400 px the photo and the minimum give way; a wider window shows every column.
    expect((await tableLayout(page)).headers.map((header) => header.name)).toEqual(['Product', 'Case', 'Single bottle', 'Stock', 'Last ordered', 'Add to cart']);
    await page.setViewportSize({ width: 1600, height: 900 });
    await expect.poll(async () => (await tableLayout(page)).headers.map((header) => header.name)).toEqual(['Photo', 'Product', 'Case', 'Single bottle', 'Min.', 'Stock', 'Last ordered', 'Add to cart']);
    expect((await tableLayout(page)).overflowsSideways).toBe(false);
    problems.assertNone('the table in a narrow and a wide window');
    await close();
  });

  it('is ordered from with the keyboard alone at 1024×700: Tab reaches a row\'s Add, Enter adds it', async () => {
    const { page, problems, close } = await app().openPage();
    await page.setViewportSize({ width: 1024, height: 700 });
    await openTable(page);
    await page.getByLabel('In stock only').check();
    const firstRow = page.locator('tbody tr[data-index="0"]');
    await firstRow.waitFor();
    const name = (await firstRow.locator('.product-name').textContent()) ?? '';
    await firstRow.getByRole('button', { name: `Favourite: ${name}` }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => (globalThis as unknown as ProbeWindow).document.activeElement?.getAttribute('aria-label') ?? '');
    expect(focused).toMatch(new RegExp(`^Add [0-9]+ cases? of ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} to the cart$`));
    await page.keyboard.press('Enter');
    await page.getByText(new RegExp(`^Added [0-9]+ cases? of ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)).first().waitFor();
    problems.assertNone('adding from the table with the keyboard');
    await close();
  });

  it('sorts by clicking the headers, saying the order with aria-sort', async () => {
    const { page, problems, close } = await app().openPage();
    await openTable(page);
    const table = page.getByRole('table', { name: 'Products' });
    const header = (name: string) => table.getByRole('columnheader').filter({ has: page.getByRole('button', { name }) });
    expect(await header('Product').getAttribute('aria-sort')).toBe('ascending');

    await header('Case').getByRole('button').click();
    await expect.poll(() => header('Case').getAttribute('aria-sort')).toBe('ascending');
    expect(await header('Product').getAttribute('aria-sort')).toBeNull();
    const ascending = (await columnTexts(page, 'Case')).map(parseCents);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    expect(await page.getByLabel('Sort by').inputValue()).toBe('price_asc');

    await header('Case').getByRole('button').press('Enter');
    await expect.poll(() => header('Case').getAttribute('aria-sort')).toBe('descending');
    await expect.poll(async () => (await columnTexts(page, 'Case')).map(parseCents)).toEqual(
      [...(await columnTexts(page, 'Case')).map(parseCents)].sort((a, b) => b - a),
    );

    await header('Product').getByRole('button').click();
    await expect.poll(() => header('Product').getAttribute('aria-sort')).toBe('ascending');
    problems.assertNone('sorting by the headers');
    await close();
  });

  it('sizes the scrollbar for every result, so one jump reaches the end', async () => {
    const { page, problems, close } = await app().openPage();
    await openTable(page);
    const total = app().catalogSize;
    const scroller = page.locator('.results-scroll');
    // Only the first page is loaded, yet the list is as tall as all the results.
    expect(await scroller.evaluate((element) => (element as unknown as ProbeElement).scrollHeight)).toBeGreaterThanOrEqual(total * ROW_HEIGHT);
    await scroller.evaluate((element) => {
      const list = element as unknown as ProbeElement;
      list.scrollTo({ top: list.scrollHeight });
    });
    await page.locator(`tbody tr[aria-rowindex="${total + 1}"]`).waitFor();
    expect(
      await scroller.evaluate((element) => {
        const list = element as unknown as ProbeElement;
        return list.scrollTop + list.clientHeight >= list.scrollHeight - 1;
      }),
    ).toBe(true);
    problems.assertNone('scrolling to the end');
    await close();
  });

  it('keeps the place of the sync bar: the screen does not move when a sync starts and ends', async () => {
    const { page, problems, close } = await app().openPage();
    await waitForCatalog(page, app().catalogSize);
    await app().shell.core.whenIdle();
    await goTo(page, 'Settings');
    await page.getByRole('heading', { level: 2, name: 'Offline copy' }).waitFor();
    // Every change to the page records where the screen starts and whether the bar shows.
    await page.evaluate(() => {
      const win = globalThis as unknown as ProbeWindow & { seen: { top: number; syncing: boolean }[] };
      const seen: { top: number; syncing: boolean }[] = [];
      win.seen = seen;
      const record = () =>
        seen.push({
          top: win.document.getElementById('main-content')!.getBoundingClientRect().top + win.scrollY,
          syncing: win.document.querySelector('.sync-progress')?.textContent?.includes('Syncing') ?? false,
        });
      record();
      new win.MutationObserver(record).observe(win.document.body, { childList: true, subtree: true, characterData: true });
    });
    await page.getByRole('button', { name: /^Sync now/ }).click();
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as { seen: { syncing: boolean }[] }).seen.some((entry) => entry.syncing))).toBe(true);
    await app().shell.core.whenIdle();
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as ProbeWindow).document.querySelector('.sync-progress')?.textContent ?? '')).not.toContain('Syncing');
    const tops = await page.evaluate(() => (globalThis as unknown as { seen: { top: number }[] }).seen.map((entry) => entry.top));
    // Within a pixel: sub-pixel rounding is no jump.
    expect(tops.filter((top) => Math.abs(top - tops[0]!) >= 1)).toEqual([]);
    problems.assertNone('a sync while the screen is open');
    await close();
  });
});
