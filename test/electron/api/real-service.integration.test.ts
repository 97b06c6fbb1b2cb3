import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient, type ServiceClient } from '../../../electron/core/api';
import type { CreateOrderBody } from '../../../shared';
import { orderableBody, startRealService, type RealService } from './real-service-harness';

let real: RealService;
let client: ServiceClient;

beforeAll(async () => {
  real = await startRealService();
  client = createServiceClient({ baseUrl: real.baseUrl, getApiKey: () => real.apiKey, timeoutMs: 20_000 });
});
afterAll(async () => {
  await real?.stop();
});

function data<T>(result: { ok: true; notModified: false; data: T } | { ok: true; notModified: true } | { ok: false; error: { message: string } }): T {
  if (!result.ok) throw new Error(`call failed: ${result.error.message}`);
  if (result.notModified) throw new Error('unexpected 304');
  return result.data;
}

describe('service client against the real service', () => {
  it('reads the account, suppliers, a supplier’s products, the catalog and a product', async () => {
    const account = data(await client.call('getAccount'));
    expect(account.id).toMatch(/^org_/);

    const suppliers = data(await client.call('listSuppliers', { query: { per_page: 5 } }));
    expect(suppliers.data.length).toBeGreaterThan(0);
    expect(suppliers.meta.per_page).toBe(5);
    const supplier = suppliers.data[0]!;
    const searched = data(await client.call('listSuppliers', { query: { q: supplier.name } }));
    expect(searched.data.map((found) => found.id)).toContain(supplier.id);

    const ownProducts = data(await client.call('listSupplierProducts', { params: { id: supplier.id }, query: { per_page: 100 } }));
    expect(ownProducts.meta.total).toBe(supplier.total_products);

    const cheapestFirst = data(await client.call('listProducts', { query: { sort: 'price_asc', per_page: 20, page: 1 } }));
    const prices = cheapestFirst.data.map((product) => product.case_price_cents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const product = data(await client.call('getProduct', { params: { id: cheapestFirst.data[0]!.id } }));
    expect(product.id).toBe(cheapestFirst.data[0]!.id);
    const varietal = data(await client.call('listProducts', { query: { varietal: product.varietal } }));
    expect(varietal.data.every((item) => item.varietal === product.varietal)).toBe(true);
  });

  it('answers 304 when the catalog page has not changed', async () => {
    const first = await client.call('listProducts', { query: { per_page: 10 } });
    expect(first.ok && first.etag).toBeTruthy();
    const again = await client.call('listProducts', { query: { per_page: 10 }, etag: first.ok ? first.etag : null });
    expect(again).toMatchObject({ ok: true, notModified: true, status: 304 });
  });

  it('places an order with an Idempotency-Key, replays it for the same key, and lists and reads it', async () => {
    const order = await orderableBody(client);
    const key = globalThis.crypto.randomUUID();
    const placed = data(await client.call('createOrder', { body: order, idempotencyKey: key }));
    expect(placed.status).toBe('confirmed');
    expect(placed.total_cents).toBe(placed.subtotal_cents + placed.shipping_cents + placed.platform_fee_cents);
    const replayed = data(await client.call('createOrder', { body: order, idempotencyKey: key }));
    expect(replayed.id).toBe(placed.id);

    const listed = data(await client.call('listOrders', { query: { status: 'confirmed', per_page: 100 } }));
    expect(listed.data.filter((item) => item.id === placed.id)).toHaveLength(1);
    const read = data(await client.call('getOrder', { params: { id: placed.id } }));
    expect(read.timeline.map((entry) => entry.event)).toEqual(expect.arrayContaining(['order_placed', 'order_confirmed']));
  });

  it('creates, lists and deletes a webhook', async () => {
    const created = data(await client.call('createWebhook', { body: { url: 'https://hooks.example.com/caseworks', events: ['order.shipped'] } }));
    expect(created.secret).toMatch(/^whsec_/);
    const listed = data(await client.call('listWebhooks'));
    expect(listed.data.map((hook) => hook.id)).toContain(created.id);
    const deleted = data(await client.call('deleteWebhook', { params: { id: created.id } }));
    expect(deleted.success).toBe(true);
    const after = data(await client.call('listWebhooks'));
    expect(after.data.map((hook) => hook.id)).not.toContain(created.id);
  });

  it('turns the service’s refusals into error values', async () => {
    const missing = await client.call('getProduct', { params: { id: 'prod_doesnotexist' } });
    expect(!missing.ok && missing.error).toMatchObject({ code: 'not_found', status: 404, problemCode: 'not_found' });

    const order = await orderableBody(client);
    const tooMany: CreateOrderBody = { ...order, items: [{ product_id: order.items[0]!.product_id, quantity: 99_999 }] };
    const refused = await client.call('createOrder', { body: tooMany, idempotencyKey: globalThis.crypto.randomUUID() });
    expect(!refused.ok && refused.error).toMatchObject({ code: 'rejected', problemCode: 'insufficient_inventory', retryable: false });
    expect(!refused.ok && refused.error.message.length).toBeGreaterThan(10);

    const reusedKey = globalThis.crypto.randomUUID();
    data(await client.call('createOrder', { body: order, idempotencyKey: reusedKey }));
    const changed = await client.call('createOrder', { body: { ...order, buyer_notes: 'changed' }, idempotencyKey: reusedKey });
    expect(!changed.ok && changed.error).toMatchObject({ code: 'rejected', problemCode: 'idempotency_key_reused' });

    const wrongKey = 'cw_wrong_key_00000000000000';
    const stranger = createServiceClient({ baseUrl: real.baseUrl, getApiKey: () => wrongKey });
    const unauthorized = await stranger.call('getAccount');
    expect(!unauthorized.ok && unauthorized.error).toMatchObject({ code: 'unauthorized', status: 401 });
    expect(JSON.stringify(unauthorized)).not.toContain(wrongKey);
  });

  it('hides another account’s order as not found', async () => {
    if (!real.otherApiKey) throw new Error('the seed has one demo buyer only');
    const order = data(await client.call('createOrder', { body: await orderableBody(client), idempotencyKey: globalThis.crypto.randomUUID() }));
    const otherKey = real.otherApiKey;
    const other = createServiceClient({ baseUrl: real.baseUrl, getApiKey: () => otherKey });
    const result = await other.call('getOrder', { params: { id: order.id } });
    expect(!result.ok && result.error.code).toBe('not_found');
  });
});
