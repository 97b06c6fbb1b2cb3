import { beforeAll, describe, expect, it } from 'vitest';
import { CatalogSearchInput, NON_VINTAGE, type CatalogSearchInput as SearchInput } from '../../../shared/bridge';
import { createCatalogSearch } from '../../../electron/core/search/catalog-search';
import { catalogDatabase, detailOf } from './catalog-database';
import { makeCatalog } from './catalog-fixture';
import { orderableNow } from '../../../shared/orderable';

const catalog = makeCatalog(600);
const items = catalog.map((product) => product.item);
const asOf = '2026-11-22T08:00:00.000Z';

describe('catalog search over the offline database', () => {
  let index: ReturnType<typeof createCatalogSearch>;
  const search = (input: SearchInput) => index.search(CatalogSearchInput.parse(input));

  beforeAll(async () => {
    index = createCatalogSearch(catalogDatabase(items, asOf, catalog));
  });

  it('browses everything by name when there is no text, with paging', () => {
    const first = search({ limit: 10 });
    expect(first.total).toBe(600);
    expect(first.items).toHaveLength(10);
    const names = [...search({ limit: 500 }).items, ...search({ offset: 500, limit: 500 }).items].map((item) => item.name);
    expect(names).toHaveLength(600);
    const folded = (name: string) => name.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
    expect(names.map(folded)).toEqual(names.map(folded).sort());
    expect(search({ offset: 10, limit: 10 }).items.map((item) => item.name)).toEqual(names.slice(10, 20));
    expect(search({ offset: 595, limit: 10 }).items).toHaveLength(5);
    expect(first.freshness).toEqual({ asOf, fromCache: true });
  });

  it('matches a prefix: "cab" finds every Cabernet', () => {
    const result = search({ text: 'cab', limit: 500 });
    expect(result.total).toBe(100);
    expect(result.items.every((item) => item.varietal === 'Cabernet Sauvignon')).toBe(true);
  });

  it('forgives a typo in a long word: "cabernay" and "chardonay"', () => {
    expect(search({ text: 'cabernay' }).total).toBe(100);
    expect(search({ text: 'chardonay', limit: 500 }).items.every((item) => item.varietal === 'Chardonnay')).toBe(true);
    expect(search({ text: 'chardonay' }).total).toBe(100);
  });

  it('does not forgive typos in short words', () => {
    expect(search({ text: 'malbex' }).total).toBe(100);
    expect(search({ text: 'nior' }).total).toBe(0);
  });

  it('requires every word, ignores case and accents, and searches supplier and region', () => {
    expect(search({ text: 'pinot sonoma' }).total).toBe(search({ text: 'Pinot', region: 'Sonoma' }).total);
    expect(search({ text: 'pinot sonoma' }).items.every((item) => item.varietal === 'Pinot Noir' && item.region === 'Sonoma')).toBe(true);
    expect(search({ text: 'rose' }).total).toBe(100);
    expect(search({ text: 'LUMIERE' }).total).toBe(150);
  });

  it('applies structured filters, case-insensitively, and an unknown value matches nothing', () => {
    const result = search({ varietal: 'malbec', region: 'Mendoza', limit: 500 });
    expect(result.total).toBe(items.filter((item) => item.varietal === 'Malbec' && item.region === 'Mendoza').length);
    expect(result.total).toBe(50);
    expect(search({ varietal: 'Zinfandel' }).total).toBe(0);
    const priced = search({ minPriceCents: 20_000, maxPriceCents: 30_000, inStock: true, limit: 500 });
    const expected = items.filter((item) => item.case_price_cents >= 20_000 && item.case_price_cents <= 30_000 && item.inventory_available > 0);
    expect(priced.total).toBe(expected.length);
    expect(search({ supplierId: 'sup_bordeaux' }).total).toBe(150);
    expect(search({ country: 'argentina' }).total).toBe(150);
  });

  it('"in stock" keeps only what can be ordered: stock below the minimum order is left out, by the Add button\'s own rule', () => {
    const [first, second, third] = items;
    const shortOfMinimum = { ...first!, id: 'prod_short', inventory_available: 2, minimum_order: 3 };
    const justEnough = { ...second!, id: 'prod_enough', inventory_available: 3, minimum_order: 3 };
    const none = { ...third!, id: 'prod_none', inventory_available: 0, minimum_order: 1 };
    const small = createCatalogSearch(catalogDatabase([shortOfMinimum, justEnough, none], asOf));
    const found = small.search(CatalogSearchInput.parse({ inStock: true })).items.map((item) => item.id);
    expect(found).toEqual(['prod_enough']);
    expect([shortOfMinimum, justEnough, none].filter(orderableNow).map((item) => item.id)).toEqual(found);
  });

  it('keeps every hit when text is combined with a filter', () => {
    const text = search({ text: 'reserve', limit: 500 }).total;
    expect(text).toBe(600);
    const combined = search({ text: 'reserve', supplierId: 'sup_napa', limit: 500 });
    expect(combined.total).toBe(150);
    expect(combined.items).toHaveLength(150);
  });

  it('sorts by price both ways, by name and by newest', () => {
    const prices = (sort: 'price_asc' | 'price_desc') => search({ sort, limit: 500 }).items.map((item) => item.case_price_cents);
    const ascending = prices('price_asc');
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    const descending = prices('price_desc');
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
    const newest = search({ sort: 'newest', limit: 3 }).items.map((item) => item.id);
    expect(newest).toEqual(['prod_00599', 'prod_00598', 'prod_00597']);
    const sortedText = search({ text: 'merlot', sort: 'price_asc', limit: 500 }).items;
    expect(sortedText.map((item) => item.case_price_cents)).toEqual(sortedText.map((item) => item.case_price_cents).sort((a, b) => a - b));
  });

  it('ranks by relevance for text without a sort: the exact name comes first', () => {
    expect(search({ text: 'Silverado Cabernet Sauvignon Reserve 12' }).items[0]?.id).toBe('prod_00012');
  });

  it('counts facets for the text and the other filters, not the facet’s own filter', () => {
    const result = search({ text: 'cab', supplierId: 'sup_napa' });
    // Cabernets are products n % 6 == 0; Napa's are n % 4 == 0; so Napa Cabernets are n % 12 == 0.
    expect(result.total).toBe(50);
    expect(result.facets.varietal).toEqual([{ value: 'Cabernet Sauvignon', label: 'Cabernet Sauvignon', count: 50 }]);
    expect(result.facets.supplier).toEqual([
      { value: 'sup_bordeaux', label: 'Château Lumière', count: 50 },
      { value: 'sup_napa', label: 'Silverado Cellars', count: 50 },
    ]);
    expect(result.facets.country).toEqual([{ value: 'USA', label: 'USA', count: 50 }]);
    const browsing = search({ varietal: 'Merlot' });
    expect(browsing.facets.varietal.map((facet) => facet.count)).toEqual([100, 100, 100, 100, 100, 100]);
  });

  it('matches the vintage in free text: "2019", "napa 2019", "pinot 2019" (vintage is 2015 + n % 8)', () => {
    const of2019 = items.filter((item) => item.vintage === 2019);
    expect(search({ text: '2019' }).total).toBe(of2019.length);
    expect(search({ text: 'napa 2019', limit: 500 }).items.every((item) => item.vintage === 2019 && item.region === 'Napa Valley')).toBe(true);
    expect(search({ text: 'napa 2019' }).total).toBe(75);
    expect(search({ text: 'pinot 2019' }).total).toBe(25);
    expect(search({ text: '2019 pinot' }).total).toBe(25);
  });

  it('filters by vintage with counts per year, newest first, and sorts by vintage both ways, non-vintage last', async () => {
    const filtered = search({ vintage: '2019', limit: 500 });
    expect(filtered.total).toBe(75);
    expect(filtered.items.every((item) => item.vintage === 2019)).toBe(true);
    expect(search({ text: 'pinot', vintage: '2019' }).total).toBe(25);
    expect(search({ vintage: '1999' }).total).toBe(0);
    // The vintage facet counts with the other filters but not its own.
    expect(filtered.facets.vintage.map((facet) => facet.value)).toEqual(['2022', '2021', '2020', '2019', '2018', '2017', '2016', '2015']);
    expect(filtered.facets.vintage.every((facet) => facet.count === 75)).toBe(true);

    const withNonVintage = items.slice(0, 40).map((item, n) => (n % 10 === 0 ? { ...item, vintage: null } : item));
    const small = createCatalogSearch(catalogDatabase(withNonVintage, asOf));
    const smallSearch = (input: SearchInput) => small.search(CatalogSearchInput.parse({ limit: 500, ...input }));
    const descending = smallSearch({ sort: 'vintage_desc' }).items.map((item) => item.vintage);
    expect(descending.slice(0, -4)).toEqual(descending.slice(0, -4).sort((a, b) => (b ?? 0) - (a ?? 0)));
    expect(descending.slice(-4)).toEqual([null, null, null, null]);
    const ascending = smallSearch({ sort: 'vintage_asc' }).items.map((item) => item.vintage);
    expect(ascending[0]).toBe(2015);
    expect(ascending.slice(-4)).toEqual([null, null, null, null]);
    expect(smallSearch({ vintage: NON_VINTAGE }).total).toBe(4);
    expect(smallSearch({}).facets.vintage.at(-1)).toEqual({ value: NON_VINTAGE, label: 'Non-vintage', count: 4 });
  });

  it('looks up an exact SKU or UPC (also a 13-digit EAN with a leading zero), and finds a SKU by text', () => {
    expect(index.lookupCode('sku-nap-40')?.id).toBe('prod_00040');
    expect(index.lookupCode('100000000041')?.id).toBe('prod_00041');
    expect(index.lookupCode('0100000000041')?.id).toBe('prod_00041');
    expect(index.lookupCode('SKU-NAP-41')).toBeNull();
    expect(search({ text: 'SKU-BOR-42' }).items[0]?.id).toBe('prod_00042');
    expect(search({ text: 'SKU-BOR-42' }).items.map((item) => item.id)).toEqual(['prod_00042', 'prod_00422', 'prod_00426']);
  });
});

describe('a page in name order filtered by facets alone, read from each combination’s products in name order', () => {
  it('finds a product whose country changed (its detail arrived) after the lists were made', () => {
    const small = makeCatalog(40);
    const database = catalogDatabase(
      small.map((product) => product.item),
      asOf,
      small,
    );
    const index = createCatalogSearch(database);
    const search = (input: SearchInput) => index.search(CatalogSearchInput.parse(input));
    // The lists are made by the first such page.
    expect(search({ varietal: 'Malbec', limit: 5 }).items).toHaveLength(5);
    const moved = small[3]!;
    database.putProductDetails([{ detail: detailOf(moved.item, { ...moved.facts, country: 'Chile' }), etag: null, fetchedAt: asOf }]);
    const chile = search({ country: 'Chile', limit: 5 });
    expect(chile.total).toBe(1);
    expect(chile.items.map((item) => item.id)).toEqual([moved.item.id]);
    // It left its old combination's page too.
    expect(search({ country: 'France', limit: 50 }).items.map((item) => item.id)).not.toContain(moved.item.id);
  });
});
