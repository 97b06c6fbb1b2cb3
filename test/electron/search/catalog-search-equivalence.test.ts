import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CatalogProduct } from '../../../shared';
import { CATALOG_SORTS, CatalogSearchInput, NON_VINTAGE, type CatalogSearchResult } from '../../../shared/bridge';
import { createCatalogSearch } from '../../../electron/core/search/catalog-search';
import { catalogDatabase, detailOf } from './catalog-database';
import type { SearchIndexOptions } from '../../../electron/core/search/search-index';
import { createReferenceSearch } from './reference-search';

/**
 * The search (its pass over the hits, and the combinations of facet values counted for queries
 * without text) answers exactly what the plain scan answers (reference-search.ts): the same page,
 * total and facet counts, for random catalogs written through list pages and the change feed
 * (products changed, moved between combinations and removed after they were counted) and random
 * queries; with a table of combinations that may overflow (then the pass over the columns answers).
 * Sorted pages are also read from the kept orders (order-walk.ts) whenever a sort has one
 * (`orderWalks: 'always'`), as the search chooses (`auto`) and never: asked before the feed's
 * changes (so the orders are made, then changed under them) and after, with a limit of changed
 * positions that the feed may pass (then the orders are dropped and made again).
 */

const WORDS = ['cabernet', 'chardonnay', 'estate', 'reserve', 'valley', 'rose', 'sauvignon', 'blanc', 'noir', 'old', 'vine', 'napa'];
const VARIETALS = ['Cabernet Sauvignon', 'Chardonnay', 'Pinot Noir', 'Rosé'];
const REGIONS = ['Napa Valley', 'Sonoma', 'Bordeaux', 'Mendoza'];
const COUNTRIES = ['USA', 'France', 'Argentina'];
const SUPPLIERS = [
  { id: 'sup_a', name: 'Silverado Cellars', location: 'Napa, CA' },
  { id: 'sup_b', name: 'Château Lumière', location: 'Pauillac, FR' },
  { id: 'sup_c', name: 'Bodega Andes', location: 'Mendoza, AR' },
];
const VINTAGES = [null, 2018, 2019, 2020];
const PRICES = [9_000, 12_000, 12_000, 25_000, 40_000];
const TIMES = ['2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'];

const product = fc.record({
  name: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map((words) => words.join(' ')),
  varietal: fc.constantFrom(...VARIETALS),
  region: fc.constantFrom(...REGIONS),
  country: fc.constantFrom(...COUNTRIES),
  supplier: fc.constantFrom(...SUPPLIERS),
  vintage: fc.constantFrom(...VINTAGES),
  price: fc.constantFrom(...PRICES),
  stock: fc.constantFrom(0, 3, 50),
  minimum: fc.constantFrom(1, 5),
  created: fc.constantFrom(...TIMES),
});
type Generated = typeof product extends fc.Arbitrary<infer T> ? T : never;

const itemOf = (id: number, made: Generated): CatalogProduct => ({
  id: `prod_${id}`,
  name: made.name,
  brand: made.supplier.name,
  varietal: made.varietal,
  vintage: made.vintage,
  region: made.region,
  appellation: null,
  abv: 13.5,
  size_ml: 750,
  pack_size: 12,
  case_price_cents: made.price,
  bottle_price_cents: Math.round(made.price / 12),
  inventory_available: made.stock,
  minimum_order: made.minimum,
  supplier: made.supplier,
  image_url: null,
  created_at: made.created,
});

/** A product of the feed: a new or changed product (with its detail's country), or a removal. */
const feedEntry = fc.oneof(
  fc.record({ id: fc.integer({ min: 0, max: 40 }), made: product }).map((entry) => ({ ...entry, removed: false })),
  fc.record({ id: fc.integer({ min: 0, max: 40 }) }).map((entry) => ({ ...entry, made: null, removed: true })),
);

const filterValue = <T extends string>(values: readonly T[]) => fc.option(fc.constantFrom(...values, 'Nowhere' as T), { nil: undefined, freq: 2 });
// `freq: 2`: each filter is left out half the time (fast-check's default, one time in five, would
// seldom leave a query without a price range or favourites, the queries counted by combinations).
const query = fc.record({
  text: fc.oneof(
    fc.constant(''),
    fc.constantFrom(...WORDS),
    fc.constantFrom(...WORDS).map((word) => word.slice(0, 1 + (word.length % 3))),
    fc.constantFrom('chardonay', 'sauvignan', 'napa val', 'old vine', 'rese'),
  ),
  varietal: filterValue(VARIETALS),
  region: filterValue(REGIONS),
  country: filterValue(COUNTRIES),
  supplierId: filterValue(SUPPLIERS.map((supplier) => supplier.id)),
  vintage: fc.option(fc.constantFrom('2018', '2019', '2020', NON_VINTAGE, '1999'), { nil: undefined, freq: 2 }),
  minPriceCents: fc.option(fc.constantFrom(10_000, 12_000), { nil: undefined, freq: 2 }),
  maxPriceCents: fc.option(fc.constantFrom(12_000, 30_000), { nil: undefined, freq: 2 }),
  inStock: fc.option(fc.boolean(), { nil: undefined, freq: 2 }),
  sort: fc.option(fc.constantFrom(...CATALOG_SORTS), { nil: undefined, freq: 2 }),
  offset: fc.constantFrom<number>(0, 0, 3, 20),
  limit: fc.integer({ min: 1, max: 15 }),
  only: fc.option(fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 10 }), { nil: undefined, freq: 2 }),
});

type Query = typeof query extends fc.Arbitrary<infer T> ? T : never;

/** A sorted query with at most one facet filter, sometimes a price range or text. */
const sortedQuery: fc.Arbitrary<Query> = fc
  .record({
    text: fc.constantFrom('', '', 'valley', 'valley', 'napa', 'n', 'sa', 'rese', 'old vine'),
    facet: fc.constantFrom(undefined, undefined, ['varietal', 'Chardonnay'] as const, ['region', 'Napa Valley'] as const, ['supplierId', 'sup_b'] as const, ['vintage', NON_VINTAGE] as const),
    minPriceCents: fc.option(fc.constantFrom(10_000, 12_000), { nil: undefined, freq: 3 }),
    maxPriceCents: fc.option(fc.constantFrom(12_000, 30_000), { nil: undefined, freq: 3 }),
    inStock: fc.option(fc.constant(true), { nil: undefined, freq: 4 }),
    sort: fc.option(fc.constantFrom(...CATALOG_SORTS), { nil: undefined, freq: 5 }),
    offset: fc.constantFrom<number>(0, 0, 0, 2, 7),
    limit: fc.integer({ min: 1, max: 6 }),
  })
  .map(({ facet, ...rest }) => ({
    varietal: undefined,
    region: undefined,
    country: undefined,
    supplierId: undefined,
    vintage: undefined,
    only: undefined,
    ...rest,
    ...(facet ? { [facet[0]]: facet[1] } : {}),
  }));

/**
 * Text ranked by relevance with a small page: the heap is full early and most hits are ruled out
 * by their rank alone when no hit of their 32 positions can score better (hit-pass.ts).
 */
const relevanceQuery: fc.Arbitrary<Query> = fc
  .record({
    text: fc.oneof(
      fc.constantFrom(...WORDS),
      fc.constantFrom(...WORDS).map((word) => word.slice(0, 1 + (word.length % 3))),
      fc.constantFrom('napa valley', 'old vine', 'reserve estate', 'valley rose', 'sauvignon blanc', 'cabernet n', 'e', 'v'),
    ),
    inStock: fc.option(fc.constant(true), { nil: undefined, freq: 4 }),
    varietal: fc.option(fc.constantFrom(...VARIETALS), { nil: undefined, freq: 4 }),
    offset: fc.constantFrom<number>(0, 0, 1, 4),
    limit: fc.integer({ min: 1, max: 4 }),
  })
  .map((rest) => ({ region: undefined, country: undefined, supplierId: undefined, vintage: undefined, minPriceCents: undefined, maxPriceCents: undefined, sort: undefined, only: undefined, ...rest }));

const answer = (result: CatalogSearchResult) => ({ ids: result.items.map((item) => item.id), total: result.total, facets: result.facets });

describe('catalog search against the plain scan', () => {
  it('gives the same page, total and facet counts for random catalogs, changes and queries', () => {
    fc.assert(
      fc.property(
        fc.array(product, { minLength: 0, maxLength: 30 }),
        fc.array(fc.array(feedEntry, { maxLength: 12 }), { maxLength: 3 }),
        fc.array(query, { minLength: 1, maxLength: 12 }),
        fc.constantFrom(undefined, 4),
        (listed, feedPages, queries, maxFacetGroups) => checkAgainstReference(listed, feedPages, queries, { maxFacetGroups }),
      ),
      { numRuns: 80 },
    );
  });

  it('reads sorted pages from the kept orders as the plain scan ranks them, ties and changes included', () => {
    // Larger catalogs, few filters and sorted queries: pages cut through runs of one price, time or score.
    fc.assert(
      fc.property(
        fc.array(product, { minLength: 10, maxLength: 80, size: 'large' }),
        fc.array(fc.array(feedEntry, { maxLength: 12 }), { maxLength: 3 }),
        fc.array(sortedQuery, { minLength: 1, maxLength: 10 }),
        fc.constantFrom(undefined, 5),
        (listed, feedPages, queries, maxOrderChanges) => checkAgainstReference(listed, feedPages, queries, { maxOrderChanges }),
      ),
      { numRuns: 60 },
    );
  });

  it('ranks text by relevance as the plain scan when the page is small and the hits many', () => {
    fc.assert(
      fc.property(
        fc.array(product, { minLength: 40, maxLength: 160, size: 'large' }),
        fc.array(fc.array(feedEntry, { maxLength: 12 }), { maxLength: 2 }),
        fc.array(relevanceQuery, { minLength: 1, maxLength: 10 }),
        (listed, feedPages, queries) => checkAgainstReference(listed, feedPages, queries, {}),
      ),
      { numRuns: 40 },
    );
  });
});

/**
 * A list page (countries learned from the region's details), then pages of the feed; every query
 * answered alike by the search (choosing, always and never reading orders) and the plain scan,
 * before the feed, after it and after the index is read back.
 */
function checkAgainstReference(listed: Generated[], feedPages: { id: number; made: Generated | null; removed: boolean }[][], queries: Query[], options: SearchIndexOptions) {
  const database = catalogDatabase(
    listed.map((made, id) => itemOf(id, made)),
    '2026-11-22T08:00:00.000Z',
    [],
    options,
  );
  const searches = (['auto', 'always', 'never'] as const).map((orderWalks) => createCatalogSearch(database, { orderWalks }));
  const reference = createReferenceSearch(database);
  const compare = () => {
    for (const { only, ...input } of queries) {
      const parsed = { ...CatalogSearchInput.parse(input), ...(only ? { onlyIds: only.map((id) => `prod_${id}`) } : {}) };
      const expected = answer(reference.search(parsed));
      for (const search of searches) expect(answer(search.search(parsed))).toEqual(expected);
    }
  };
  compare();
  feedPages.forEach((entries, page) => {
    const changes = entries.map((entry) =>
      entry.removed
        ? { type: 'product.removed' as const, id: `prod_${entry.id}` }
        : { type: 'product.changed' as const, product: detailOf(itemOf(entry.id, entry.made!), { id: `prod_${entry.id}`, sku: `SKU-${entry.id}`, upc: null, country: entry.made!.country }) },
    );
    database.applyChanges(changes, `cursor-${page}`, '2026-11-22T09:00:00.000Z');
  });
  compare();
  // Read back from the database, as when it opens: the combinations are counted from the columns.
  database.index.load();
  compare();
  database.db.close();
}
