import type { CatalogSearchInput } from '../shared/bridge';

/** bench:core's search queries: texts, sorts, filters, and every prefix of a few typed queries. */
export function querySet(facets: { varietal: string[]; region: string[]; country: string[]; supplier: string[] }): CatalogSearchInput[] {
  const texts = ['cab', 'cabernet', 'cabernay', 'chardonay', 'pinot noir', 'reserve', 'merlot', 'malbec', 'rose', 'sauv', 'estate', 'valley', 'blanc', 'syrah', 'napa', 'chateau'];
  const queries: CatalogSearchInput[] = texts.map((text) => ({ text, limit: 50 }));
  queries.push(...texts.slice(0, 6).map((text, n) => ({ text, sort: (['price_asc', 'price_desc', 'name', 'newest'] as const)[n % 4], limit: 50 })));
  queries.push(...texts.slice(6, 12).map((text, n) => ({ text, varietal: facets.varietal[n % facets.varietal.length], limit: 50 })));
  queries.push(...facets.varietal.slice(0, 4).map((varietal) => ({ varietal, sort: 'newest' as const, limit: 50 })));
  queries.push(...facets.region.slice(0, 4).map((region) => ({ region, inStock: true, limit: 50 })));
  queries.push(...facets.country.slice(0, 2).map((country) => ({ country, sort: 'price_asc' as const, limit: 50 })));
  queries.push(...facets.supplier.slice(0, 3).map((supplierId) => ({ supplierId, limit: 50 })));
  queries.push({ minPriceCents: 20_000, maxPriceCents: 40_000, sort: 'price_desc', limit: 50 });
  queries.push({ limit: 50 }, { offset: 10_000, limit: 50 }, { text: 'reserve', offset: 500, limit: 50, sort: 'name' });
  // Search as you type: every prefix of a few queries, the shortest matching most of the catalog.
  for (const typed of ['pinot noir', 'napa valley', 'sauvignon blanc']) {
    for (let length = 1; length <= typed.length; length += 1) if (typed[length - 1] !== ' ') queries.push({ text: typed.slice(0, length), limit: 60 });
  }
  return queries;
}
