import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { CatalogProduct } from '../../shared/schemas';
import { useE2eApp } from '../support/e2e-suite';
import { addFromCatalog, goTo, navLink, openReceipts, parseCents, searchField, waitForCatalog, WAIT } from '../support/e2e-screens';

const app = useE2eApp({ catalogSize: 300, shipAfterSeconds: 3, deliverAfterSeconds: 3, core: { syncIntervalMs: 2_000 } });
let picked: Promise<CatalogProduct[]> | null = null;
/** Each journey orders its own products, so one journey's orders never change another's stock. */
const picks = () => (picked ??= app().service.allProducts().then((products) => orderableFromDistinctSuppliers(products, 4)));

/** Orderable products with a name no other product has, one per supplier, cheapest first. */
function orderableFromDistinctSuppliers(products: readonly CatalogProduct[], count: number): CatalogProduct[] {
  const chosen = new Map<string, CatalogProduct>();
  const candidates = products
    .filter((product) => product.inventory_available >= product.minimum_order)
    .filter((product) => products.filter((other) => other.name === product.name).length === 1)
    .sort((a, b) => a.case_price_cents * a.minimum_order - b.case_price_cents * b.minimum_order);
  for (const product of candidates) {
    if (!chosen.has(product.supplier.id)) chosen.set(product.supplier.id, product);
    if (chosen.size === count) break;
  }
  if (chosen.size < count) throw new Error(`The demo catalog has no ${count} orderable products from different suppliers`);
  return [...chosen.values()];
}

/**
 * Places the cart's orders once the cart screen has settled: the outbox above the cart loads on
 * its own and pushes the button down, so a click before that could land elsewhere.
 */
async function placeOrders(page: Page, button: string, products: readonly CatalogProduct[]) {
  for (const product of products) await page.getByRole('heading', { level: 2, name: `Order from ${product.supplier.name}` }).waitFor();
  await page.getByText('Reading the outbox…').waitFor({ state: 'detached' });
  await page.getByRole('button', { name: button, exact: true }).click();
  // Each order leaves the cart for the outbox: waiting, or already confirmed among the (collapsed) receipts.
  for (const product of products) {
    await page.getByRole('heading', { level: 2, name: `Order from ${product.supplier.name}` }).waitFor({ state: 'detached' });
    // A receipt in the collapsed Receipts is hidden, and role queries skip hidden elements unless told.
    await outboxEntry(page, product.supplier.name, '', { includeHidden: true }).first().waitFor({ state: 'attached' });
  }
}

/** The outbox entry of the order to a supplier, once it shows the given state (`includeHidden`: also in the collapsed receipts). */
function outboxEntry(page: Page, supplierName: string, state: string, { includeHidden = false } = {}) {
  const name = state ? `Order to ${supplierName}: ${state}` : new RegExp(`^Order to ${escapeRegExp(supplierName)}: `);
  return page.getByRole('listitem', { includeHidden }).filter({ has: page.getByRole('heading', { name, includeHidden }) });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Waits for the outbox to confirm the order to a supplier; returns the order number its receipt shows. */
async function confirmedOrderNumber(page: Page, supplierName: string): Promise<string> {
  const entry = outboxEntry(page, supplierName, 'Confirmed');
  await openReceipts(page);
  await entry.waitFor({ timeout: WAIT.fulfilment });
  const link = entry.getByRole('link', { name: /^order / });
  return ((await link.textContent()) ?? '').replace(/^order /, '').trim();
}

async function shownTotalCents(page: Page, supplierName: string): Promise<number> {
  const text = await outboxEntry(page, supplierName, 'Confirmed').getByText(/ · total \$/).textContent();
  return parseCents((text ?? '').replace(/^.* · total /, ''));
}

describe('ordering', () => {
  it('a two-supplier cart is placed as two orders, each confirmed with the service’s totals', async () => {
    const { page, problems, close } = await app().openPage();
    const [first, second] = (await picks()) as [CatalogProduct, CatalogProduct];
    const ordersBefore = await app().service.orderCount();

    await waitForCatalog(page, app().catalogSize);
    await addFromCatalog(page, first);
    await addFromCatalog(page, second);

    await goTo(page, 'Cart');
    await placeOrders(page, 'Place 2 orders', [first, second]);

    for (const product of [first, second]) {
      const number = await confirmedOrderNumber(page, product.supplier.name);
      const order = (await app().service.orders()).data.find((candidate) => candidate.order_number === number);
      if (!order) throw new Error(`The service has no order ${number}`);
      expect(order.supplier.id).toBe(product.supplier.id);
      expect(await shownTotalCents(page, product.supplier.name)).toBe(order.total_cents);
    }
    expect(await app().service.orderCount()).toBe(ordersBefore + 2);
    await page.getByRole('heading', { name: 'Your cart is empty' }).or(page.getByText('Your cart is empty')).first().waitFor();

    problems.assertNone('placing a two-supplier cart');
    await close();
  });

  it('an order is followed to shipped and delivered, and its tracking link goes to the system browser', async () => {
    const { page, context, problems, bridgeCalls, close } = await app().openPage();
    const product = (await picks())[2] as CatalogProduct;

    await waitForCatalog(page, app().catalogSize);
    await addFromCatalog(page, product);
    await goTo(page, 'Cart');
    await placeOrders(page, 'Place order', [product]);
    const number = await confirmedOrderNumber(page, product.supplier.name);
    await outboxEntry(page, product.supplier.name, 'Confirmed').getByRole('link', { name: `order ${number}` }).click();

    const heading = page.getByRole('heading', { level: 1, name: new RegExp(`^Order ${number}\\b`) });
    await heading.waitFor();
    await page.getByRole('heading', { level: 1, name: `Order ${number} Shipped` }).waitFor({ timeout: WAIT.fulfilment });
    await page.getByRole('heading', { level: 2, name: 'Tracking' }).waitFor();
    await page.getByRole('heading', { level: 1, name: `Order ${number} Delivered` }).waitFor({ timeout: WAIT.fulfilment });

    const order = (await app().service.orders()).data.find((candidate) => candidate.order_number === number);
    const tracking = order ? (await app().service.order(order.id)).tracking : null;
    if (!tracking) throw new Error(`The service shows no tracking for order ${number}`);
    await page.getByText(tracking.tracking_number, { exact: true }).waitFor();

    const before = page.url();
    await page.getByRole('button', { name: new RegExp(`^Track with ${tracking.carrier}`) }).click();
    await expect.poll(() => bridgeCalls.filter((call) => call.method === 'openTrackingLink')).toEqual([
      { method: 'openTrackingLink', input: { url: tracking.tracking_url } },
    ]);
    expect(tracking.tracking_url.startsWith('https://')).toBe(true);
    await expect.poll(() => app().openedLinks).toContain(tracking.tracking_url);
    expect(page.url()).toBe(before);
    expect(context.pages()).toHaveLength(1);
    expect(await page.getByRole('alert').count()).toBe(0);

    problems.assertNone('following an order to delivery');
    await close();
  });

  it('offline: the cached catalog stays browsable, an order waits in the outbox and is confirmed exactly once when the service returns', async () => {
    const view = await app().openPage();
    const { page, problems, close } = view;
    const product = (await picks())[3] as CatalogProduct;
    await waitForCatalog(page, app().catalogSize);
    const ordersBefore = await app().service.orderCount();

    await app().stopService();
    // A photo that is not in the offline image cache yet is missing now; the page shows a placeholder.
    problems.allow(/\/product-images\/prod_/);
    const banner = page.getByRole('status').filter({ hasText: 'You are offline.' });
    await banner.waitFor({ timeout: WAIT.fulfilment });

    await searchField(page).fill(product.name);
    await page.getByRole('link', { name: product.name, exact: true }).first().click();
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await page.getByText(/^Product saved copy, checked with the service /).waitFor();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByText(/in the cart now\./).waitFor();

    await goTo(page, 'Cart');
    await placeOrders(page, 'Place order', [product]);
    await outboxEntry(page, product.supplier.name, 'Queued').waitFor();
    await banner.filter({ hasText: '(1 waiting now)' }).waitFor();
    await view.screenshot('cart-offline');
    await expect.poll(() => navLink(page, 'Cart').textContent()).toContain('1 in outbox');

    await app().startService();
    await confirmedOrderNumber(page, product.supplier.name);
    await banner.waitFor({ state: 'detached', timeout: WAIT.fulfilment });
    expect(await app().service.orderCount()).toBe(ordersBefore + 1);
    expect(await outboxEntry(page, product.supplier.name, 'Queued').count()).toBe(0);

    problems.assertNone('ordering offline');
    await close();
    expect(await app().service.orderCount()).toBe(ordersBefore + 1);
  });
});
