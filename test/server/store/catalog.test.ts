import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogProduct, Product, Supplier, SupplierProduct, type CatalogProduct as CatalogProductType, type ProductListQuery } from '../../../shared';
import { createTestStore, TEST_PUBLIC_BASE_URL, type TestStore } from '../../support/store-fixture';
import { foldForSearch } from '../../../server/store/catalog/search-text';

let testStore: TestStore;
beforeAll(async () => {
  testStore = await createTestStore();
});
afterAll(() => testStore?.close());

const products = (query: Partial<ProductListQuery>) => testStore.store.listProducts({ page: 1, per_page: 100, ...query });

async function allPages(query: Partial<ProductListQuery>): Promise<CatalogProductType[]> {
  const found: CatalogProductType[] = [];
  for (let page = 1; ; page += 1) {
    const result = await products({ ...query, page });
    found.push(...result.data);
    if (page >= result.meta.total_pages) return found;
  }
}

describe('listSuppliers', () => {
  it('pages through every supplier in name order with the envelope', async () => {
    const first = await testStore.store.listSuppliers({ page: 1, per_page: 7 });
    expect(first.meta.total).toBeGreaterThanOrEqual(30);
    expect(first.meta).toEqual({ total: first.meta.total, page: 1, per_page: 7, total_pages: Math.ceil(first.meta.total / 7) });
    const seen = [];
    for (let page = 1; page <= first.meta.total_pages; page += 1) {
      const result = await testStore.store.listSuppliers({ page, per_page: 7 });
      for (const supplier of result.data) Supplier.strict().parse(supplier);
      seen.push(...result.data);
    }
    expect(new Set(seen.map((supplier) => supplier.id)).size).toBe(first.meta.total);
    const names = seen.map((supplier) => supplier.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(seen.reduce((sum, supplier) => sum + supplier.total_products, 0)).toBe(2_000);
  });

  it('answers a page past the end with no data and the true total', async () => {
    const result = await testStore.store.listSuppliers({ page: 99, per_page: 50 });
    expect(result.data).toEqual([]);
    expect(result.meta.total).toBeGreaterThanOrEqual(30);
  });

  it('searches name and location by word prefix', async () => {
    const all = await testStore.store.listSuppliers({ page: 1, per_page: 100 });
    const target = all.data.find((supplier) => supplier.dba_name === null)!;
    const prefix = target.name.split(' ')[0]!.slice(0, 4);
    const byName = await testStore.store.listSuppliers({ page: 1, per_page: 100, q: prefix.toUpperCase() });
    expect(byName.data.map((supplier) => supplier.id)).toContain(target.id);
    for (const supplier of byName.data) {
      expect(foldForSearch(`${supplier.name} ${supplier.dba_name ?? ''} ${supplier.location}`)).toMatch(new RegExp(`\\b${foldForSearch(prefix)}`));
    }
    const city = target.location.split(',')[0]!;
    const byCity = await testStore.store.listSuppliers({ page: 1, per_page: 100, q: city });
    expect(byCity.data.map((supplier) => supplier.id)).toContain(target.id);
    expect(byCity.data.every((supplier) => supplier.location.startsWith(city) || supplier.name.includes(city.split(' ')[0]!))).toBe(true);
  });

  it('filters by region, state or city', async () => {
    const inCalifornia = await testStore.store.listSuppliers({ page: 1, per_page: 100, region: 'ca' });
    expect(inCalifornia.meta.total).toBeGreaterThan(5);
    expect(inCalifornia.data.every((supplier) => supplier.location.endsWith(', CA'))).toBe(true);
    const napa = await testStore.store.listSuppliers({ page: 1, per_page: 100, region: 'Napa Valley' });
    expect(napa.meta.total).toBeGreaterThan(0);
    expect(napa.data.every((supplier) => supplier.location.endsWith(', CA'))).toBe(true);
    const oneCity = inCalifornia.data[0]!.location.split(', ')[0]!;
    const byCity = await testStore.store.listSuppliers({ page: 1, per_page: 100, region: oneCity });
    expect(byCity.data.every((supplier) => supplier.location === `${oneCity}, CA`)).toBe(true);
    expect((await testStore.store.listSuppliers({ page: 1, per_page: 100, region: 'Atlantis' })).meta.total).toBe(0);
  });

  it('survives hostile search text', async () => {
    for (const q of [`'&|!():*\\`, "O'Brien", 'a:*', '!!!', '(((', 'x & | y', '🍷', 'z'.repeat(200)]) {
      const result = await testStore.store.listSuppliers({ page: 1, per_page: 10, q });
      expect(result.meta.total).toBe(result.data.length > 0 ? result.meta.total : 0);
    }
  });
});

describe('listSupplierProducts', () => {
  it('lists one supplier’s products, all of them across pages', async () => {
    const [supplier] = (await testStore.store.listSuppliers({ page: 1, per_page: 1 })).data;
    const first = await testStore.store.listSupplierProducts(supplier!.id, { page: 1, per_page: 10 });
    expect(first!.meta.total).toBe(supplier!.total_products);
    const ids = new Set<string>();
    for (let page = 1; page <= first!.meta.total_pages; page += 1) {
      const result = await testStore.store.listSupplierProducts(supplier!.id, { page, per_page: 10 });
      for (const product of result!.data) {
        SupplierProduct.strict().parse(product);
        ids.add(product.id);
      }
    }
    expect(ids.size).toBe(supplier!.total_products);
    const viaCatalog = await products({ supplier_id: supplier!.id });
    expect(viaCatalog.meta.total).toBe(supplier!.total_products);
  });

  it('is null for an unknown supplier', async () => {
    expect(await testStore.store.listSupplierProducts('sup_doesnotexist', { page: 1, per_page: 10 })).toBeNull();
  });
});

describe('listProducts', () => {
  it('returns catalog items with exactly the list fields and absolute image URLs', async () => {
    const result = await products({ per_page: 5 });
    expect(result.meta).toEqual({ total: 2_000, page: 1, per_page: 5, total_pages: 400 });
    for (const product of result.data) {
      CatalogProduct.strict().parse(product);
      expect(product.image_url).toBe(`${TEST_PUBLIC_BASE_URL}/images/products/${product.id}.svg`);
    }
  });

  it('sorts by name by default and keeps pages disjoint', async () => {
    const pageOne = await products({ per_page: 50 });
    const pageTwo = await products({ per_page: 50, page: 2 });
    const names = [...pageOne.data, ...pageTwo.data].map((product) => product.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const ids = new Set([...pageOne.data, ...pageTwo.data].map((product) => product.id));
    expect(ids.size).toBe(100);
  });

  it.each([
    ['price_asc', (a: CatalogProductType, b: CatalogProductType) => a.case_price_cents - b.case_price_cents || (a.id < b.id ? -1 : 1)],
    ['price_desc', (a: CatalogProductType, b: CatalogProductType) => b.case_price_cents - a.case_price_cents || (a.id < b.id ? 1 : -1)],
    ['newest', (a: CatalogProductType, b: CatalogProductType) => b.created_at.localeCompare(a.created_at) || (a.id < b.id ? 1 : -1)],
    ['name', (a: CatalogProductType, b: CatalogProductType) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1)],
  ] as const)('sorts by %s with the id breaking ties, across pages', async (sort, compare) => {
    const cabernet = await allPages({ varietal: 'Cabernet Sauvignon', sort });
    expect(cabernet.length).toBeGreaterThan(100);
    expect(cabernet.map((product) => product.id)).toEqual([...cabernet].sort(compare).map((product) => product.id));
  });

  it('filters by varietal, region, country and supplier, ignoring case, and combines them', async () => {
    const pinot = await allPages({ varietal: 'pinot NOIR' });
    expect(pinot.length).toBeGreaterThan(0);
    expect(pinot.every((product) => product.varietal === 'Pinot Noir')).toBe(true);
    const willamettePinot = await allPages({ varietal: 'Pinot Noir', region: 'willamette valley' });
    expect(willamettePinot.length).toBeGreaterThan(0);
    expect(willamettePinot.length).toBeLessThan(pinot.length);
    expect(willamettePinot.every((product) => product.region === 'Willamette Valley' && product.varietal === 'Pinot Noir')).toBe(true);
    const french = await products({ country: 'france', per_page: 100 });
    expect(french.meta.total).toBeGreaterThan(0);
    for (const product of french.data) expect((await testStore.store.getProduct(product.id))!.country).toBe('France');
    const supplierId = pinot[0]!.supplier.id;
    const ofSupplier = await allPages({ supplier_id: supplierId, varietal: 'Pinot Noir' });
    expect(ofSupplier.every((product) => product.supplier.id === supplierId)).toBe(true);
    expect(ofSupplier.length).toBe(pinot.filter((product) => product.supplier.id === supplierId).length);
    expect((await products({ varietal: 'Retsina' })).meta.total).toBe(0);
  });

  it('finds products by word prefixes of name, brand, varietal, region, appellation, supplier and SKU', async () => {
    const sample = (await testStore.store.getProduct((await products({ per_page: 1, page: 37 })).data[0]!.id))!;
    const searches = [
      sample.name.split(' ')[0]!.slice(0, 3),
      sample.varietal,
      sample.region,
      sample.appellation!,
      sample.supplier.name,
      sample.sku,
      sample.sku.toLowerCase(),
    ];
    for (const q of searches) {
      const found = await allPages({ q });
      expect(found.map((product) => product.id), q).toContain(sample.id);
    }
  });

  it('requires every word and matches without accents', async () => {
    const cab = await allPages({ q: 'cab' });
    expect(cab.length).toBeGreaterThan(0);
    const napaCab = await allPages({ q: 'napa cab' });
    expect(napaCab.length).toBeGreaterThan(0);
    expect(napaCab.length).toBeLessThan(cab.length);
    const withAccent = await products({ q: 'Château' });
    const without = await products({ q: 'chateau' });
    expect(withAccent.meta.total).toBeGreaterThan(0);
    expect(without.meta.total).toBe(withAccent.meta.total);
    expect(withAccent.data.every((product) => foldForSearch(`${product.name} ${product.brand} ${product.appellation}`).includes('chateau'))).toBe(true);
    expect((await products({ q: 'zzzqqq' })).meta.total).toBe(0);
  });

  it('matches a year in the text against the vintage: "2019", "napa 2019", "pinot 2019"', async () => {
    const every = await allPages({});
    const year = every.find((product) => product.vintage !== null && product.region === 'Napa Valley')?.vintage;
    if (!year) throw new Error('The test catalog has no Napa Valley vintage');
    const ofYear = await allPages({ q: String(year) });
    expect(ofYear.length).toBe(every.filter((product) => product.vintage === year).length);
    expect(ofYear.length).toBeGreaterThan(0);
    const napaYear = await allPages({ q: `napa ${year}` });
    expect(napaYear.length).toBe(every.filter((product) => product.vintage === year && product.region === 'Napa Valley').length);
    expect(napaYear.length).toBeGreaterThan(0);
    const pinot = every.find((product) => product.varietal === 'Pinot Noir' && product.vintage !== null)!;
    const pinotYear = await allPages({ q: `pinot ${pinot.vintage}`, sort: 'price_asc' });
    expect(pinotYear.map((product) => product.id)).toContain(pinot.id);
    expect(pinotYear.every((product) => product.vintage === pinot.vintage && /pinot/i.test(`${product.name} ${product.varietal}`))).toBe(true);
  });

  it('orders a search by relevance without repeating or losing rows across pages', async () => {
    const first = await products({ q: 'cab', per_page: 100 });
    const found = await allPages({ q: 'cab' });
    expect(found.length).toBe(first.meta.total);
    expect(new Set(found.map((product) => product.id)).size).toBe(found.length);
    expect((await products({ q: 'cab', per_page: 100 })).data).toEqual(first.data);
  });

  it('combines search with filters and a sort', async () => {
    const found = await allPages({ q: 'reserve', varietal: 'Cabernet Sauvignon', sort: 'price_asc' });
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((product) => product.varietal === 'Cabernet Sauvignon')).toBe(true);
    const prices = found.map((product) => product.case_price_cents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('never fails on hostile search text', async () => {
    const hostile = [`'&|!():*\\`, "'", '\\', ':*', 'a:*B', '!!!', '(', ')', '&', '|', '<->', "x' | 'y", 'null', '%', '_', '🍷🍷', '\u0000'.replace('\u0000', ' '), 'a'.repeat(200)];
    for (const q of hostile) {
      const result = await products({ q });
      expect(result.meta.page).toBe(1);
      expect(result.data.length).toBeLessThanOrEqual(100);
    }
    expect((await products({ q: `'&|!():*\\` })).meta.total).toBe(0);
  });
});

describe('getProduct', () => {
  it('returns the detail with the supplier’s product count', async () => {
    const item = (await products({ per_page: 1 })).data[0]!;
    const product = await testStore.store.getProduct(item.id);
    Product.strict().parse(product);
    expect(product).toMatchObject({
      id: item.id,
      name: item.name,
      case_price_cents: item.case_price_cents,
      supplier: { id: item.supplier.id, name: item.supplier.name, location: item.supplier.location },
    });
    const supplierProducts = await testStore.store.listSupplierProducts(item.supplier.id, { page: 1, per_page: 1 });
    expect(product!.supplier.total_products).toBe(supplierProducts!.meta.total);
  });

  it('is null for an unknown id', async () => {
    expect(await testStore.store.getProduct('prod_missing')).toBeNull();
  });
});
