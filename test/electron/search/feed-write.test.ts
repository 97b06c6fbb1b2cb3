import { describe, expect, it } from 'vitest';
import type { Product } from '../../../shared';
import { createCatalogSearch } from '../../../electron/core/search/catalog-search';
import { CatalogSearchInput } from '../../../shared/bridge';
import { PUBLIC } from '../../../electron/core/offline/offline-schema';
import { catalogDatabase, detailOf } from './catalog-database';
import { makeCatalog } from './catalog-fixture';

const asOf = '2026-11-22T08:00:00.000Z';
const catalog = makeCatalog(4);
const productIn = (index: number, region: string, country: string): Product => ({
  ...detailOf(catalog[index]!.item, { ...catalog[index]!.facts, country }),
  id: `prod_feed_${index}`,
  region,
});
const changed = (product: Product) => ({ type: 'product.changed' as const, product });

describe('writing pages of the change feed', () => {
  it('a page that fails (rolled back) forgets the region countries it learned: the next page learns them again', () => {
    const database = catalogDatabase([], asOf);
    const first = productIn(0, 'Tierra Nueva', 'Chile');
    // The second entry cannot be stored (a product without an id): the whole page is rolled back.
    const broken = { ...productIn(1, 'Tierra Nueva', 'Chile'), id: null } as unknown as Product;
    expect(() => database.applyChanges([changed(first), changed(broken)], 'cursor-1', asOf)).toThrow();
    const regionCountry = () => database.sql('SELECT country FROM region_countries WHERE region_key = ?').pluck().get('tierra nueva');
    expect(regionCountry()).toBeUndefined();

    database.applyChanges([changed(first)], 'cursor-1', asOf);
    expect(regionCountry()).toBe('Chile');
    // A product of that region listed without a detail of its own takes the region's country.
    const listed = { ...catalog[2]!.item, id: 'prod_listed', region: 'Tierra Nueva' };
    database.writeCatalogPage(1, null, [listed]);
    const search = createCatalogSearch(database);
    expect(search.search(CatalogSearchInput.parse({ country: 'Chile', limit: 10 })).items.map((item) => item.id).sort()).toEqual(['prod_feed_0', 'prod_listed']);
  });

  it('a product of the feed carries the country of its own detail, and its SKU is found', () => {
    const database = catalogDatabase([], asOf);
    const product = productIn(3, 'Valle Alto', 'Argentina');
    database.applyChanges([changed(product)], 'cursor-1', asOf);
    database.applyChanges([changed({ ...product, country: 'Uruguay' })], 'cursor-2', asOf);
    const search = createCatalogSearch(database);
    expect(search.search(CatalogSearchInput.parse({ country: 'Uruguay', limit: 10 })).items.map((item) => item.id)).toEqual(['prod_feed_3']);
    expect(search.search(CatalogSearchInput.parse({ country: 'Argentina', limit: 10 })).total).toBe(0);
    expect(search.lookupCode(product.sku!)?.id).toBe('prod_feed_3');
  });

  it('a change of price leaves the codes’ indexes unwritten; a change of name and codes moves them', () => {
    const database = catalogDatabase([], asOf);
    const product = { ...productIn(2, 'Valle Alto', 'Argentina'), sku: 'SKU-OLD-1', upc: '012345678905' };
    const other = { ...productIn(3, 'Valle Alto', 'Argentina'), name: 'Zz Last Of All' };
    database.applyChanges([changed(product), changed(other)], 'cursor-1', asOf);
    /** Database pages the next write puts in the WAL (emptied first). */
    const pagesWritten = (write: () => void) => {
      database.sql('PRAGMA wal_checkpoint(TRUNCATE)').run();
      write();
      return (database.sql('PRAGMA wal_checkpoint(PASSIVE)').get() as { log: number }).log;
    };
    const repriced = pagesWritten(() => database.applyChanges([changed({ ...product, case_price_cents: product.case_price_cents + 100 })], 'cursor-2', asOf));
    const recoded = pagesWritten(() => database.applyChanges([changed({ ...product, sku: 'SKU-NEW-2', upc: '012345678912', case_price_cents: product.case_price_cents + 200 })], 'cursor-3', asOf));
    // The two codes' indexes: two pages more (each a single page in this small database); a price alone writes neither.
    expect(recoded - repriced).toBe(2);
    database.applyChanges([changed({ ...product, name: 'Aa First Of All', sku: 'SKU-NEW-2', upc: '012345678912', case_price_cents: product.case_price_cents + 200 })], 'cursor-4', asOf);
    const search = createCatalogSearch(database);
    expect(search.lookupCode('SKU-NEW-2')?.id).toBe(product.id);
    expect(search.lookupCode('012345678912')?.id).toBe(product.id);
    expect(search.lookupCode('SKU-OLD-1')).toBeNull();
    expect(search.lookupCode('012345678905')).toBeNull();
    expect(search.search(CatalogSearchInput.parse({ sort: 'name', limit: 10 })).items.map((item) => item.id)).toEqual([product.id, other.id]);
    expect(search.search(CatalogSearchInput.parse({ text: 'first', limit: 10 })).items.map((item) => [item.id, item.case_price_cents])).toEqual([[product.id, product.case_price_cents + 200]]);
    // The same codes again (the price alone changed) keep them found.
    database.applyChanges([changed({ ...product, name: 'Aa First Of All', sku: 'SKU-NEW-2', upc: '012345678912', case_price_cents: 1 })], 'cursor-5', asOf);
    expect(search.lookupCode('SKU-NEW-2')?.id).toBe(product.id);
  });

  it('keeps the catalog’s size as products come, change and go, page after page', () => {
    const database = catalogDatabase([], asOf);
    const products = [0, 1, 2, 3].map((index) => productIn(index, 'Valle Alto', 'Argentina'));
    const stored = () => ({
      said: database.datasetInfo(PUBLIC, 'catalog')?.count,
      rows: database.sql('SELECT count(*) FROM products').pluck().get(),
      details: database.datasetInfo(PUBLIC, 'productDetails')?.count,
      detailRows: database.sql('SELECT count(*) FROM product_details').pluck().get(),
    });
    database.applyChanges(products.map(changed), 'cursor-1', asOf);
    expect(stored()).toEqual({ said: 4, rows: 4, details: 4, detailRows: 4 });
    database.applyChanges([changed({ ...products[0]!, name: 'Renamed' }), { type: 'product.removed', id: products[1]!.id }, { type: 'product.removed', id: 'prod_never_there' }], 'cursor-2', asOf);
    expect(stored()).toEqual({ said: 3, rows: 3, details: 3, detailRows: 3 });
    database.applyChanges([changed(products[1]!)], 'cursor-3', asOf);
    expect(stored()).toEqual({ said: 4, rows: 4, details: 4, detailRows: 4 });
    // A page that fails is rolled back whole, its counts with it.
    expect(() => database.applyChanges([{ type: 'product.removed', id: products[2]!.id }, changed({ ...products[3]!, id: null } as unknown as Product)], 'cursor-4', asOf)).toThrow();
    expect(stored()).toEqual({ said: 4, rows: 4, details: 4, detailRows: 4 });
    database.applyChanges([{ type: 'product.removed', id: products[2]!.id }, changed({ ...products[3]!, id: 'prod_new' })], 'cursor-5', asOf);
    expect(stored()).toEqual({ said: 4, rows: 4, details: 4, detailRows: 4 });
  });

  it('a page naming a product twice, or removing it and bringing it back, ends with its last entry', () => {
    const database = catalogDatabase([], asOf);
    const [first, second] = [0, 1].map((index) => productIn(index, 'Valle Alto', 'Argentina'));
    database.applyChanges([changed(first!), changed(second!)], 'cursor-1', asOf);
    database.applyChanges(
      [
        changed({ ...first!, case_price_cents: 1_111 }),
        changed({ ...first!, name: 'Twice Changed', case_price_cents: 2_222 }),
        { type: 'product.removed', id: second!.id },
        changed({ ...second!, case_price_cents: 3_333 }),
      ],
      'cursor-2',
      asOf,
    );
    const rows = database.sql('SELECT id, json_extract(json, \'$.case_price_cents\') FROM products ORDER BY id').raw().all();
    expect(rows).toEqual([
      [first!.id, 2_222],
      [second!.id, 3_333],
    ]);
    expect(database.productDetail(first!.id)?.detail).toMatchObject({ name: 'Twice Changed', case_price_cents: 2_222 });
    const search = createCatalogSearch(database);
    expect(search.search(CatalogSearchInput.parse({ text: 'twice', limit: 10 })).items.map((item) => item.id)).toEqual([first!.id]);
    expect(search.search(CatalogSearchInput.parse({ sort: 'price_asc', limit: 10 })).items.map((item) => [item.id, item.case_price_cents])).toEqual([
      [first!.id, 2_222],
      [second!.id, 3_333],
    ]);
  });

  it('a page of new prices and stock is seen at once by the price range, in-stock filter and price sorts, the text index untouched', () => {
    const database = catalogDatabase([], asOf);
    const products = [0, 1, 2, 3].map((index, order) => ({ ...productIn(index, 'Valle Alto', 'Argentina'), case_price_cents: 10_000 + order * 1_000, inventory_available: 500, minimum_order: 1 }));
    database.applyChanges(products.map(changed), 'cursor-1', asOf);
    const search = createCatalogSearch(database);
    const ids = (input: Record<string, unknown>) => search.search(CatalogSearchInput.parse({ limit: 10, ...input })).items.map((item) => item.id);
    // The sorted orders and the text's postings are made before the change, as a running app has them.
    expect(ids({ sort: 'price_asc' })).toEqual(products.map((product) => product.id));
    const postings = database.sql('SELECT count(*), sum(length(data)) FROM postings').raw().get();
    const [cheapest, second, third, dearest] = products;
    database.applyChanges(
      [changed({ ...dearest!, case_price_cents: 500 }), changed({ ...cheapest!, case_price_cents: 90_000 }), changed({ ...second!, inventory_available: 0 })],
      'cursor-2',
      asOf,
    );
    expect(database.sql('SELECT count(*), sum(length(data)) FROM postings').raw().get()).toEqual(postings);
    expect(ids({ sort: 'price_asc' })).toEqual([dearest!.id, second!.id, third!.id, cheapest!.id]);
    expect(ids({ sort: 'price_desc' })).toEqual([cheapest!.id, third!.id, second!.id, dearest!.id]);
    expect(ids({ maxPriceCents: 1_000, sort: 'price_asc' })).toEqual([dearest!.id]);
    expect(ids({ minPriceCents: 50_000 })).toEqual([cheapest!.id]);
    expect(ids({ inStock: true, sort: 'price_asc' })).toEqual([dearest!.id, third!.id, cheapest!.id]);
  });
});
