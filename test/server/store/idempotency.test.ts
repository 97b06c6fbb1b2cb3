import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { orders } from '../../../server/db/schema';
import { createTestStore, type TestStore } from '../../support/store-fixture';
import { buyers, orderableProducts, orderBody, setStock, writtenState, type ProductRow } from './helpers';

let testStore: TestStore;
let a: ReturnType<typeof buyers>['a'];
let b: ReturnType<typeof buyers>['b'];
let product: ProductRow;
beforeAll(async () => {
  testStore = await createTestStore();
  ({ a, b } = buyers(testStore));
  [product] = (await orderableProducts(testStore.db, 1)) as [ProductRow];
  await setStock(testStore.db, product.id, 10_000, 1);
});
afterAll(() => testStore?.close());

const now = new Date('2026-11-22T10:00:00.000Z');
const DAY_MS = 86_400_000;
const body = (quantity = 1) => orderBody([{ product, quantity }]);
const ordersOf = async (accountId: string) => {
  const [row] = await testStore.db.select({ n: count() }).from(orders).where(eq(orders.accountId, accountId));
  return Number(row?.n);
};

describe('Idempotency-Key on placeOrder', () => {
  it('replays the first response for the same key and body', async () => {
    const key = { key: 'replay-1', requestHash: 'hash-1' };
    const first = await testStore.store.placeOrder(a, body(), key, now);
    expect(first.kind).toBe('created');
    const before = await ordersOf(a.accountId);
    const again = await testStore.store.placeOrder(a, body(), key, new Date(now.getTime() + 60_000));
    expect(again).toEqual({ kind: 'replayed', status: 201, order: first.kind === 'created' ? first.order : null });
    expect(await ordersOf(a.accountId)).toBe(before);
  });

  it('replays the response as first given, even after the order moved on', async () => {
    const key = { key: 'replay-2', requestHash: 'hash-2' };
    const first = await testStore.store.placeOrder(a, body(), key, now);
    if (first.kind !== 'created') throw new Error(first.kind);
    await testStore.store.markCancelled(first.order.id, now);
    const again = await testStore.store.placeOrder(a, body(), key, now);
    expect(again.kind === 'replayed' && again.order.status).toBe('confirmed');
  });

  it('refuses the same key with another body and stores nothing', async () => {
    const key = { key: 'reuse-1', requestHash: 'hash-a' };
    expect((await testStore.store.placeOrder(a, body(1), key, now)).kind).toBe('created');
    const before = await writtenState(testStore.db);
    const reused = await testStore.store.placeOrder(a, body(2), { ...key, requestHash: 'hash-b' }, now);
    expect(reused).toMatchObject({ kind: 'rejected', status: 422, code: 'idempotency_key_reused' });
    expect(await writtenState(testStore.db)).toEqual(before);
  });

  it('keeps keys per account', async () => {
    const key = { key: 'shared-key', requestHash: 'same' };
    const ofA = await testStore.store.placeOrder(a, body(), key, now);
    const ofB = await testStore.store.placeOrder(b, body(), key, now);
    expect(ofA.kind).toBe('created');
    expect(ofB.kind).toBe('created');
    expect(ofA.kind === 'created' && ofB.kind === 'created' && ofA.order.id !== ofB.order.id).toBe(true);
  });

  it('does not keep the key of a refused order, so a corrected retry goes through', async () => {
    const key = { key: 'fix-and-retry', requestHash: 'too-many' };
    const refused = await testStore.store.placeOrder(a, body(1_000_000), key, now);
    expect(refused).toMatchObject({ kind: 'rejected', code: 'insufficient_inventory' });
    const retried = await testStore.store.placeOrder(a, body(1), { ...key, requestHash: 'one' }, now);
    expect(retried.kind).toBe('created');
  });

  it('creates one order for concurrent requests with one key', async () => {
    const before = await ordersOf(a.accountId);
    const key = { key: 'concurrent-1', requestHash: 'hash-c' };
    const results = await Promise.all(Array.from({ length: 8 }, () => testStore.store.placeOrder(a, body(), key, now)));
    expect(results.filter((result) => result.kind === 'created')).toHaveLength(1);
    expect(results.filter((result) => result.kind === 'replayed')).toHaveLength(7);
    const ids = new Set(results.map((result) => (result.kind === 'rejected' ? null : result.order.id)));
    expect(ids.size).toBe(1);
    expect(await ordersOf(a.accountId)).toBe(before + 1);
  });

  it('forgets keys after 24 hours, and pruneIdempotency drops old records', async () => {
    const key = { key: 'old-key', requestHash: 'first' };
    const first = await testStore.store.placeOrder(a, body(), key, now);
    const dayLater = new Date(now.getTime() + DAY_MS + 1_000);
    const later = await testStore.store.placeOrder(a, body(), { ...key, requestHash: 'second' }, dayLater);
    expect(later.kind).toBe('created');
    expect(first.kind === 'created' && later.kind === 'created' && first.order.id !== later.order.id).toBe(true);

    const pruned = await testStore.store.pruneIdempotency(new Date(now.getTime() + 1));
    expect(pruned).toBeGreaterThanOrEqual(6);
    const afterPrune = await testStore.store.placeOrder(a, body(), { key: 'replay-1', requestHash: 'other' }, now);
    expect(afterPrune.kind).toBe('created');
    expect(await testStore.store.pruneIdempotency(new Date(now.getTime() - DAY_MS))).toBe(0);
  });

  it('the hourly pruning job runs on one instance per period: concurrent claims prune once, the next comes after the period', async () => {
    const HOUR_MS = 3_600_000;
    await testStore.store.placeOrder(a, body(), { key: 'prune-job', requestHash: 'h' }, now);
    const at = new Date(now.getTime() + 2 * DAY_MS);
    const olderThan = new Date(at.getTime() - DAY_MS);
    // Three instances asking at the same moment: exactly one prunes.
    const runs = await Promise.all([0, 1, 2].map(() => testStore.store.pruneIdempotencyWhenDue(at, olderThan, HOUR_MS)));
    expect(runs.filter((run) => run !== null)).toHaveLength(1);
    expect(runs.find((run) => run !== null)).toBeGreaterThanOrEqual(1);
    expect(await testStore.store.pruneIdempotencyWhenDue(new Date(at.getTime() + HOUR_MS - 1), olderThan, HOUR_MS)).toBeNull();
    expect(await testStore.store.pruneIdempotencyWhenDue(new Date(at.getTime() + HOUR_MS), olderThan, HOUR_MS)).toBe(0);
  });
});
