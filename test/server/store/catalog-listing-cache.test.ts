import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestStore, type TestStore } from '../../support/store-fixture';
import { products } from '../../../server/db/schema';
import { bumpCatalogVersion } from '../../../server/store/catalog/version';
import { OrderedIdCache } from '../../../server/store/catalog/ordered-ids';
import type { Database } from '../../../server/db/database';
import { buyers, orderBody, productRow } from './helpers';

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
      await bumpCatalogVersion(tx as unknown as Database, 'listings');
    });
    const after = await byPrice(1);
    expect(after.data[0]!.id).not.toBe(cheapest.id);
    const last = await byPrice(before.meta.total_pages);
    expect(last.data.at(-1)!.id).toBe(cheapest.id);

    await testStore.db.transaction(async (tx) => {
      await tx.delete(products).where(eq(products.id, cheapest.id));
      await bumpCatalogVersion(tx as unknown as Database, 'listings');
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
      await bumpCatalogVersion(tx as unknown as Database, 'listings');
    });
    expect((await testStore.store.getProduct(first!.id))!.supplier.total_products).toBe(before - 1);
  });

  it('serve pages from the ids kept for the catalog version: a change without a version bump is not seen in the order', async () => {
    const before = await byPrice(1);
    const cheapest = before.data[0]!;
    const [top] = await testStore.db.select({ max: sql<number>`max(${products.casePriceCents})` }).from(products);
    // Not how the service changes the catalog (every writer bumps the version): this shows that the
    // order comes from the kept ids, while the rows themselves are read fresh.
    await testStore.db.update(products).set({ casePriceCents: Number(top!.max) + 1 }).where(eq(products.id, cheapest.id));
    const after = await byPrice(1);
    expect(after.data.map((product) => product.id)).toEqual(before.data.map((product) => product.id));
    expect(after.data[0]!.case_price_cents).toBe(Number(top!.max) + 1);
    await testStore.db.transaction(async (tx) => bumpCatalogVersion(tx as unknown as Database, 'listings'));
    expect((await byPrice(1)).data[0]!.id).not.toBe(cheapest.id);
  });

  it('keep the ids through an order (stock is not in any order or filter), while the rows show the stock the order left', async () => {
    const before = await byPrice(1);
    const cheapest = before.data[0]!;
    const ordered = before.data.find((product) => product.inventory_available >= product.minimum_order && product.id !== cheapest.id)!;
    const [top] = await testStore.db.select({ max: sql<number>`max(${products.casePriceCents})` }).from(products);
    // A change no writer of the service makes without a listings bump; left unbumped here so the
    // order of the next page shows whether the kept ids were read again.
    await testStore.db.update(products).set({ casePriceCents: Number(top!.max) + 1 }).where(eq(products.id, cheapest.id));
    const { a } = buyers(testStore);
    const placed = await testStore.store.placeOrder(a, orderBody([{ product: await productRow(testStore.db, ordered.id) }]), null, new Date());
    expect(placed.kind).toBe('created');
    const after = await byPrice(1);
    expect(after.data.map((product) => product.id), 'the kept order, not read again after the order').toEqual(before.data.map((product) => product.id));
    expect(after.data.find((product) => product.id === ordered.id)!.inventory_available).toBe(ordered.inventory_available - ordered.minimum_order);
  });

  it("list a supplier's products from the same kept ids, seeing a change with a version bump, and a supplier left without products as an empty list", async () => {
    const [first] = (await testStore.store.listProducts({ page: 1, per_page: 1, sort: 'name' })).data;
    const supplierId = first!.supplier.id;
    const viaCatalog = await testStore.store.listProducts({ page: 1, per_page: 100, supplier_id: supplierId });
    const direct = await testStore.store.listSupplierProducts(supplierId, { page: 1, per_page: 100 });
    expect(direct!.meta).toEqual(viaCatalog.meta);
    expect(direct!.data.map((product) => product.id)).toEqual(viaCatalog.data.map((product) => product.id));

    const other = (await testStore.store.listSuppliers({ page: 1, per_page: 100 })).data.find((supplier) => supplier.id !== supplierId)!;
    await testStore.db.transaction(async (tx) => {
      await tx.update(products).set({ supplierId: other.id }).where(eq(products.supplierId, supplierId));
      await bumpCatalogVersion(tx as unknown as Database, 'listings');
    });
    const emptied = await testStore.store.listSupplierProducts(supplierId, { page: 1, per_page: 100 });
    expect(emptied).toEqual({ data: [], meta: { total: 0, page: 1, per_page: 100, total_pages: 0 } });
    expect(await testStore.store.listSupplierProducts('sup_doesnotexist', { page: 1, per_page: 100 })).toBeNull();
  });

  it("give a listed product's created_at as its detail does, to the millisecond, whatever the microseconds", async () => {
    const [first] = (await testStore.store.listProducts({ page: 1, per_page: 1, sort: 'newest' })).data;
    await testStore.db.transaction(async (tx) => {
      await tx.execute(sql`update ${products} set created_at = '2031-02-03 04:05:06.789999+00' where ${products.id} = ${first!.id}`);
      await bumpCatalogVersion(tx as unknown as Database, 'listings');
    });
    const [listed] = (await testStore.store.listProducts({ page: 1, per_page: 1, sort: 'newest' })).data;
    expect(listed!.id).toBe(first!.id);
    expect(listed!.created_at).toBe('2031-02-03T04:05:06.789Z');
    expect((await testStore.store.getProduct(first!.id))!.created_at).toBe(listed!.created_at);
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
      return Int32Array.of(1, 2);
    };
    const results = await Promise.all([cache.get('k', 'v1', load), cache.get('k', 'v1', load), cache.get('k', 'v1', load)]);
    expect(reads).toBe(1);
    expect(results).toEqual([Int32Array.of(1, 2), Int32Array.of(1, 2), Int32Array.of(1, 2)]);
  });

  it('keeps one entry per listing: a read under a new stamp replaces the old one', async () => {
    const cache = new OrderedIdCache();
    await cache.get('k', 'v1', async () => Int32Array.of(1, 2));
    expect(await cache.get('k', 'v2', async () => Int32Array.of(2, 1))).toEqual(Int32Array.of(2, 1));
    expect(cache.size).toBe(1);
    expect(cache.latest('k')!.stamp).toBe('v2');
    expect(await cache.latest('k')!.ids).toEqual(Int32Array.of(2, 1));
    expect(cache.latest('other')).toBeUndefined();
  });

  it('does not remember a failed read', async () => {
    const cache = new OrderedIdCache();
    await expect(cache.get('k', 'v1', () => Promise.reject(new Error('database away')))).rejects.toThrow();
    expect(cache.latest('k')).toBeUndefined();
    expect(await cache.get('k', 'v1', async () => Int32Array.of(1))).toEqual(Int32Array.of(1));
  });

  it('drops the least recently used listings once more ids than its bound are kept', async () => {
    const cache = new OrderedIdCache(5);
    const ids = (n: number) => async () => Int32Array.from({ length: n }, (_, i) => i + 1);
    await cache.get('one', 'v1', ids(2));
    await cache.get('two', 'v1', ids(2));
    await cache.get('one', 'v1', ids(2)); // now the most recently used
    await cache.get('three', 'v1', ids(2));
    expect(cache.size).toBe(2);
    let reread = 0;
    await cache.get('one', 'v1', async () => {
      reread += 1;
      return new Int32Array(0);
    });
    expect(reread).toBe(0);
    await cache.get('two', 'v1', async () => {
      reread += 1;
      return new Int32Array(0);
    });
    expect(reread).toBe(1);
  });
});
