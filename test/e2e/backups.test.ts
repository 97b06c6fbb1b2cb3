import { describe, expect, it } from 'vitest';
import { suggestBackups } from '../../shared/backup-suggestions';
import { formatCents, formatWineName } from '../../shared/format';
import { orderableNow } from '../../shared/orderable';
import type { CatalogProduct } from '../../shared/schemas';
import { useE2eApp } from '../support/e2e-suite';
import { addFromCatalog, goTo, openReceipts, waitForCatalog, WAIT } from '../support/e2e-screens';

const app = useE2eApp({ catalogSize: 150, shipAfterSeconds: 600, deliverAfterSeconds: 600 });

/** A wine with a name no other wine has, and the first backup the app suggests for it, which can take its minimum. */
async function wineWithBackup(): Promise<{ item: CatalogProduct; backup: CatalogProduct }> {
  const products = await app().service.allProducts();
  for (const item of products) {
    if (products.filter((other) => other.name === item.name).length !== 1 || !orderableNow(item)) continue;
    const [backup] = suggestBackups(item, products, new Set([item.id]));
    if (backup && backup.minimum_order <= item.minimum_order && backup.inventory_available >= item.minimum_order) return { item, backup };
  }
  throw new Error('the demo catalog has no wine with a backup to suggest');
}

describe('backups (issue 26)', () => {
  it('a cart line names a backup; its wine runs out before the order is sent; the order comes with the backup, and says so', async () => {
    const { page, problems, screenshot, close } = await app().openPage();
    await page.setViewportSize({ width: 1024, height: 768 });
    const { item, backup } = await wineWithBackup();
    await waitForCatalog(page, app().catalogSize);
    await addFromCatalog(page, item);
    await goTo(page, 'Cart');

    const shownName = formatWineName({ name: item.name, vintage: item.vintage, sizeMl: item.size_ml });
    const picker = page.getByRole('combobox', { name: `If ${shownName} runs out, send instead` });
    await picker.locator(`option[value="${backup.id}"]`).waitFor({ state: 'attached', timeout: WAIT.short });
    await picker.selectOption(backup.id);
    const backupName = formatWineName({ name: backup.name, vintage: backup.vintage, sizeMl: backup.size_ml });
    await page.getByText(`${backupName}, ${formatCents(backup.case_price_cents)} per case: the same number of cases is sent, at its own price, when this wine is short.`).waitFor({ timeout: WAIT.short });
    // At 1024 px the choice's long names leave the line's total and its Remove button on one line each.
    const line = page.getByRole('listitem').filter({ has: picker });
    for (const box of [await line.locator('.line-total').boundingBox(), await line.getByRole('button', { name: /^Remove / }).boundingBox()]) {
      expect(box && box.width > box.height).toBe(true);
    }
    await screenshot('cart-backup-chosen');

    // Another buyer takes every case left of the wine before this order reaches the service.
    const left = (await app().service.product(item.id)).inventory_available;
    await app().service.placeOrder({ supplier_id: item.supplier.id, items: [{ product_id: item.id, quantity: left }], shipping_address: { street1: '1 Other St', city: 'Napa', state: 'CA', zip: '94558' } });
    expect((await app().service.product(item.id)).inventory_available).toBe(0);

    await page.getByRole('button', { name: 'Place order', exact: true }).click();
    await page.getByText('Your cart is empty').waitFor({ timeout: WAIT.short });
    await openReceipts(page);
    const receipt = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Order to ${item.supplier.name}: Confirmed` }) });
    await receipt.waitFor({ timeout: WAIT.fulfilment });
    const link = receipt.getByRole('link', { name: /^order / });
    const number = ((await link.textContent()) ?? '').replace(/^order /, '');
    const placed = (await app().service.orders()).data.find((order) => order.order_number === number);
    if (!placed) throw new Error(`The service has no order ${number}`);
    const order = await app().service.order(placed.id);
    expect(order.items).toHaveLength(1);
    expect(order.items[0]).toMatchObject({
      product_id: backup.id,
      quantity: item.minimum_order,
      unit_price_cents: backup.case_price_cents,
      substitution: { requested_product_id: item.id, requested_product_name: item.name, reason: 'out_of_stock' },
    });
    expect(order.timeline.map((entry) => entry.event)).toEqual(['order_placed', 'item_substituted', 'order_confirmed']);

    await link.click();
    await page.getByRole('heading', { name: new RegExp(`Order ${number}`), level: 1 }).waitFor({ timeout: WAIT.short });
    await page.getByText(`Backup for ${item.name}, which was out of stock.`).first().waitFor({ timeout: WAIT.short });
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await timeline.getByText('Backup sent').waitFor({ timeout: WAIT.short });
    await timeline.getByText(`${backup.name} sent instead of ${item.name} (out of stock).`).waitFor({ timeout: WAIT.short });
    await screenshot('order-backup-sent');
    problems.assertNone('the backup journey');
    await close();
  });
});
