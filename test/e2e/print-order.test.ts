import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatCents } from '../../shared/format';
import type { CatalogProduct, Order } from '../../shared/schemas';
import { useE2eApp } from '../support/e2e-suite';
import { WAIT } from '../support/e2e-screens';
import { readPdfText } from '../support/pdf-text';

const app = useE2eApp({ catalogSize: 120, shipAfterSeconds: 1, deliverAfterSeconds: 600 });

async function openHash(page: Page, hash: string) {
  await page.evaluate((target) => {
    (globalThis as unknown as { location: { hash: string } }).location.hash = target;
  }, hash);
}

/** A shipped order of two lines, placed on the service as the demo buyer. */
async function shippedOrder(): Promise<Order> {
  const products = await app().service.allProducts();
  const bySupplier = new Map<string, CatalogProduct[]>();
  for (const product of products.filter((candidate) => candidate.inventory_available >= candidate.minimum_order)) {
    bySupplier.set(product.supplier.id, [...(bySupplier.get(product.supplier.id) ?? []), product]);
  }
  const lines = [...bySupplier.values()].find((list) => list.length >= 2)?.slice(0, 2);
  if (!lines) throw new Error('the demo catalog has no supplier with two orderable products');
  const placed = await app().service.placeOrder({
    supplier_id: lines[0]!.supplier.id,
    items: lines.map((product) => ({ product_id: product.id, quantity: product.minimum_order })),
    shipping_address: { street1: '500 Print Ave', city: 'Portland', state: 'OR', zip: '97201' },
    buyer_notes: 'Side door after 10',
  });
  let order = placed;
  const deadline = Date.now() + WAIT.fulfilment;
  while (order.status !== 'shipped' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    order = await app().service.order(placed.id);
  }
  if (!order.tracking) throw new Error(`order ${order.order_number} was not shipped in time`);
  return order;
}

describe('printing an order', () => {
  it('"Print / Save as PDF" opens the browser’s print in the shell, and the printed PDF is the order sheet alone', async () => {
    const { page, problems, bridgeCalls, screenshot, close } = await app().openPage();
    const order = await shippedOrder();
    const tracking = order.tracking!;

    await openHash(page, `#/orders/${order.id}`);
    await page.getByRole('heading', { level: 1, name: `Order ${order.order_number} Shipped` }).waitFor({ timeout: WAIT.short });
    // On screen the sheet is not shown: the screen is the order detail.
    expect(await page.locator('body > .order-sheet').isVisible()).toBe(false);

    // The browser's print dialog would block a headless page; count the calls instead.
    await page.evaluate(() => {
      const scope = globalThis as unknown as { print: () => void; printed: number };
      scope.printed = 0;
      scope.print = () => {
        scope.printed += 1;
      };
    });
    await page.getByRole('button', { name: 'Print / Save as PDF' }).click();
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as { printed: number }).printed)).toBe(1);
    expect(bridgeCalls.filter((call) => call.method === 'saveOrderSheetPdf')).toEqual([
      { method: 'saveOrderSheetPdf', input: { orderNumber: order.order_number } },
    ]);

    // What the print dialog would print: Chromium's own PDF of the page in print media.
    const pdf = await page.pdf({ preferCSSPageSize: true });
    const { pages, pageTexts } = await readPdfText(pdf);
    const text = pageTexts.join(' ');
    expect(pages).toBe(1);
    expect(text).toContain(`Order ${order.order_number}`);
    expect(text).toContain(order.supplier.name);
    expect(text).toContain('500 Print Ave');
    for (const item of order.items) expect(text).toContain(formatCents(item.total_cents));
    for (const label of ['Subtotal', 'Shipping', 'Platform fee', 'Total']) expect(text).toContain(label);
    expect(text).toContain(formatCents(order.subtotal_cents));
    expect(text).toContain(formatCents(order.total_cents));
    expect(text).toContain(tracking.tracking_number);
    expect(text).toContain('Notes: Side door after 10');
    // Nothing of the app around it: no navigation, no buttons, no status bar.
    for (const chrome of ['Catalog', 'Suppliers', 'Print / Save as PDF', 'Reorder into the cart', 'Timeline']) expect(text).not.toContain(chrome);

    await page.emulateMedia({ media: 'print' });
    await screenshot('order-sheet-print');
    await page.emulateMedia({ media: null });

    problems.assertNone('printing an order');
    await close();
  });
});
