import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createRateLimitCounter } from '../../../server/store/rate-limits';
import { listingStamp } from '../../../server/store/catalog/version';
import { createTestStore, type TestStore } from '../../support/store-fixture';
import { buyers, orderableProducts, orderBody, setStock, type ProductRow } from './helpers';

let testStore: TestStore;
let a: ReturnType<typeof buyers>['a'];
let product: ProductRow;
beforeAll(async () => {
  testStore = await createTestStore({ catalogSize: 200 });
  ({ a } = buyers(testStore));
  [product] = (await orderableProducts(testStore.db, 1)) as [ProductRow];
  await setStock(testStore.db, product.id, 100, 1);
});
afterAll(() => testStore?.close());

describe('the catalog version', () => {
  it('changes with every committed order and cancellation, and not with a refused order', async () => {
    const { store } = testStore;
    const before = await store.catalogStamp();
    // Placed with a clock far in the past: the version does not depend on it.
    const placed = await store.placeOrder(a, orderBody([{ product, quantity: 2 }]), null, new Date('2001-01-01T00:00:00Z'));
    if (placed.kind !== 'created') throw new Error(placed.kind);
    const afterOrder = await store.catalogStamp();
    expect(afterOrder).not.toBe(before);

    const refused = await store.placeOrder(a, orderBody([{ product, quantity: 10_000 }]), null, new Date());
    expect(refused.kind).toBe('rejected');
    expect(await store.catalogStamp()).toBe(afterOrder);

    expect(await store.markCancelled(placed.order.id, new Date())).not.toBeNull();
    expect(await store.catalogStamp()).not.toBe(afterOrder);
  });

  it('leaves the listings’ version as it was through orders and cancellations (they change stock only)', async () => {
    const { store, db } = testStore;
    const before = await listingStamp(db);
    const placed = await store.placeOrder(a, orderBody([{ product, quantity: 1 }]), null, new Date());
    if (placed.kind !== 'created') throw new Error(placed.kind);
    expect(await store.markCancelled(placed.order.id, new Date())).not.toBeNull();
    expect(await listingStamp(db)).toBe(before);
  });
});

describe('the shared rate limit counter', () => {
  it('counts per key within a window, restarts an ended window, and reports the time left', async () => {
    const counter = createRateLimitCounter(testStore.db);
    const key = `test:${Math.random()}`;
    expect(await counter.hit(key, 60_000)).toMatchObject({ count: 1 });
    expect((await counter.hit(key, 60_000)).count).toBe(2);
    const third = await counter.hit(key, 60_000);
    expect(third.count).toBe(3);
    expect(third.ttlMs).toBeGreaterThan(55_000);
    expect(third.ttlMs).toBeLessThanOrEqual(60_000);
    expect((await counter.hit(`${key}:other`, 60_000)).count).toBe(1);
    expect((await counter.hit(`${key}:other`, 60_000, 50)).count).toBe(51);

    await testStore.db.execute(sql`update rate_limit_counters set window_ends_at = now() - interval '1 second' where key = ${key}`);
    expect(await counter.hit(key, 60_000)).toMatchObject({ count: 1 });
  });

  it('gives concurrent hits distinct counts', async () => {
    const counter = createRateLimitCounter(testStore.db);
    const key = `test:${Math.random()}`;
    const hits = await Promise.all(Array.from({ length: 40 }, () => counter.hit(key, 60_000)));
    expect(hits.map((hit) => hit.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
  });
});
