import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ProbeElement, ProbeWindow } from '../support/e2e-dom';
import { useE2eApp } from '../support/e2e-suite';
import { goTo, parseCents, waitForCatalog } from '../support/e2e-screens';

const app = useE2eApp({ catalogSize: 300 });

const ROW_HEIGHT = 64;

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

/** How the table is laid out: each shown column's width and whether anything in it is cut. */
const tableLayout = (page: Page) =>
  page.evaluate(() => {
    const win = globalThis as unknown as ProbeWindow;
    const scroller = win.document.querySelector('.results-scroll')!;
    const view = scroller.getBoundingClientRect();
    const shown = (element: ProbeElement) => win.getComputedStyle(element).display !== 'none';
    const headers = [...scroller.querySelectorAll('thead th')].filter(shown).map((th) => ({
      name: th.textContent?.replace(/[▲▼]/g, '').trim() ?? '',
      width: th.getBoundingClientRect().width,
      cut: [th, ...th.querySelectorAll('button')].some((element) => element.scrollWidth > element.clientWidth + 1),
    }));
    const rows = [...scroller.querySelectorAll('tbody tr[data-index]')].filter((row) => {
      const box = row.getBoundingClientRect();
      return box.top >= view.top && box.bottom <= view.bottom;
    });
    const money = rows.flatMap((row) => [...row.querySelectorAll('td.num')].filter(shown))
      .filter((cell) => cell.textContent?.includes('$'))
      .map((cell) => ({ text: cell.textContent ?? '', cut: cell.scrollWidth > cell.clientWidth + 1 }));
    const buttons = rows.map((row) => row.querySelector('.add-button')!.getBoundingClientRect());
    const names = rows.map((row) => row.querySelector('.product-name')!.getBoundingClientRect().width);
    return {
      headers,
      money,
      addButtonsInside: buttons.every((box) => box.width > 0 && box.right <= view.right && box.left >= view.left),
      narrowestName: Math.min(...names),
      overflowsSideways: scroller.scrollWidth > scroller.clientWidth + 1,
      rows: rows.length,
    };
  });

describe('the catalog table', () => {
  it('stays readable at 1024×700 and 1400×900: the name keeps its width, money is never cut, Add stays in view', async () => {
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
      expect(layout.headers.map((header) => header.name), size).toEqual(expect.arrayContaining(['Product', 'Case', 'Stock']));
      expect(layout.headers.filter((header) => header.cut || header.width < 24), size).toEqual([]);
      expect(layout.headers.find((header) => header.name === 'Product')!.width, size).toBeGreaterThanOrEqual(180);
      expect(layout.narrowestName, size).toBeGreaterThanOrEqual(160);
      expect(layout.money.length, size).toBeGreaterThan(0);
      expect(layout.money.filter((cell) => cell.cut), size).toEqual([]);
      expect(layout.money.some((cell) => parseCents(cell.text) >= 100_000), size).toBe(true);
      expect(layout.addButtonsInside, size).toBe(true);
      expect(layout.overflowsSideways, size).toBe(false);
    }
    // At 1400 px the photo and the minimum give way to "Last ordered"; a wider window shows every column.
    expect((await tableLayout(page)).headers.map((header) => header.name)).toEqual(['Product', 'Vintage', 'Size', 'Case', 'Bottle', 'Stock', 'Last ordered', 'Add to cart']);
    await page.setViewportSize({ width: 1600, height: 900 });
    await expect.poll(async () => (await tableLayout(page)).headers.map((header) => header.name)).toEqual(['Photo', 'Product', 'Vintage', 'Size', 'Case', 'Bottle', 'Min.', 'Stock', 'Last ordered', 'Add to cart']);
    expect((await tableLayout(page)).overflowsSideways).toBe(false);
    problems.assertNone('the table in a narrow and a wide window');
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

    await header('Vintage').getByRole('button').click();
    await expect.poll(() => header('Vintage').getAttribute('aria-sort')).toBe('descending');
    const years = (await columnTexts(page, 'Vintage')).filter((text) => text !== 'NV').map(Number);
    expect(years.length).toBeGreaterThan(0);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    await header('Vintage').getByRole('button').click();
    await expect.poll(() => header('Vintage').getAttribute('aria-sort')).toBe('ascending');

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
