import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { CatalogProduct } from '../../shared/schemas';
import { blockingViolations, formatViolations, runAxe } from '../support/e2e-axe';
import type { ProbeElement, ProbeWindow } from '../support/e2e-dom';
import { useE2eApp } from '../support/e2e-suite';
import { addFromCatalog, goTo, waitForCatalog, WAIT } from '../support/e2e-screens';

// Tracking links as `npm run web` opens them: in a new tab of the page's own browser.
const app = useE2eApp({ catalogSize: 120, linksOpenInPage: true });

const NARROW = { width: 1024, height: 700 };
const WIDE = { width: 1400, height: 900 };

/** Products that can be ordered, each with a name of its own, so a search finds it alone. */
async function orderable(count: number): Promise<CatalogProduct[]> {
  const products = await app().service.allProducts();
  const picked = products.filter(
    (product) => product.inventory_available >= product.minimum_order && products.filter((other) => other.name === product.name).length === 1,
  );
  // Different suppliers: each becomes its own order in the cart, so the cart is long.
  const bySupplier = new Map<string, CatalogProduct>();
  for (const product of picked) if (!bySupplier.has(product.supplier.id)) bySupplier.set(product.supplier.id, product);
  const chosen = [...bySupplier.values()].slice(0, count);
  if (chosen.length < count) throw new Error(`The demo catalog has fewer than ${count} orderable products of different suppliers`);
  return chosen;
}

/** The header's box, and where it is after the window has scrolled down. */
const headerBox = (page: Page) =>
  page.evaluate(() => {
    const win = globalThis as unknown as ProbeWindow;
    const box = win.document.querySelector('.app-header')!.getBoundingClientRect();
    return { top: box.top, height: box.height, bottom: box.bottom, scrollY: win.scrollY };
  });

describe('the screens a buyer orders from, at 1024×700 and 1400×900', () => {
  it('keeps the header on one line and in view while a long screen scrolls; a barcode note does not grow it', async () => {
    const { page, problems, close } = await app().openPage();
    await waitForCatalog(page, app().catalogSize);
    for (const viewport of [NARROW, WIDE]) {
      await page.setViewportSize(viewport);
      // A long screen: a webhook with its recent deliveries, and the form to register another.
      await goTo(page, 'Webhooks');
      await page.getByRole('table', { name: /^Deliveries to / }).first().waitFor();
      const atTop = await headerBox(page);
      expect(atTop.height, `${viewport.width}: one line`).toBeLessThanOrEqual(64);
      await page.evaluate(() => (globalThis as unknown as ProbeWindow).scrollTo(0, 400));
      await expect.poll(async () => (await headerBox(page)).scrollY, { message: `${viewport.width}: the screen scrolls` }).toBeGreaterThan(0);
      const scrolled = await headerBox(page);
      expect(scrolled.top, `${viewport.width}: sticky`).toBe(0);
      expect(scrolled.height).toBe(atTop.height);
      await page.evaluate(() => (globalThis as unknown as ProbeWindow).scrollTo(0, 0));

      await page.getByRole('search', { name: 'Barcode' }).getByRole('textbox').fill('000000000000');
      await page.getByRole('button', { name: 'Add by code' }).click();
      await page.locator('.barcode-feedback').filter({ hasText: /\S/ }).waitFor();
      expect((await headerBox(page)).height, `${viewport.width}: the note sits under the header`).toBe(atTop.height);
      await page.getByRole('search', { name: 'Barcode' }).getByRole('textbox').fill('');
    }
    problems.assertNone('the header at two widths');
    await close();
  });

  it('leaves most of a long cart in view at 1024×700 under the sticky header and above the sticky place-order bar', async () => {
    const view = await app().openPage();
    const { page, problems, close } = view;
    await waitForCatalog(page, app().catalogSize);
    for (const product of await orderable(3)) await addFromCatalog(page, product);
    await page.setViewportSize(NARROW);
    await goTo(page, 'Cart');
    await page.getByRole('heading', { level: 2, name: /^Order from / }).first().waitFor();
    await page.evaluate(() => (globalThis as unknown as ProbeWindow).scrollTo(0, 300));
    const layout = await page.evaluate(() => {
      const win = globalThis as unknown as ProbeWindow;
      const header = win.document.querySelector('.app-header')!.getBoundingClientRect();
      const bar = win.document.querySelector('.place-orders')!.getBoundingClientRect();
      return { headerTop: header.top, headerBottom: header.bottom, barTop: bar.top, barBottom: bar.bottom, height: win.innerHeight };
    });
    // The header is still there (sticky), one line high; the bar sits at the window's bottom.
    expect(layout.headerTop).toBe(0);
    expect(layout.headerBottom).toBeLessThanOrEqual(64);
    expect(layout.barBottom).toBeLessThanOrEqual(layout.height + 0.5);
    // The cart shows between the two: at least three quarters of the window (the issue saw ~450 of 700 px).
    expect(layout.barTop - layout.headerBottom).toBeGreaterThanOrEqual(0.75 * layout.height);
    await page.getByRole('button', { name: 'Place 3 orders' }).waitFor();
    problems.assertNone('a long cart at 1024×700');
    await close();
  });

  it('never cuts a long note: 3,000 characters stay, the count and the limit say so, and nothing is placed', async () => {
    const { page, problems, bridgeCalls, close } = await app().openPage();
    await page.setViewportSize(NARROW);
    await waitForCatalog(page, app().catalogSize);
    const [product] = await orderable(1);
    await addFromCatalog(page, product!);
    await goTo(page, 'Cart');
    const notes = page.getByRole('textbox', { name: `Notes for ${product!.supplier.name}` });
    await notes.fill('n'.repeat(3000));
    expect((await notes.inputValue()).length).toBe(3000);
    await page.getByText('3,000 of 2,000 characters').waitFor();
    await page.getByText(/shorten them by 1,000 before placing\. Nothing was cut\./).waitFor();
    await page.keyboard.press('Control+Enter');
    await page.getByRole('list', { name: 'Before placing the orders' }).getByText(`Fix the notes for ${product!.supplier.name}.`).waitFor();
    expect(bridgeCalls.filter((call) => call.method === 'submitOrders')).toEqual([]);

    // Light and dark: the warnings of this screen stay readable (axe's contrast rules among them).
    await page.getByRole('radio', { name: 'Another address' }).check();
    await page.getByRole('combobox', { name: 'State' }).selectOption('NY');
    await page.getByRole('textbox', { name: 'ZIP code' }).fill('94607');
    await page.getByText('ZIP code 94607 is in California, but the state is New York. Check the state or the ZIP code.').waitFor();
    const reports: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const blocking = blockingViolations(await runAxe(page));
      if (blocking.length > 0) reports.push(formatViolations(`cart with warnings (${scheme})`, blocking));
    }
    await page.emulateMedia({ colorScheme: 'light' });
    expect(reports, reports.join('\n\n')).toEqual([]);
    problems.assertNone('a note over the limit');
    await close();
  });

  it('shows when each order was placed on one line at 1024 px, and the orders table within the window', async () => {
    const { page, problems, close } = await app().openPage();
    await page.setViewportSize(NARROW);
    await goTo(page, 'Orders');
    const table = page.getByRole('tabpanel').getByRole('table');
    await table.waitFor();
    const cells = await table.evaluate((element) => {
      const win = globalThis as unknown as ProbeWindow;
      const tableElement = element as unknown as ProbeElement;
      const lineHeight = Number.parseFloat(win.getComputedStyle(tableElement.querySelector('td.placed')!).lineHeight);
      return {
        placed: [...tableElement.querySelectorAll('td.placed time')].map((time) => ({ text: time.textContent ?? '', lines: time.getBoundingClientRect().height / lineHeight })),
        tableRight: tableElement.getBoundingClientRect().right,
        windowWidth: win.innerWidth,
      };
    });
    expect(cells.placed.length).toBeGreaterThan(0);
    expect(cells.placed.filter((cell) => cell.lines > 1.2)).toEqual([]);
    expect(cells.tableRight).toBeLessThanOrEqual(cells.windowWidth);
    problems.assertNone('the orders table at 1024 px');
    await close();
  });

  it("shows the supplier search's placeholder whole at 1400 and 1024 px", async () => {
    const { page, problems, close } = await app().openPage();
    await goTo(page, 'Suppliers');
    const search = page.getByRole('searchbox', { name: 'Search suppliers' });
    for (const viewport of [WIDE, NARROW]) {
      await page.setViewportSize(viewport);
      const fit = await search.evaluate((element) => {
        const win = globalThis as unknown as ProbeWindow & {
          document: { createElement(tag: 'canvas'): { getContext(kind: '2d'): { font: string; measureText(text: string): { width: number } } } };
        };
        const input = element as unknown as ProbeElement & { placeholder: string };
        const style = win.getComputedStyle(input);
        const context = win.document.createElement('canvas').getContext('2d');
        context.font = style.font;
        const room = input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
        return { text: input.placeholder, needed: context.measureText(input.placeholder).width, room };
      });
      expect(fit.text).toBe('Name, town, state or wine region');
      expect(fit.needed, `${viewport.width}: the placeholder fits`).toBeLessThanOrEqual(fit.room);
    }
    problems.assertNone('the supplier search');
    await close();
  });

  it('opens "Track with …" in a new tab of the browser, not with "This window cannot open your browser"', async () => {
    const { page, context, problems, close } = await app().openPage();
    const { data: orders } = await app().service.orders();
    const tracked = await (async () => {
      for (const order of orders) {
        const detail = await app().service.order(order.id);
        if (detail.tracking) return detail;
      }
      throw new Error('The demo buyer has no order with tracking');
    })();
    // The carrier's page is not on this machine's network: the new tab gets a stand-in.
    await context.route(tracked.tracking!.tracking_url, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Tracking</title><p>On its way</p>' }));
    await goTo(page, 'Orders');
    await page.getByRole('link', { name: tracked.order_number }).click();
    await page.getByRole('heading', { level: 2, name: 'Tracking' }).waitFor();
    const [tab] = await Promise.all([
      context.waitForEvent('page', { timeout: WAIT.short }),
      page.getByRole('button', { name: new RegExp(`^Track with ${tracked.tracking!.carrier}`) }).click(),
    ]);
    await tab.waitForURL(tracked.tracking!.tracking_url);
    // The carrier's page cannot reach back into the app.
    expect(await tab.evaluate(() => (globalThis as unknown as { opener: unknown }).opener)).toBeNull();
    await page.getByText('Opened in a new tab.').waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    await tab.close();
    problems.assertNone('opening a tracking page');
    await close();
  });

  it('shows the catalog table as a buyer orders from it at 1024×700 (photographed)', async () => {
    const view = await app().openPage();
    await view.page.setViewportSize(NARROW);
    await waitForCatalog(view.page, app().catalogSize);
    await app().shell.core.whenIdle();
    await view.page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Table' }).click();
    await view.page.getByRole('table', { name: 'Products' }).waitFor();
    await view.screenshot('catalog-table');
    view.problems.assertNone('the catalog table at 1024×700');
    await view.close();
  });

  // Last: it stops the service.
  it('Settings → Offline copy follows the connection while it is open: no "Online · idle" under an offline banner', async () => {
    const { page, problems, close } = await app().openPage();
    await waitForCatalog(page, app().catalogSize);
    await goTo(page, 'Settings');
    const panel = page.getByRole('region', { name: 'Offline copy' });
    await panel.getByText(/^Online · /).waitFor({ timeout: WAIT.sync });
    await app().stopService();
    problems.allow(/\/product-images\/prod_/);
    await page.getByRole('status').filter({ hasText: 'You are offline.' }).waitFor({ timeout: WAIT.fulfilment });
    await panel.getByText(/^Offline · syncs again when the service can be reached/).waitFor({ timeout: WAIT.short });
    expect(await panel.getByText(/^Online · /).count()).toBe(0);
    await app().startService();
    await panel.getByText(/^Online · /).waitFor({ timeout: WAIT.fulfilment });
    problems.clear();
    await close();
  });
});
