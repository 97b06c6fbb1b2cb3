import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestStore, type TestStore } from '../../support/store-fixture';
import { products } from '../../../server/db/schema';
import { bumpCatalogVersion } from '../../../server/store/catalog/version';
import { OrderedIdCache } from '../../../server/store/catalog/ordered-ids';
import type { Database } from '../../../server/db/database';

describe('catalog listings kept per catalog version', () => {
  let testStore: TestStore;
  beforeEach(async () => {
    testStore = await createTestStore({ catalogSize: 300 });
  });
  afterEach(() => testStore?.close());

  const byPrice = (page: number) => testStore.store.listProducts({ page, per_page: 100, sort: 'price_asc' });

  it('see a change committed with a version bump (as every writer does), in the order and the total', async () => {
    const before = await byPrice(1);
    const cheapest = before.data[0]!;
    const [top] = await testStore.db.select({ max: sql<number>`max(${products.casePriceCents})` }).from(products);
    await testStore.db.transaction(async (tx) => {
      await tx.update(products).set({ casePriceCents: Number(top!.max) + 1 }).where(eq(products.id, cheapest.id));
      await bumpCatalogVersion(tx as unknown as Database);
    });
    const after = await byPrice(1);
    expect(after.data[0]!.id).not.toBe(cheapest.id);
    const last = await byPrice(before.meta.total_pages);
    expect(last.data.at(-1)!.id).toBe(cheapest.id);

    await testStore.db.transaction(async (tx) => {
      await tx.delete(products).where(eq(products.id, cheapest.id));
      await bumpCatalogVersion(tx as unknown as Database);
    });
    const fewer = await byPrice(1);
    expect(fewer.meta.total).toBe(before.meta.total - 1);
  });

  it("show a supplier's product count as of the catalog version in every product's detail", async () => {
    const [first] = (await testStore.store.listProducts({ page: 1, per_page: 1, sort: 'name' })).data;
    const sameSupplier = (await testStore.store.listProducts({ page: 1, per_page: 100, supplier_id: first!.supplier.id })).data;
    const other = sameSupplier.find((product) => product.id !== first!.id)!;
    const before = (await testStore.store.getProduct(first!.id))!.supplier.total_products;
    await testStore.db.transaction(async (tx) => {
      await tx.delete(products).where(eq(products.id, other.id));
      await bumpCatalogVersion(tx as unknown as Database);
    });
    expect((await testStore.store.getProduct(first!.id))!.supplier.total_products).toBe(before - 1);
  });

  it('pages through every product once, in order, at any page size', async () => {
    const seen: string[] = [];
    const prices: number[] = [];
    for (let page = 1; page <= 11; page += 1) {
      const result = await testStore.store.listProducts({ page, per_page: 29, sort: 'price_asc' });
      seen.push(...result.data.map((product) => product.id));
      prices.push(...result.data.map((product) => product.case_price_cents));
    }
    expect(seen).toHaveLength(300);
    expect(new Set(seen).size).toBe(300);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect((await testStore.store.listProducts({ page: 12, per_page: 29, sort: 'price_asc' })).data).toEqual([]);
  });
});

describe('OrderedIdCache', () => {
  it('shares one read among concurrent requests for a key', async () => {
    const cache = new OrderedIdCache();
    let reads = 0;
    const load = async () => {
      reads += 1;
      return ['a', 'b'];
    };
    const results = await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
    expect(reads).toBe(1);
    expect(results).toEqual([['a', 'b'], ['a', 'b'], ['a', 'b']]);
  });

  it('does not remember a failed read', async () => {
    const cache = new OrderedIdCache();
    await expect(cache.get('k', () => Promise.reject(new Error('database away')))).rejects.toThrow();
    expect(await cache.get('k', async () => ['a'])).toEqual(['a']);
  });

  it('drops the least recently used listings once more ids than its bound are kept', async () => {
    const cache = new OrderedIdCache(5);
    const ids = (n: number) => async () => Array.from({ length: n }, (_, i) => `id${i}`);
    await cache.get('one', ids(2));
    await cache.get('two', ids(2));
    await cache.get('one', ids(2)); // now the most recently used
    await cache.get('three', ids(2));
    expect(cache.size).toBe(2);
    let reread = 0;
    await cache.get('one', async () => {
      reread += 1;
      return [];
    });
    expect(reread).toBe(0);
    await cache.get('two', async () => {
      reread += 1;
      return [];
    });
    expect(reread).toBe(1);
  });
});
