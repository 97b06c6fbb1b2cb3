import { describe, expect, it, vi } from 'vitest';
import { PER_PAGE_MAX, type PageQuery, type ProductListQuery } from '../../../shared';
import { ListingIndex } from '../../../server/store/catalog/listing-index';
import { warmUpFilters, warmUpListings, warmUpNotice } from '../../../server/store/catalog/listing-warm-up';
import type { Store } from '../../../server/store/types';

/** An index of `size` products (ordinals 1…size) of two suppliers, every order the ordinals' own. */
function indexOf(size: number): ListingIndex {
  const ordinals = Int32Array.from({ length: size }, (_, index) => index + 1);
  const codes = (pick: (ordinal: number) => number) => Uint16Array.from({ length: size + 1 }, (_, ordinal) => (ordinal === 0 ? 0 : pick(ordinal)));
  return new ListingIndex(
    'v1',
    { supplierId: codes((ordinal) => 1 + (ordinal % 2)), varietal: codes(() => 1), region: codes(() => 1), country: codes(() => 1) },
    { supplierId: new Map([['supplier-a', 1], ['supplier-b', 2]]), varietal: new Map([['merlot', 1]]), region: new Map([['napa', 1]]), country: new Map([['usa', 1]]) },
    { name: ordinals, price: ordinals, created: ordinals },
  );
}

/** A store that records the pages asked of it (failing from the `failAt`th on), answering empty pages. */
function recordingStore(failAt = Number.POSITIVE_INFINITY) {
  const asked: Array<{ supplierId?: string; query: ProductListQuery | PageQuery }> = [];
  const answer = (query: PageQuery) => {
    if (asked.length >= failAt) throw new Error('the database went away');
    return { data: [], meta: { page: query.page, per_page: query.per_page, total: 0, total_pages: 0 } };
  };
  const store: Pick<Store, 'listProducts' | 'listSupplierProducts'> = {
    listProducts: async (query) => {
      const page = answer(query);
      asked.push({ query });
      return page;
    },
    listSupplierProducts: async (supplierId, query) => {
      const page = answer(query);
      asked.push({ supplierId, query });
      return page;
    },
  };
  return { store, asked };
}

describe('warmUpListings', () => {
  it("asks full pages of the catalog in every sort and of suppliers' products, within each listing", async () => {
    const { store, asked } = recordingStore();
    await warmUpListings(store, indexOf(1_000), { pages: 40, smallestCatalog: 1_000 });
    expect(asked).toHaveLength(40);
    expect(asked.every(({ query }) => query.per_page === PER_PAGE_MAX && query.page >= 1)).toBe(true);
    const catalog = asked.filter(({ supplierId }) => supplierId === undefined);
    expect(new Set(catalog.map(({ query }) => (query as ProductListQuery).sort))).toEqual(new Set([undefined, 'price_asc', 'price_desc', 'name', 'newest']));
    expect(Math.max(...catalog.map(({ query }) => query.page))).toBeLessThanOrEqual(10);
    expect(new Set(catalog.map(({ query }) => query.page)).size).toBeGreaterThan(5);
    const suppliers = asked.filter(({ supplierId }) => supplierId !== undefined);
    expect(new Set(suppliers.map(({ supplierId }) => supplierId))).toEqual(new Set(['supplier-a', 'supplier-b']));
    // 500 products each: 5 pages.
    expect(suppliers.every(({ query }) => query.page <= 5)).toBe(true);
  });

  it('asks nothing of a small catalog, or without an index', async () => {
    const { store, asked } = recordingStore();
    await warmUpListings(store, indexOf(999), { pages: 40, smallestCatalog: 1_000 });
    await warmUpListings(store, null, { pages: 40, smallestCatalog: 0 });
    expect(asked).toHaveLength(0);
  });

  it('stops at the first page that fails, without failing, and says how far it went and why', async () => {
    const { store, asked } = recordingStore(3);
    const warmUp = await warmUpListings(store, indexOf(1_000), { pages: 40, smallestCatalog: 0 });
    expect(asked).toHaveLength(3);
    expect(warmUp.pagesRead).toBe(3);
    expect(warmUp.failure).toBeInstanceOf(Error);
    expect((warmUp.failure as Error).message).toBe('the database went away');
  });

  it('says it read every page and met no failure', async () => {
    const { store } = recordingStore();
    expect(await warmUpListings(store, indexOf(1_000), { pages: 40, smallestCatalog: 0 })).toEqual({ pagesRead: 40, failure: null });
    expect(await warmUpListings(store, indexOf(999), { pages: 40, smallestCatalog: 1_000 })).toEqual({ pagesRead: 0, failure: null });
  });

  it('tells the operator only a warm-up that stopped early, with its reason', () => {
    expect(warmUpNotice({ pagesRead: 80, failure: null }, 80)).toBeNull();
    expect(warmUpNotice({ pagesRead: 3, failure: new Error('the database went away') }, 80)).toBe(
      'The listings warm-up stopped after 3 of 80 pages (the database went away); the first listing pages asked will be slower.',
    );
  });
});

describe('warmUpFilters', () => {
  it('works out each filter alone and two together, first page and whole order, forwards and backwards', () => {
    const index = indexOf(1_000);
    const first = vi.spyOn(index, 'firstOrdinals');
    const whole = vi.spyOn(index, 'ordinals');
    // Four filters alone and one pair, two sorts each.
    expect(warmUpFilters(index)).toBe(5 * 2);
    expect(first).toHaveBeenCalledTimes(5 * 2);
    expect(whole).toHaveBeenCalledTimes(5 * 2);
    const listings = new Set(whole.mock.calls.map(([filters]) => Object.keys(filters).sort().join('+')));
    expect(listings).toEqual(new Set(['supplierId', 'varietal', 'region', 'country', 'country+region']));
    expect(new Set(whole.mock.calls.map(([, sort]) => sort))).toEqual(new Set([undefined, 'price_desc']));
    // Every value it filters by is one the catalog holds, so the loops run over the products.
    expect(whole.mock.results.every(({ value }) => (value as { length: number }).length > 0)).toBe(true);
  });

  it('changes nothing the index answers', () => {
    const index = indexOf(1_000);
    const before = Array.from(index.ordinals({ supplierId: 'supplier-b' }, 'price_desc').slice(0, 500));
    warmUpFilters(index);
    expect(Array.from(index.ordinals({ supplierId: 'supplier-b' }, 'price_desc').slice(0, 500))).toEqual(before);
    expect(index.firstOrdinals({ varietal: 'merlot' }, undefined, 3)).toEqual({ total: 1_000, ordinals: Int32Array.from([1, 2, 3]) });
  });
});
