import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Order, paginated, OrderListItem } from '../../../shared';
import { expectProblem, orderBodyFor, orderableProduct, startHarness, type Harness } from './harness';

describe('authentication', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it.each(['/suppliers', '/products', '/products/prod_x', '/orders', '/orders/ord_x', '/account', '/webhooks'])(
    'GET %s without a key → 401 with WWW-Authenticate: Bearer',
    async (path) => {
      const result = await harness.request('GET', path, { key: null });
      expectProblem(result, 401, 'unauthorized');
      expect(result.headers.get('www-authenticate')).toMatch(/^Bearer/);
    },
  );

  it.each([
    ['an unknown key', { authorization: 'Bearer cw_sk_unknown' }],
    ['a Basic scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['a bare key', { authorization: 'cw_sk_something' }],
    ['an empty bearer', { authorization: 'Bearer ' }],
    ['an oversized key', { authorization: `Bearer ${'k'.repeat(5000)}` }],
  ])('%s → 401', async (_name, headers) => {
    const result = await harness.request('GET', '/account', { key: null, headers });
    expectProblem(result, 401, 'unauthorized');
    expect(result.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it('POST and DELETE without a valid key store nothing', async () => {
    const product = await orderableProduct(harness);
    const before = (await harness.testStore.store.listOrders(harness.buyerA.account_id, { page: 1, per_page: 1 })).meta.total;
    expectProblem(await harness.request('POST', '/orders', { key: 'cw_sk_wrong', body: orderBodyFor(product) }), 401, 'unauthorized');
    expectProblem(await harness.request('POST', '/webhooks', { key: null, body: { url: 'https://example.com/h', events: ['order.shipped'] } }), 401, 'unauthorized');
    const hooks = await harness.testStore.store.listWebhooks(harness.buyerA.account_id);
    expectProblem(await harness.request('DELETE', `/webhooks/${hooks[0]?.id}`, { key: null }), 401, 'unauthorized');
    expect((await harness.testStore.store.listOrders(harness.buyerA.account_id, { page: 1, per_page: 1 })).meta.total).toBe(before);
    expect(await harness.testStore.store.listWebhooks(harness.buyerA.account_id)).toEqual(hooks);
  });

  it('the scheme is case-insensitive, the key is not', async () => {
    expect((await harness.request('GET', '/account', { key: null, headers: { authorization: `bearer ${harness.buyerA.api_key}` } })).status).toBe(200);
    const changed = harness.buyerA.api_key.slice(0, -1) + (harness.buyerA.api_key.endsWith('A') ? 'B' : 'A');
    expectProblem(await harness.request('GET', '/account', { key: changed }), 401, 'unauthorized');
  });
});

describe('idempotent order placement over HTTP', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('the same key and body replay the first order; another body under the key is refused', async () => {
    const product = await orderableProduct(harness);
    const body = orderBodyFor(product);
    const key = `retry-${Date.now()}`;
    const first = await harness.request('POST', '/orders', { body, headers: { 'idempotency-key': key } });
    expect(first.status, first.text).toBe(201);
    const order = Order.parse(first.json);
    const stockAfterFirst = (await harness.testStore.store.getProduct(product.id))?.inventory_available;

    const reordered = { shipping_address: body.shipping_address, buyer_notes: body.buyer_notes, items: body.items, supplier_id: body.supplier_id };
    const replay = await harness.request('POST', '/orders', { body: reordered, headers: { 'idempotency-key': key } });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(Order.parse(replay.json)).toEqual(order);
    expect((await harness.testStore.store.getProduct(product.id))?.inventory_available).toBe(stockAfterFirst);

    const different = orderBodyFor(product, product.minimum_order * 2);
    const reused = expectProblem(await harness.request('POST', '/orders', { body: different, headers: { 'idempotency-key': key } }), 422, 'idempotency_key_reused');
    expect(reused.errors?.[0]?.pointer).toBe('/header/Idempotency-Key');
    expect((await harness.testStore.store.getProduct(product.id))?.inventory_available).toBe(stockAfterFirst);

    const orders = paginated(OrderListItem).parse((await harness.request('GET', '/orders?status=confirmed&per_page=100')).json);
    expect(orders.data.filter((listed) => listed.id === order.id)).toHaveLength(1);
  });

  it('keys belong to the account: another buyer may use the same key for its own order', async () => {
    const product = await orderableProduct(harness, 2);
    const key = `shared-${Date.now()}`;
    const mine = Order.parse((await harness.request('POST', '/orders', { body: orderBodyFor(product), headers: { 'idempotency-key': key } })).json);
    const theirs = await harness.request('POST', '/orders', { key: harness.buyerB.api_key, body: orderBodyFor(product), headers: { 'idempotency-key': key } });
    expect(theirs.status).toBe(201);
    expect(Order.parse(theirs.json).id).not.toBe(mine.id);
  });

  it('concurrent retries with one key create one order', async () => {
    const product = await orderableProduct(harness, 3);
    const key = `burst-${Date.now()}`;
    const results = await Promise.all(
      Array.from({ length: 5 }, () => harness.request('POST', '/orders', { body: orderBodyFor(product), headers: { 'idempotency-key': key } })),
    );
    const created = results.filter((result) => result.status === 201).map((result) => Order.parse(result.json).id);
    expect(new Set(created).size).toBe(1);
    for (const result of results.filter((candidate) => candidate.status !== 201)) expectProblem(result, 409, 'idempotency_key_in_use');
  });
});

describe('per-key rate limit', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness({ rateLimitPerMinute: 5 });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('answers 429 with Retry-After past the limit, per key, leaving public routes alone', async () => {
    for (let index = 0; index < 5; index += 1) {
      const allowed = await harness.request('GET', '/account');
      expect(allowed.status).toBe(200);
      // The IETF draft's fields on every limited response, so clients can pace themselves.
      expect(allowed.headers.get('ratelimit-limit')).toBe('5');
      expect(allowed.headers.get('ratelimit-remaining')).toBe(String(4 - index));
      const reset = Number(allowed.headers.get('ratelimit-reset'));
      expect(reset).toBeGreaterThanOrEqual(0);
      expect(reset).toBeLessThanOrEqual(60);
    }
    const limited = await harness.request('GET', '/account');
    expectProblem(limited, 429, 'rate_limited');
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await harness.request('GET', '/account', { key: harness.buyerB.api_key })).status).toBe(200);
    const document = await harness.request('GET', '/openapi.json', { key: null });
    expect(document.status).toBe(200);
    const responses = (document.json as { paths: Record<string, { get: { responses: Record<string, { headers?: object }> } }> }).paths['/products']!.get
      .responses;
    expect(Object.keys(responses['200']!.headers ?? {})).toEqual(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']);
    expect(Object.keys(responses['429']!.headers ?? {})).toContain('Retry-After');
  });
});
