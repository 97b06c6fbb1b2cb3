import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealProducts } from '../../../server/db/schema';
import { dealsOfProducts } from '../../../server/store/catalog/deals';
import { createTestStore, type TestStore } from '../../support/store-fixture';

/**
 * dealsOfProducts, the batch reader of products' deals behind the product detail, the catalog
 * change feed and the order's pricing.
 */
let testStore: TestStore;

beforeAll(async () => {
  testStore = await createTestStore();
});
afterAll(() => testStore?.close());

describe('dealsOfProducts', () => {
  it('reads the deals of more products than one statement has parameters for (65,535), the same as for those with deals alone', async () => {
    const withDeals = [...new Set((await testStore.db.select({ id: dealProducts.productId }).from(dealProducts)).map((row) => row.id))];
    expect(withDeals.length).toBeGreaterThan(0);
    const alone = await dealsOfProducts(testStore.db, withDeals);
    expect([...alone.keys()].sort()).toEqual([...withDeals].sort());
    // Ids of no product, with the characters an array literal or a list would need quoted.
    const others = Array.from({ length: 70_000 }, (_, index) => `prod_missing_${index}${index % 3 === 0 ? ',"\\\'' : ''}`);
    const many = await dealsOfProducts(testStore.db, [...others.slice(0, 35_000), ...withDeals, ...others.slice(35_000)]);
    expect([...many.entries()].sort()).toEqual([...alone.entries()].sort());
  });
});
