import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ORDER_HISTORY_CSV_HEADERS } from '../../electron/core/order-history';
import { formatCents, formatDate } from '../../shared/format';
import type { Order } from '../../shared/schemas';
import { useE2eApp } from '../support/e2e-suite';
import { goTo, searchField, waitForCatalog, WAIT } from '../support/e2e-screens';

const app = useE2eApp({ catalogSize: 300 });

/** The browser runs in UTC (`newLightContext`), so an order's day is the UTC day of its time. */
const dayOf = (order: Order) => order.created_at.slice(0, 10);

/** The order numbers the Orders screen lists now, in order. */
const listedNumbers = (page: Page) => page.getByRole('tabpanel').locator('table.orders-table tbody tr td:first-child').allTextContents();

const totalShown = async (page: Page, term: string) =>
  (await page.getByLabel('Totals of these orders').locator('div', { has: page.locator('dt', { hasText: new RegExp(`^${term}$`) }) }).locator('dd').textContent()) ?? '';

describe('the order history', () => {
  it('filters the orders by days placed, supplier and search, totals them and exports them as CSV (read back line by line)', async () => {
    const view = await app().openPage();
    const { page, problems, close } = view;
    await waitForCatalog(page, app().catalogSize);
    // The first sync (with each order's detail) is done: the history reads only the offline copy.
    await app().shell.core.whenIdle();
    const listed = (await app().service.orders()).data;
    const orders = await Promise.all(listed.map((order) => app().service.order(order.id)));
    expect(orders.length).toBeGreaterThanOrEqual(5);
    const newestFirst = [...orders].sort((a, b) => b.created_at.localeCompare(a.created_at));

    // The days of the five oldest orders.
    const oldest = [...newestFirst].reverse();
    const from = dayOf(oldest[0]!);
    const to = dayOf(oldest[4]!);
    expect(from < to).toBe(true);
    const inRange = newestFirst.filter((order) => dayOf(order) >= from && dayOf(order) <= to);

    await goTo(page, 'Orders');
    await page.getByRole('tabpanel').locator('table.orders-table').waitFor({ timeout: WAIT.short });
    // An order number is one line, also at 1024 px (it used to break at its hyphen).
    await page.setViewportSize({ width: 1024, height: 700 });
    const numberLines = await page
      .getByRole('tabpanel')
      .locator('table.orders-table tbody tr td:first-child a')
      .first()
      .evaluate((link) => (link as unknown as { getClientRects(): { length: number } }).getClientRects().length);
    expect(numberLines).toBe(1);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByLabel('Placed from').fill(from);
    await page.getByLabel('Placed to').fill(to);
    await expect.poll(() => listedNumbers(page)).toEqual(inRange.map((order) => order.order_number));
    const bought = inRange.filter((order) => order.status !== 'cancelled');
    expect(await totalShown(page, 'Total')).toBe(formatCents(bought.reduce((sum, order) => sum + order.total_cents, 0)));
    expect(await totalShown(page, 'Subtotal')).toBe(formatCents(bought.reduce((sum, order) => sum + order.subtotal_cents, 0)));
    // The picture shows the filter at rest, not a field being edited.
    await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { blur?: () => void } | null } }).document.activeElement?.blur?.());
    await view.screenshot('order-history');

    // Export: the browser shell has no save dialog, so the page downloads the file.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /^Export [0-9]+ orders? as CSV$/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`orders-${from}-to-${to}.csv`);
    const csv = await readFile((await download.path())!, 'utf8');
    const parsed = Papa.parse<string[]>(csv, { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    const [headers, ...rows] = parsed.data;
    expect(headers).toEqual([...ORDER_HISTORY_CSV_HEADERS]);
    const expectedRows = inRange.flatMap((order) =>
      order.items.map((item) => [
        order.order_number,
        dayOf(order),
        order.status,
        order.supplier.name,
        item.product_name,
        // A line of bottles (a split case) counts no cases: its bottles are in their own column.
        item.unit === 'bottle' ? '' : String(item.quantity),
        (item.unit_price_cents / 100).toFixed(2),
        (item.total_cents / 100).toFixed(2),
        (order.shipping_cents / 100).toFixed(2),
        (order.platform_fee_cents / 100).toFixed(2),
        (order.total_cents / 100).toFixed(2),
        item.unit === 'bottle' ? String(item.quantity) : '',
        // A line filled with its backup names the wine asked for.
        item.substitution?.requested_product_name ?? '',
      ]),
    );
    expect(rows.map((row) => [...row.slice(0, 5), ...row.slice(7)])).toEqual(expectedRows);
    // Vintage and size come from the catalog.
    const products = new Map((await app().service.allProducts()).map((product) => [product.id, product]));
    expect(rows.map((row) => [row[5], row[6]])).toEqual(
      inRange.flatMap((order) => order.items.map((item) => [String(products.get(item.product_id)!.vintage ?? 'NV'), String(products.get(item.product_id)!.size_ml)])),
    );
    await page.getByText(new RegExp(`^Downloaded orders-${from}-to-${to}\\.csv \\(${rows.length} rows?\\)\\.$`)).waitFor();

    // A supplier narrows the range further; a search finds one order by its number, and one by a product.
    const supplier = inRange[0]!.supplier;
    await page.getByLabel('Supplier').selectOption({ label: supplier.name });
    await expect.poll(() => listedNumbers(page)).toEqual(inRange.filter((order) => order.supplier.id === supplier.id).map((order) => order.order_number));
    await page.getByLabel('Supplier').selectOption({ label: 'All suppliers' });
    const wanted = inRange[1]!;
    await page.getByLabel('Search orders').fill(wanted.order_number);
    await expect.poll(() => listedNumbers(page)).toEqual([wanted.order_number]);
    const product = wanted.items[0]!.product_name;
    await page.getByLabel('Search orders').fill(product);
    await expect.poll(() => listedNumbers(page)).toEqual(
      inRange.filter((order) => order.items.some((item) => item.product_name.toLowerCase().includes(product.toLowerCase()))).map((order) => order.order_number),
    );
    await page.getByLabel('Search orders').fill('');
    const shownBefore = inRange.map((order) => order.order_number);
    await expect.poll(() => listedNumbers(page)).toEqual(shownBefore);

    // Bad input: a message under the field, the list of the last right filter stays, nothing breaks.
    await page.getByLabel('Placed from').fill(to);
    await page.getByLabel('Placed to').fill(from);
    await page.getByText('The end date is before the start date.').waitFor();
    expect(await page.getByLabel('Placed to').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Placed from').fill(from);
    await page.getByLabel('Placed to').fill(to);
    await page.getByLabel('Search orders').fill('\u0007\u001b\u0001');
    await page.getByText('The search cannot contain control characters such as tab or line breaks.').waitFor();
    await page.getByLabel('Search orders').fill('w'.repeat(10_240));
    await page.getByText('Search for at most 200 characters.').waitFor();
    expect(await listedNumbers(page)).toEqual(shownBefore);
    await page.getByLabel('Search orders').fill('');
    // A date typed only in part is no date: the field says so when left.
    await page.getByLabel('Placed to').fill('');
    const fromOnwards = newestFirst.filter((order) => dayOf(order) >= from).map((order) => order.order_number);
    await expect.poll(() => listedNumbers(page)).toEqual(fromOnwards);
    await page.getByLabel('Placed to').focus();
    await page.keyboard.type('02');
    await page.getByLabel('Search orders').focus();
    await page.getByText('Enter a whole date, like 2026-03-31.').waitFor();
    expect(await page.getByLabel('Placed to').getAttribute('aria-invalid')).toBe('true');
    expect(await listedNumbers(page)).toEqual(fromOnwards);
    expect(view.bridgeCalls.filter((call) => call.method === 'listOrderHistory' || call.method === 'exportOrderHistory').map((call) => call.input as { search?: string })
      .filter((input) => (input.search?.length ?? 0) > 200)).toEqual([]);
    await page.getByRole('button', { name: 'Clear filter' }).click();
    await expect.poll(() => listedNumbers(page)).toEqual(newestFirst.map((order) => order.order_number));

    // "Last ordered" on a product of the newest order not cancelled, from the same offline copy.
    const newestBought = newestFirst.find((order) => order.status !== 'cancelled')!;
    const line = newestBought.items[0]!;
    await page.evaluate((target) => {
      (globalThis as unknown as { location: { hash: string } }).location.hash = target;
    }, `#/product/${line.product_id}`);
    await page.getByText(/^Last ordered /).waitFor({ timeout: WAIT.short });
    expect(await page.getByText(/^Last ordered /).textContent()).toContain(`(order ${newestBought.order_number})`);

    // … and in the catalog's table, in a 1400 px window: the day, the cases and the case price paid.
    await page.setViewportSize({ width: 1400, height: 900 });
    await goTo(page, 'Catalog');
    await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Table' }).click();
    await searchField(page).fill(line.product_name);
    const row = page.getByRole('table', { name: 'Products' }).getByRole('row').filter({ has: page.getByRole('link', { name: line.product_name, exact: true }) }).first();
    await expect.poll(() => row.locator('td.c-last').textContent(), { timeout: WAIT.short }).toBe(
      `${formatDate(newestBought.created_at)}${line.quantity} × ${formatCents(line.unit_price_cents)}`,
    );
    expect(await row.locator('td.c-last').isVisible()).toBe(true);

    // Offline the history answers the same, from the offline copy, and says how old it is.
    await app().stopService();
    problems.allow(/\/product-images\/prod_/);
    await page.getByRole('status').filter({ hasText: 'You are offline.' }).waitFor({ timeout: WAIT.fulfilment });
    await goTo(page, 'Orders');
    await page.getByLabel('Search orders').fill(wanted.order_number);
    await expect.poll(() => listedNumbers(page)).toEqual([wanted.order_number]);
    await page.getByText(/^Orders saved copy, checked with the service /).waitFor();
    expect(await totalShown(page, 'Total')).toBe(wanted.status === 'cancelled' ? formatCents(0) : formatCents(wanted.total_cents));

    problems.assertNone('filtering and exporting the order history');
    await close();
  });
});
