import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogProduct } from '../../../shared';
import { orderBodyFor, orderableProduct, startHarness, type Harness } from './harness';

let harness: Harness;
let product: CatalogProduct;

beforeAll(async () => {
  harness = await startHarness();
  product = await orderableProduct(harness);
});

afterAll(async () => {
  await harness?.close();
});

const stockOf = async (id: string) => ((await harness.request('GET', `/products/${id}`)).json as CatalogProduct).inventory_available;

/** A refused order is a value from the store to the HTTP boundary: the answer, every byte of its body, and nothing kept. */
describe('a refused order', () => {
  it('over the stock: 409 insufficient_inventory, this exact problem, the stock and the Idempotency-Key untouched', async () => {
    const before = await stockOf(product.id);
    const key = 'refused-then-placed-1';
    const refused = await harness.request('POST', '/orders', {
      body: orderBodyFor(product, before + 1),
      headers: { 'idempotency-key': key },
    });
    expect(refused.status).toBe(409);
    expect(refused.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    expect(refused.json).toEqual({
      type: 'urn:caseworks:problem:insufficient_inventory',
      title: 'Insufficient inventory',
      status: 409,
      detail: 'Not enough inventory for some items.',
      code: 'insufficient_inventory',
      errors: [{ pointer: '/items/0/quantity', detail: `only ${before} cases available` }],
    });
    expect(await stockOf(product.id)).toBe(before);
    // The key's claim was rolled back with the rest: the same key now places an order.
    const placed = await harness.request('POST', '/orders', { body: orderBodyFor(product), headers: { 'idempotency-key': key } });
    expect(placed.status).toBe(201);
  });

  it('from an unknown supplier: 404 not_found, this exact problem', async () => {
    const refused = await harness.request('POST', '/orders', { body: { ...orderBodyFor(product), supplier_id: 'sup_missing1' } });
    expect(refused.status).toBe(404);
    expect(refused.json).toEqual({
      type: 'urn:caseworks:problem:not_found',
      title: 'Not found',
      status: 404,
      detail: 'Supplier sup_missing1 does not exist.',
      code: 'not_found',
      errors: [{ pointer: '/supplier_id', detail: 'no such supplier' }],
    });
  });

  it('with a malformed Idempotency-Key: 400 validation_failed naming the header', async () => {
    const refused = await harness.request('POST', '/orders', { body: orderBodyFor(product), headers: { 'idempotency-key': 'has space' } });
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({
      type: 'urn:caseworks:problem:validation_failed',
      title: 'Validation failed',
      status: 400,
      detail: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.',
      code: 'validation_failed',
      errors: [{ pointer: '/header/Idempotency-Key', detail: 'must be 1 to 255 visible ASCII characters' }],
    });
  });

  it('a missing order on GET: 404 not_found, no cache header', async () => {
    const missing = await harness.request('GET', '/orders/ord_missing1');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBeNull();
    expect(missing.json).toMatchObject({ code: 'not_found', detail: 'No order with id "ord_missing1" exists for this account.' });
  });
});
