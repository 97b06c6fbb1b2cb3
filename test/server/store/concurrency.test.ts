import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sum } from 'drizzle-orm';
import { orderItems } from '../../../server/db/schema';
import { createTestStore, type TestStore } from '../../support/store-fixture';
import { buyers, orderableProducts, orderBody, productRow, setStock, type ProductRow } from './helpers';

let testStore: TestStore;
let a: ReturnType<typeof buyers>['a'];
let b: ReturnType<typeof buyers>['b'];
let products: ProductRow[];
beforeAll(async () => {
  testStore = await createTestStore();
  ({ a, b } = buyers(testStore));
  products = await orderableProducts(testStore.db, 3);
});
afterAll(() => testStore?.close());

const now = new Date('2026-11-22T10:00:00.000Z');

describe(`concurrent orders (${process.env.DATABASE_URL ? 'PostgreSQL pool' : 'PGlite'})`, () => {
  it('sells exactly the last 10 cases to 50 concurrent orders of one case', async () => {
    const product = products[0]!;
    await setStock(testStore.db, product.id, 10, 1);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, index) => testStore.store.placeOrder(index % 2 ? a : b, orderBody([{ product, quantity: 1 }]), null, now)),
    );
    expect(results.filter((result) => result.kind === 'created')).toHaveLength(10);
    const refused = results.filter((result) => result.kind === 'rejected');
    expect(refused).toHaveLength(40);
    expect(refused.every((result) => result.kind === 'rejected' && result.code === 'insufficient_inventory')).toBe(true);
    expect((await productRow(testStore.db, product.id)).inventoryAvailable).toBe(0);
    const [sold] = await testStore.db.select({ cases: sum(orderItems.quantity) }).from(orderItems).where(eq(orderItems.productId, product.id));
    expect(Number(sold?.cases)).toBe(10);
  });

  it('does not deadlock or oversell when orders name the same products in opposite orders', async () => {
    const [first, second] = [products[1]!, products[2]!];
    await setStock(testStore.db, first.id, 30, 1);
    await setStock(testStore.db, second.id, 30, 1);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        testStore.store.placeOrder(
          a,
          orderBody(index % 2 ? [{ product: first, quantity: 2 }, { product: second, quantity: 2 }] : [{ product: second, quantity: 2 }, { product: first, quantity: 2 }]),
          null,
          now,
        ),
      ),
    );
    expect(results.filter((result) => result.kind === 'created')).toHaveLength(15);
    expect((await productRow(testStore.db, first.id)).inventoryAvailable).toBe(0);
    expect((await productRow(testStore.db, second.id)).inventoryAvailable).toBe(0);
  });
});
