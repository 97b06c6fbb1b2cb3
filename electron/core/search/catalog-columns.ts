import type { CatalogProduct } from '../../../shared';
import { NON_VINTAGE, type CatalogSort } from '../../../shared/bridge/search';
import { foldTerm } from './text-terms';
import { orderableNow } from '../../../shared/orderable';

/** Above every year, so non-vintage wines sort after the oldest vintage. */
const MAX_YEAR = 1_000_000;

export const FACETS = ['varietal', 'region', 'country', 'supplier', 'vintage'] as const;
export type FacetName = (typeof FACETS)[number];

/** The distinct values of one facet, numbered, so per-product columns hold small integers. */
export class FacetDictionary {
  readonly values: { value: string; label: string }[] = [];
  private readonly keyOf = new Map<string, number>();

  intern(value: string, label: string): number {
    const folded = foldTerm(value);
    let key = this.keyOf.get(folded);
    if (key === undefined) {
      key = this.values.length;
      this.keyOf.set(folded, key);
      this.values.push({ value, label });
    }
    return key;
  }

  /** -1 when no product has the value, so a filter on it matches nothing. */
  find(value: string): number {
    return this.keyOf.get(foldTerm(value)) ?? -1;
  }
}

/**
 * The catalog as columns: one typed array per filterable attribute and one precomputed order per
 * sort, so filtering, facet counting and sorting are plain loops over integers.
 */
export interface CatalogColumns {
  dictionaries: Record<FacetName, FacetDictionary>;
  keys: Record<FacetName, Int32Array>;
  price: Float64Array;
  /** 1 where the product can be ordered now (`orderableNow`): what the "In stock only" filter keeps. */
  inStock: Uint8Array;
  /** Product positions in the order of each sort. */
  orders: Record<CatalogSort, Int32Array>;
}

export function buildColumns(items: readonly CatalogProduct[]): CatalogColumns {
  const count = items.length;
  const dictionaries = {
    varietal: new FacetDictionary(),
    region: new FacetDictionary(),
    country: new FacetDictionary(),
    supplier: new FacetDictionary(),
    vintage: new FacetDictionary(),
  };
  const keys = {
    varietal: new Int32Array(count),
    region: new Int32Array(count),
    country: new Int32Array(count).fill(-1),
    supplier: new Int32Array(count),
    vintage: new Int32Array(count),
  };
  const price = new Float64Array(count);
  const inStock = new Uint8Array(count);
  const created = new Float64Array(count);
  /** The year, 0 for a non-vintage wine. */
  const vintage = new Int32Array(count);
  for (let index = 0; index < count; index += 1) {
    const item = items[index]!;
    keys.varietal[index] = dictionaries.varietal.intern(item.varietal, item.varietal);
    keys.region[index] = dictionaries.region.intern(item.region, item.region);
    keys.supplier[index] = dictionaries.supplier.intern(item.supplier.id, item.supplier.name);
    keys.vintage[index] = item.vintage === null
      ? dictionaries.vintage.intern(NON_VINTAGE, 'Non-vintage')
      : dictionaries.vintage.intern(String(item.vintage), String(item.vintage));
    price[index] = item.case_price_cents;
    inStock[index] = orderableNow(item) ? 1 : 0;
    created[index] = Date.parse(item.created_at);
    vintage[index] = item.vintage ?? 0;
  }

  // Case- and accent-folded names compared as plain strings: as fast as sorting gets, and the same
  // order whichever locale the app runs in.
  const sortKeys = items.map((item) => `${foldTerm(item.name)}\u0000${item.id}`);
  const byName = Int32Array.from({ length: count }, (_, index) => index).sort((a, b) =>
    sortKeys[a]! < sortKeys[b]! ? -1 : sortKeys[a]! > sortKeys[b]! ? 1 : 0,
  );
  const nameRank = new Int32Array(count);
  byName.forEach((position, rank) => {
    nameRank[position] = rank;
  });
  const thenByName = (compare: (a: number, b: number) => number) => (a: number, b: number) =>
    compare(a, b) || nameRank[a]! - nameRank[b]!;

  return {
    dictionaries,
    keys,
    price,
    inStock,
    orders: {
      name: byName,
      price_asc: byName.slice().sort(thenByName((a, b) => price[a]! - price[b]!)),
      price_desc: byName.slice().sort(thenByName((a, b) => price[b]! - price[a]!)),
      newest: byName.slice().sort(thenByName((a, b) => created[b]! - created[a]!)),
      // Non-vintage wines come last either way.
      vintage_desc: byName.slice().sort(thenByName((a, b) => vintage[b]! - vintage[a]!)),
      vintage_asc: byName.slice().sort(thenByName((a, b) => (vintage[a] || MAX_YEAR) - (vintage[b] || MAX_YEAR))),
    },
  };
}

/**
 * The catalog list item has no `country` (only the product detail does), so countries are filled
 * in from what the details tell: the product's own detail, else another product of the same region.
 * Products whose country is not known yet carry -1 and match no country filter.
 *
 * Details arrive in batches of a few hundred while the buyer searches, so each batch touches only
 * its own products, plus one pass over the catalog when it teaches the country of a new region.
 */
export class CountryAssigner {
  /** Products whose country came from their own detail, which a region's country never overrides. */
  private readonly ownCountry: Uint8Array;
  private readonly countryOfRegion = new Map<number, number>();

  constructor(private readonly columns: CatalogColumns) {
    this.ownCountry = new Uint8Array(columns.keys.country.length);
  }

  assign(facts: Iterable<{ position: number; country: string }>) {
    const { keys, dictionaries } = this.columns;
    const newRegions = new Set<number>();
    for (const { position, country } of facts) {
      const key = dictionaries.country.intern(country, country);
      keys.country[position] = key;
      this.ownCountry[position] = 1;
      const region = keys.region[position]!;
      if (!this.countryOfRegion.has(region)) {
        this.countryOfRegion.set(region, key);
        newRegions.add(region);
      }
    }
    if (newRegions.size === 0) return;
    for (let position = 0; position < keys.country.length; position += 1) {
      const region = keys.region[position]!;
      if (!this.ownCountry[position] && newRegions.has(region)) keys.country[position] = this.countryOfRegion.get(region)!;
    }
  }
}
