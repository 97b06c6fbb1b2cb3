import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Paginated, CatalogProduct, ProductListQuery, ProductSort } from '../../../shared';
import type { Database } from '../../../server/db/database';
import { products } from '../../../server/db/schema';
import { bumpCatalogVersion } from '../../../server/store/catalog/version';
import { readListingIndex, type IndexedFilters, type ListingIndex } from '../../../server/store/catalog/listing-index';
import { ListingIndexKeeper } from '../../../server/store/catalog/listing-index-keeper';
import { createSqlStore } from '../../../server/store/sql-store';
import type { Store } from '../../../server/store/types';
import { createTestStore, TEST_PUBLIC_BASE_URL, type TestStore } from '../../support/store-fixture';
import { buyers, orderBody, productRow } from './helpers';

const SORTS: Array<ProductSort | undefined> = [undefined, 'name', 'price_asc', 'price_desc', 'newest'];

let testStore: TestStore;
const opened: Store[] = [];
beforeEach(async () => {
  testStore = await createTestStore({ catalogSize: 300 });
});
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
  await testStore?.close();
});

/** A store on the test database whose listings index is kept as `keeper` says. */
function storeWith(keeper: ListingIndexKeeper): Store {
  const store = createSqlStore(testStore.db, { publicBaseUrl: () => TEST_PUBLIC_BASE_URL, listingIndex: keeper });
  opened.push(store);
  return store;
}

/** A keeper whose index is never read: every page comes from the table. */
const tableOnly = () => new ListingIndexKeeper(testStore.db, { smallCatalog: 0, read: () => new Promise<never>(() => undefined) });

/** A keeper whose reading waits until `release` is called. */
function heldKeeper(): { keeper: ListingIndexKeeper; release: () => void; reads: () => number } {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let reads = 0;
  const keeper = new ListingIndexKeeper(testStore.db, {
    smallCatalog: 0,
    read: async (db, reading) => {
      reads += 1;
      await gate;
      return readListingIndex(db, reading);
    },
  });
  return { keeper, release: () => release(), reads: () => reads };
}

async function walk(store: Store, query: Omit<ProductListQuery, 'page' | 'per_page'>, perPage: number): Promise<Array<Paginated<CatalogProduct>>> {
  const pages: Array<Paginated<CatalogProduct>> = [];
  for (let page = 1; ; page += 1) {
    pages.push(await store.listProducts({ ...query, page, per_page: perPage }));
    if (page > pages[0]!.meta.total_pages) return pages;
  }
}

const until = async (done: () => boolean) => {
  for (let tries = 0; tries < 500 && !done(); tries += 1) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('the listings index', () => {
  it('gives every listing (any sort, any filters, any page size) exactly the pages the table gives', async () => {
    const indexed = storeWith(new ListingIndexKeeper(testStore.db));
    const fromTable = storeWith(tableOnly());
    const sample = (await indexed.getProduct((await indexed.listProducts({ page: 3, per_page: 1 })).data[0]!.id))!;
    const filters: Array<Omit<ProductListQuery, 'page' | 'per_page' | 'sort'>> = [
      {},
      { varietal: sample.varietal },
      { varietal: sample.varietal.toUpperCase() },
      { region: sample.region },
      { country: sample.country.toLowerCase() },
      { supplier_id: sample.supplier.id },
      { country: sample.country, varietal: sample.varietal },
      { supplier_id: sample.supplier.id, region: sample.region },
      { varietal: 'no such grape' },
      { supplier_id: 'sup_doesnotexist' },
    ];
    let compared = 0;
    for (const filter of filters) {
      for (const sort of SORTS) {
        for (const perPage of [29, 100]) {
          const query = { ...filter, ...(sort ? { sort } : {}) };
          const expected = await walk(fromTable, query, perPage);
          expect(await walk(indexed, query, perPage), JSON.stringify({ query, perPage })).toEqual(expected);
          compared += expected.length;
        }
      }
    }
    expect(compared).toBeGreaterThan(200);
    const direct = await indexed.listSupplierProducts(sample.supplier.id, { page: 1, per_page: 100 });
    const viaTable = await fromTable.listSupplierProducts(sample.supplier.id, { page: 1, per_page: 100 });
    expect(direct).toEqual(viaTable);
    expect(direct!.meta.total).toBeGreaterThan(0);
  });

  it('reads a descending sort as the exact reverse of the ascending one (ties broken by the id both ways)', async () => {
    const store = storeWith(new ListingIndexKeeper(testStore.db));
    const ids = async (sort: ProductSort) => (await walk(store, { sort }, 100)).flatMap((page) => page.data.map((product) => product.id));
    expect(await ids('price_desc')).toEqual((await ids('price_asc')).reverse());
    const prices = (await walk(store, { sort: 'price_asc' }, 100)).flatMap((page) => page.data.map((product) => product.case_price_cents));
    expect(new Set(prices).size).toBeLessThan(prices.length);
  });

  it('serves the first page of a listing before its index is read, the same rows as after', async () => {
    const { keeper, release, reads } = heldKeeper();
    const store = storeWith(keeper);
    const before = await Promise.all(SORTS.map((sort) => store.listProducts({ page: 1, per_page: 100, ...(sort ? { sort } : {}) })));
    expect(reads()).toBe(1);
    expect(keeper.current).toBeNull();
    release();
    await until(() => keeper.current !== null);
    expect(keeper.current).not.toBeNull();
    const after = await Promise.all(SORTS.map((sort) => store.listProducts({ page: 1, per_page: 100, ...(sort ? { sort } : {}) })));
    expect(after).toEqual(before);
    expect(after[0]!.meta.total).toBe(300);
  });

  it.each([
    ['from the index', () => new ListingIndexKeeper(testStore.db)],
    ['from the table', tableOnly],
  ])('keeps totals right %s after products are added and removed (each with a listings bump) and after orders', async (_, keeperOf) => {
    const store = storeWith(keeperOf());
    const before = await store.listProducts({ page: 1, per_page: 100, sort: 'price_asc' });
    const cheapest = before.data[0]!;
    const varietalBefore = (await store.listProducts({ page: 1, per_page: 100, varietal: cheapest.varietal })).meta.total;
    const supplierBefore = (await store.listSupplierProducts(cheapest.supplier.id, { page: 1, per_page: 100 }))!.meta.total;

    const original = await productRow(testStore.db, cheapest.id);
    await testStore.db.transaction(async (tx) => {
      await tx.insert(products).values({ ...original, ordinal: undefined, id: 'prod_addedbythetest', sku: 'TEST-00001', casePriceCents: 1 } as never);
      await bumpCatalogVersion(tx as unknown as Database, 'listings');
    });
    const added = await store.listProducts({ page: 1, per_page: 100, sort: 'price_asc' });
    expect(added.meta.total).toBe(301);
    expect(added.data[0]!.id).toBe('prod_addedbythetest');
    expect((await store.listProducts({ page: 1, per_page: 100, varietal: cheapest.varietal })).meta.total).toBe(varietalBefore + 1);
    expect((await store.listSupplierProducts(cheapest.supplier.id, { page: 1, per_page: 100 }))!.meta.total).toBe(supplierBefore + 1);

    // A product no order or favorite names, and not the cheapest.
    const [unreferenced] = await testStore.db
      .select({ id: products.id })
      .from(products)
      .where(sql`${products.id} <> ${cheapest.id} and not exists (select 1 from order_items where product_id = ${products.id}) and not exists (select 1 from favorites where product_id = ${products.id})`)
      .limit(1);
    await testStore.db.transaction(async (tx) => {
      await tx.delete(products).where(eq(products.id, 'prod_addedbythetest'));
      await tx.delete(products).where(eq(products.id, unreferenced!.id));
      await bumpCatalogVersion(tx as unknown as Database, 'listings');
    });
    const removed = await store.listProducts({ page: 1, per_page: 100, sort: 'price_asc' });
    expect(removed.meta.total).toBe(299);
    expect(removed.data[0]!.id).toBe(cheapest.id);

    const ordered = removed.data.find((product) => product.inventory_available >= product.minimum_order)!;
    const placed = await testStore.store.placeOrder(buyers(testStore).a, orderBody([{ product: await productRow(testStore.db, ordered.id) }]), null, new Date());
    expect(placed.kind).toBe('created');
    const afterOrder = await store.listProducts({ page: 1, per_page: 100, sort: 'price_asc' });
    expect(afterOrder.meta.total).toBe(299);
    expect(afterOrder.data.find((product) => product.id === ordered.id)!.inventory_available).toBe(ordered.inventory_available - ordered.minimum_order);
  });

  it('reads a new index when the listings change, and pages meanwhile come from the table with the change', async () => {
    const { keeper, release } = heldKeeper();
    release();
    const store = storeWith(keeper);
    await store.listProducts({ page: 1, per_page: 100, sort: 'price_asc' });
    await until(() => keeper.current !== null);
    const first = keeper.current!;
    const [top] = await testStore.db.select({ max: sql<number>`max(${products.casePriceCents})` }).from(products);
    const cheapest = (await store.listProducts({ page: 1, per_page: 1, sort: 'price_asc' })).data[0]!;
    await testStore.db.transaction(async (tx) => {
      await tx.update(products).set({ casePriceCents: Number(top!.max) + 1 }).where(eq(products.id, cheapest.id));
      await bumpCatalogVersion(tx as unknown as Database, 'listings');
    });
    expect((await store.listProducts({ page: 1, per_page: 1, sort: 'price_asc' })).data[0]!.id).not.toBe(cheapest.id);
    expect((await store.listProducts({ page: 1, per_page: 1, sort: 'price_desc' })).data[0]!.id).toBe(cheapest.id);
    await until(() => keeper.current !== first);
    expect(keeper.current!.stamp).not.toBe(first.stamp);
    expect((await store.listProducts({ page: 1, per_page: 1, sort: 'price_desc' })).data[0]!.id).toBe(cheapest.id);
  });
});

describe("suppliers' product counts", () => {
  it('come from the index when it is current, the same as counted, and right after a change', async () => {
    const keeper = new ListingIndexKeeper(testStore.db);
    const indexed = storeWith(keeper);
    const counted = storeWith(tableOnly());
    await indexed.listProducts({ page: 1, per_page: 1 });
    expect(keeper.current).not.toBeNull();
    const suppliers = await counted.listSuppliers({ page: 1, per_page: 100 });
    expect(await indexed.listSuppliers({ page: 1, per_page: 100 })).toEqual(suppliers);
    const product = (await indexed.listProducts({ page: 1, per_page: 1, sort: 'newest' })).data[0]!;
    expect(await indexed.getProduct(product.id)).toEqual(await counted.getProduct(product.id));

    const other = suppliers.data.find((supplier) => supplier.id !== product.supplier.id)!;
    await testStore.db.transaction(async (tx) => {
      await tx.update(products).set({ supplierId: other.id }).where(eq(products.id, product.id));
      await bumpCatalogVersion(tx as unknown as Database, 'listings');
    });
    const moved = (await indexed.getProduct(product.id))!;
    expect(moved.supplier).toMatchObject({ id: other.id, total_products: other.total_products + 1 });
    const after = await indexed.listSuppliers({ page: 1, per_page: 100 });
    expect(after.data.find((supplier) => supplier.id === other.id)!.total_products).toBe(other.total_products + 1);
    expect(after).toEqual(await counted.listSuppliers({ page: 1, per_page: 100 }));
  });
});

describe('readListingIndex', () => {
  const reading = (between: () => Promise<void> = async () => undefined) => ({ chunkRows: 50, between, stopped: () => false });

  it('reads every product in every order, a chunk at a time', async () => {
    const index = (await readListingIndex(testStore.db, reading()))!;
    expect(index.size).toBe(300);
    const perSupplier = [...index.productsPerSupplier().values()].reduce((sum, total) => sum + total, 0);
    expect(perSupplier).toBe(300);
  });

  it('gives no index when the listings change while it is read', async () => {
    let changed = false;
    const index: ListingIndex | null = await readListingIndex(
      testStore.db,
      reading(async () => {
        if (changed) return;
        changed = true;
        await testStore.db.transaction(async (tx) => {
          await tx.update(products).set({ name: sql`${products.name} || ' Reserve'` }).where(sql`${products.ordinal} = 1`);
          await bumpCatalogVersion(tx as unknown as Database, 'listings');
        });
      }),
    );
    expect(changed).toBe(true);
    expect(index).toBeNull();
    expect(await readListingIndex(testStore.db, reading())).not.toBeNull();
  });
});

describe('ListingIndex.firstOrdinals', () => {
  it("gives a filtered listing's first ordinals and total exactly as the whole listing does, and leaves long walks to it", async () => {
    const index = (await readListingIndex(testStore.db, { chunkRows: 1000, between: async () => undefined, stopped: () => false }))!;
    const rows = await testStore.db.execute(
      sql`select supplier_id, lower(varietal) as varietal, lower(region) as region, lower(country) as country from ${products} order by ${products.ordinal} limit 1 offset 7`,
    );
    const sample = (rows as unknown as { rows: Array<{ supplier_id: string; varietal: string; region: string; country: string }> }).rows[0]!;
    const filterSets: IndexedFilters[] = [
      { varietal: sample.varietal },
      { supplierId: sample.supplier_id },
      { country: sample.country, varietal: sample.varietal },
      { supplierId: sample.supplier_id, region: sample.region },
      { varietal: 'no such grape' },
    ];
    let compared = 0;
    for (const filters of filterSets) {
      for (const sort of SORTS) {
        const whole = Array.from(index.ordinals(filters, sort).slice(0, 300));
        for (const count of [1, 5, 29, 300]) {
          const early = index.firstOrdinals(filters, sort, count, 300)!;
          expect(early, JSON.stringify({ filters, sort, count })).not.toBeNull();
          expect(early.total).toBe(whole.length);
          expect(Array.from(early.ordinals)).toEqual(whole.slice(0, count));
          compared += early.ordinals.length;
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
    // A listing of about a tenth of the catalog: its 29th product lies beyond 29 steps of the order.
    const country = { country: sample.country };
    expect(index.firstOrdinals(country, undefined, 29, 29)).toBeNull();
    expect(index.firstOrdinals(country, undefined, 29, 300)?.ordinals.length).toBe(Math.min(29, index.ordinals(country, undefined).length));
  });
});

describe('ListingIndex.ordinals', () => {
  it("gives a filtered listing's pages asked in any order exactly as its whole listing, and its total before any walk", async () => {
    const index = (await readListingIndex(testStore.db, { chunkRows: 1000, between: async () => undefined, stopped: () => false }))!;
    const rows = await testStore.db.execute(
      sql`select ordinal, supplier_id, lower(varietal) as varietal, lower(region) as region, lower(country) as country from ${products} order by ${products.ordinal}`,
    );
    const table = (rows as unknown as { rows: Array<{ ordinal: number; supplier_id: string; varietal: string; region: string; country: string }> }).rows;
    const sample = table[7]!;
    const filterSets: IndexedFilters[] = [
      { varietal: sample.varietal },
      { supplierId: sample.supplier_id },
      { country: sample.country, varietal: sample.varietal },
      { supplierId: sample.supplier_id, region: sample.region },
    ];
    const passes = (filters: IndexedFilters, row: (typeof table)[number]) =>
      (filters.varietal === undefined || filters.varietal === row.varietal) &&
      (filters.supplierId === undefined || filters.supplierId === row.supplier_id) &&
      (filters.region === undefined || filters.region === row.region) &&
      (filters.country === undefined || filters.country === row.country);
    for (const filters of filterSets) {
      const passing = new Set(table.filter((row) => passes(filters, row)).map((row) => Number(row.ordinal)));
      for (const sort of SORTS) {
        const order = Array.from(index.ordinals({}, sort).slice(0, index.size));
        const whole = order.filter((ordinal) => passing.has(ordinal));
        expect(whole.length).toBeGreaterThan(0);
        const label = JSON.stringify({ filters, sort });
        for (const size of [1, 3, 7]) {
          const listing = index.ordinals(filters, sort);
          expect(listing.length, label).toBe(whole.length);
          // The last page first, then from the start, then past the end.
          const starts = [Math.max(0, whole.length - size), ...Array.from({ length: Math.ceil(whole.length / size) }, (_, page) => page * size), whole.length + 2];
          for (const start of starts) {
            expect(Array.from(listing.slice(start, start + size)), `${label} from ${start}`).toEqual(whole.slice(start, start + size));
          }
        }
      }
    }
  });
});
