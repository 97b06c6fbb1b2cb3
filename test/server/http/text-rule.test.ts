import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Order, type CatalogProduct, type CreateOrderBody } from '../../../shared';
import { UnstorableTextError } from '../../../server/store/storable-text';
import { expectProblem, orderBodyFor, orderableProduct, startHarness, type Harness } from './harness';

let harness: Harness;
let product: CatalogProduct;
let good: CreateOrderBody;

beforeAll(async () => {
  harness = await startHarness();
  product = await orderableProduct(harness);
  good = orderBodyFor(product);
});
afterAll(async () => {
  await harness?.close();
});

const countOrders = async () =>
  (await harness.testStore.store.listOrders(harness.buyerA.account_id, { page: 1, per_page: 1 })).meta.total;

describe('one text rule for every query value: 400 naming the parameter, never a 500', () => {
  it.each([
    ['/suppliers', 'region', '%00'],
    ['/suppliers', 'q', 'napa%00'],
    ['/products', 'varietal', '%00'],
    ['/products', 'region', 'Napa%00Valley'],
    ['/products', 'country', '%00'],
    ['/products', 'q', '%00'],
    ['/products', 'region', 'Napa%1BValley'],
    ['/products', 'varietal', 'Pinot%09Noir'],
    ['/products', 'country', 'x'.repeat(201)],
  ])('GET %s?%s=%s → 400 /query/<name>', async (path, name, value) => {
    const problem = expectProblem(await harness.request('GET', `${path}?${name}=${value}`), 400, 'validation_failed');
    expect(problem.errors).toEqual([{ pointer: `/query/${name}`, detail: expect.any(String) }]);
  });

  it('ordinary text still searches', async () => {
    expect((await harness.request('GET', '/products?region=Napa%20Valley&varietal=Pinot%20Noir')).status).toBe(200);
  });
});

describe('one text rule for every body field: 400 naming the field, nothing stored', () => {
  const withAddress = (change: Record<string, string>) => ({ ...good, shipping_address: { ...good.shipping_address, ...change } });
  it.each([
    ['NUL in buyer_notes', () => ({ ...good, buyer_notes: 'Leave at\u0000 the dock' }), '/buyer_notes'],
    ['an escape in buyer_notes', () => ({ ...good, buyer_notes: 'Dock\u001b[2J' }), '/buyer_notes'],
    ['buyer_notes over 2,000 characters', () => ({ ...good, buyer_notes: 'x'.repeat(2001) }), '/buyer_notes'],
    ['NUL in street1', () => withAddress({ street1: '1 Main\u0000 St' }), '/shipping_address/street1'],
    ['a newline in street1', () => withAddress({ street1: '1 Main St\nApt 2' }), '/shipping_address/street1'],
    ['a lone surrogate in street1', () => withAddress({ street1: '1 Main St \ud800' }), '/shipping_address/street1'],
    ['street1 over 200 characters', () => withAddress({ street1: 'x'.repeat(201) }), '/shipping_address/street1'],
    ['NUL in city', () => withAddress({ city: 'Na\u0000pa' }), '/shipping_address/city'],
    ['NUL in state', () => withAddress({ state: 'C\u0000' }), '/shipping_address/state'],
    ['a state that is not a US state code', () => withAddress({ state: 'Zz9' }), '/shipping_address/state'],
    ['a state name instead of its code', () => withAddress({ state: 'California' }), '/shipping_address/state'],
  ])('POST /orders with %s → 400 %s', async (_what, body, pointer) => {
    const before = await countOrders();
    const problem = expectProblem(await harness.request('POST', '/orders', { body: body() }), 400, 'validation_failed');
    expect(problem.errors?.map((error) => error.pointer)).toContain(pointer);
    expect(await countOrders()).toBe(before);
  });

  it('notes keep their tabs and line breaks; territories and DC are states', async () => {
    const notes = 'Dock 4\n\tring twice\r\nthanks';
    const result = await harness.request('POST', '/orders', {
      body: { ...good, buyer_notes: notes, shipping_address: { ...good.shipping_address, state: 'PR', zip: '00901' } },
    });
    expect(result.status, result.text).toBe(201);
    const order = Order.parse(result.json);
    expect(order.buyer_notes).toBe(notes);
    expect(order.shipping_address.state).toBe('PR');
    const dc = await harness.request('POST', '/orders', { body: { ...good, shipping_address: { ...good.shipping_address, state: 'DC' } } });
    expect(dc.status, dc.text).toBe(201);
  });

  it.each([
    ['NUL in the path', 'https://example.com/hooks/\u0000x'],
    ['a space in the path', 'https://example.com/my hooks'],
    ['a tab in the host', 'https://exa\tmple.com/hooks'],
    ['a bad percent escape', 'https://example.com/hooks/%zz'],
  ])('POST /webhooks with %s in the URL → 400 /url, nothing registered', async (_what, url) => {
    const before = (await harness.testStore.store.listWebhooks(harness.buyerA.account_id)).length;
    const problem = expectProblem(await harness.request('POST', '/webhooks', { body: { url, events: ['order.shipped'] } }), 400, 'validation_failed');
    expect(problem.errors?.map((error) => error.pointer)).toEqual(['/url']);
    expect((await harness.testStore.store.listWebhooks(harness.buyerA.account_id)).length).toBe(before);
  });
});

describe('the store never hands PostgreSQL text it cannot hold', () => {
  it('refuses NUL and lone surrogates in any argument before querying', async () => {
    const { store } = harness.testStore;
    await expect(store.listSuppliers({ page: 1, per_page: 10, region: 'Napa\u0000' })).rejects.toBeInstanceOf(UnstorableTextError);
    await expect(store.listProducts({ page: 1, per_page: 10, varietal: '\ud800' })).rejects.toBeInstanceOf(UnstorableTextError);
    const caller = { accountId: harness.buyerA.account_id, keyId: 'test' };
    const body = { ...good, shipping_address: { ...good.shipping_address, city: 'Na\u0000pa' } };
    await expect(store.placeOrder(caller, body, null, new Date())).rejects.toBeInstanceOf(UnstorableTextError);
    expect((await store.listSuppliers({ page: 1, per_page: 1 })).data).toHaveLength(1);
  });
});

describe('an item path with an empty id is not found', () => {
  it.each([
    ['GET', '/products/'],
    ['GET', '/orders/'],
    ['GET', '/products/?per_page=1'],
    ['DELETE', '/webhooks/'],
    ['GET', '/suppliers//products'],
    ['GET', '/suppliers//products/?page=3'],
    ['GET', '/webhooks//deliveries'],
    ['POST', '/webhooks//test'],
    ['POST', '/orders//cancel'],
  ])('%s %s → 404 not_found, with or without a key', async (method, path) => {
    expectProblem(await harness.request(method, path), 404, 'not_found');
    expectProblem(await harness.request(method, path, { key: null }), 404, 'not_found');
  });

  it('collections without an item route keep the trailing slash as the same route', async () => {
    expect((await harness.request('GET', '/account/')).status).toBe(200);
    expect((await harness.request('GET', '/suppliers/?per_page=1')).status).toBe(200);
    expectProblem(await harness.request('DELETE', '/webhooks'), 405, 'method_not_allowed');
  });
});
