import { createServer, type Server } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCases } from '../../shared/format';
import type { CatalogProduct, Webhook } from '../../shared/schemas';
import { useE2eApp } from '../support/e2e-suite';
import { goTo, searchField, waitForCatalog, WAIT } from '../support/e2e-screens';

/**
 * The service's extensions in the app (issue 15), against the embedded demo service (which offers
 * them): cancel an order and see its stock back in the catalog; see a failed delivery, send a
 * test event and see it succeed; pause and resume a webhook.
 */
const app = useE2eApp({ catalogSize: 300, shipAfterSeconds: 3600, deliverAfterSeconds: 3600, core: { syncIntervalMs: 2_000 } });

/** A webhook receiver on 127.0.0.1 that answers with `status` (500 until told otherwise). */
let receiver: Server;
let receiverUrl = '';
let status = 500;
const received: string[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received.push(String(request.headers['webhook-id']));
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  receiverUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hook`;
});

afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

async function openHash(page: Page, hash: string) {
  await page.evaluate((target) => {
    (globalThis as unknown as { location: { hash: string } }).location.hash = target;
  }, hash);
}

/** A product no other shares a name with, with stock for several orders. */
async function orderable(): Promise<CatalogProduct> {
  const products = await app().service.allProducts();
  const product = products.find(
    (candidate) => candidate.inventory_available >= candidate.minimum_order * 4 && products.filter((other) => other.name === candidate.name).length === 1,
  );
  if (!product) throw new Error('no orderable product in the demo catalog');
  return product;
}

async function stockInCatalog(page: Page, product: CatalogProduct): Promise<string | null> {
  await searchField(page).fill(product.name);
  const card = page.locator('.product-card').filter({ has: page.getByRole('link', { name: product.name, exact: true }) });
  await card.first().waitFor({ timeout: WAIT.short });
  return card.first().getByText(/in stock|Out of stock/).textContent();
}

describe('service extensions in the app', () => {
  it('cancels a confirmed order after confirming, and the catalog shows its stock back after the sync', async () => {
    const { page, problems, close } = await app().openPage();
    await waitForCatalog(page, app().catalogSize);
    const product = await orderable();
    const before = (await app().service.product(product.id)).inventory_available;
    const order = await app().service.placeOrder({
      supplier_id: product.supplier.id,
      items: [{ product_id: product.id, quantity: product.minimum_order }],
      shipping_address: { street1: '1 Main St', city: 'Portland', state: 'OR', zip: '97201' },
    });
    const taken = before - product.minimum_order;
    await goTo(page, 'Catalog');
    await expect.poll(() => stockInCatalog(page, product), { timeout: WAIT.sync, message: 'the catalog shows the order took stock' }).toContain(formatCases(taken));

    await openHash(page, `#/orders/${order.id}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(`Order ${order.order_number}`) }).waitFor();
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('alertdialog', { name: `Cancel order ${order.order_number}?` });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(order.order_number);
    await dialog.getByRole('button', { name: 'Cancel this order' }).click();
    await page.getByRole('heading', { level: 1, name: new RegExp(`Order ${order.order_number} Cancelled`) }).waitFor({ timeout: WAIT.short });
    await page.getByRole('region', { name: 'Timeline' }).getByText('Cancelled').waitFor();

    expect((await app().service.order(order.id)).status).toBe('cancelled');
    expect((await app().service.product(product.id)).inventory_available).toBe(before);
    await goTo(page, 'Catalog');
    await expect.poll(() => stockInCatalog(page, product), { timeout: WAIT.sync, message: 'the catalog shows the stock back' }).toContain(formatCases(before));

    await goTo(page, 'Orders');
    await page.getByRole('tab', { name: 'Cancelled' }).click();
    await page.getByRole('link', { name: order.order_number }).waitFor({ timeout: WAIT.short });
    problems.assertNone('cancelling an order');
    await close();
  });

  it('shows a failed delivery, sends a test event that succeeds, and pauses and resumes', async () => {
    const webhook = await app().service.createWebhook({ url: receiverUrl, events: ['order.cancelled'] });
    const { page, problems, close } = await app().openPage();
    await goTo(page, 'Webhooks');
    await page.getByText(receiverUrl).first().waitFor({ timeout: WAIT.short });
    await expect.poll(async () => (await page.getByText(/Listens to: order\.cancelled/).count()) > 0).toBe(true);

    // The receiver fails: the test event is reported failed, and the list shows it standing out.
    status = 500;
    await page.getByRole('button', { name: `Send test event to ${receiverUrl}` }).click();
    await page.getByText('Test event: Failed: HTTP 500').waitFor({ timeout: WAIT.short });
    const deliveries = page.getByRole('table', { name: `Deliveries to ${receiverUrl}` });
    const failedRow = deliveries.locator('tr.delivery-failing');
    await failedRow.first().waitFor({ timeout: WAIT.short });
    expect(await failedRow.first().textContent()).toContain('Failed: HTTP 500');

    // It answers again: the next test event succeeds.
    status = 204;
    await page.getByRole('button', { name: `Send test event to ${receiverUrl}` }).click();
    await page.getByText(/Test event: Delivered \(HTTP 204\)/).waitFor({ timeout: WAIT.short });
    await expect.poll(() => deliveries.locator('tbody tr').count()).toBe(2);
    expect(received).toHaveLength(2);

    const activeOnService = async () => (await app().service.webhooks()).data.find((candidate: Webhook) => candidate.id === webhook.id)?.active;
    await page.getByRole('button', { name: `Pause webhook ${receiverUrl}` }).click();
    await page.getByRole('button', { name: `Resume webhook ${receiverUrl}` }).waitFor({ timeout: WAIT.short });
    expect(await activeOnService()).toBe(false);
    expect(await page.getByRole('button', { name: `Send test event to ${receiverUrl}` }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: `Resume webhook ${receiverUrl}` }).click();
    await page.getByRole('button', { name: `Pause webhook ${receiverUrl}` }).waitFor({ timeout: WAIT.short });
    expect(await activeOnService()).toBe(true);
    // The failed test event's 500 is the receiver's, not the page's: nothing else may go wrong.
    problems.assertNone('webhook deliveries, test events, pause and resume');
    await close();
  });
});
