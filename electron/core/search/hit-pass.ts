/**
 * The one pass of a catalog search over its hits (catalog-search.ts): each hit's filters checked,
 * the facets counted (each without its own filter) and the page's best kept in a bounded heap.
 * Written as one loop over the columns with everything it reads in locals — no call per hit but
 * the heap's and the sort key's (one object of one shape) — because at a million products this
 * loop is most of a search's time. When a combination of facet values decides every filter but the
 * price range and favourites (facet-groups.ts), `runGroupPass` counts hits per combination instead.
 */
import { FLAG_LIVE, FLAG_ORDERABLE, type Columns } from './catalog-columns';
import { popcount } from './posting-chunks';
import type { TopPositions } from './top-positions';

/** No filter on this facet. */
export const ANY = -1;

/** How a hit's sort key is read (lower first; ties in name order). */
export const SortKey = {
  /** Every hit ties: name order alone. */
  None: 0,
  PriceAscending: 1,
  PriceDescending: 2,
  Newest: 3,
  /** By a key per vintage id (`years`). */
  Year: 4,
  /** By a key per vintage id, non-vintage last either way (`years` holds the ascending keys). */
  YearDescending: 5,
  /** By the words matched (`words`). */
  Relevance: 6,
} as const;
export type SortKey = (typeof SortKey)[keyof typeof SortKey];

/** One word of a text query's bitmaps, for relevance: found in the name, found as the word itself. */
export interface RelevanceWord {
  name: Uint32Array;
  exact: Uint32Array;
}

export interface HitPass {
  columns: Columns;
  /** Positions are below this. */
  capacity: number;
  /** The text's hits as a bitmap; null: every live product. */
  match: Uint32Array | null;
  /** Each facet's wanted id (ANY for none); a value no product has is past 16 bits and never matches. */
  varietal: number;
  region: number;
  country: number;
  supplier: number;
  vintage: number;
  minPrice: number;
  maxPrice: number;
  inStock: boolean;
  /** Favourites: only these positions (a bitmap); null: no such filter. */
  only: Uint32Array | null;
  /** Facet counts to add to, by value id (empty arrays: not counted). */
  counts: { varietal: Int32Array; region: Int32Array; country: Int32Array; supplier: Int32Array; vintage: Int32Array };
  countFacets: boolean;
  /** The page's heap; null when the page needs no hits. */
  top: TopPositions | null;
  /** Hits already on the page (codes): not offered to the heap. */
  skip: ReadonlySet<number> | null;
  sort: SortKey;
  years: Float64Array;
  words: readonly RelevanceWord[];
}

const hasBit = (bitmap: Uint32Array, position: number) => (bitmap[position >>> 5]! & (1 << (position & 31))) !== 0;

/** What a hit's sort key is read from, in one object of one shape for every pass (so reading a key stays monomorphic). */
export class SortKeys {
  readonly sort: SortKey;
  readonly price: Uint32Array;
  readonly created: Uint32Array;
  readonly vintage: Uint16Array;
  readonly years: Float64Array;
  readonly names: Uint32Array[];
  readonly exacts: Uint32Array[];

  constructor(pass: Pick<HitPass, 'columns' | 'sort' | 'years' | 'words'>) {
    this.sort = pass.sort;
    this.price = pass.columns.price;
    this.created = pass.columns.created;
    this.vintage = pass.columns.vintage;
    this.years = pass.years;
    this.names = pass.words.map((word) => word.name);
    this.exacts = pass.words.map((word) => word.exact);
  }

  /** The key a hit is ranked by (see SortKey). */
  of(position: number): number {
    switch (this.sort) {
      case SortKey.None:
        return 0;
      case SortKey.PriceAscending:
        return this.price[position]!;
      case SortKey.PriceDescending:
        return -this.price[position]!;
      case SortKey.Newest:
        return -this.created[position]!;
      case SortKey.Year:
        return this.years[this.vintage[position]!]!;
      case SortKey.YearDescending: {
        const year = this.years[this.vintage[position]!]!;
        return year === Number.POSITIVE_INFINITY ? year : -year;
      }
      case SortKey.Relevance: {
        let score = 0;
        const { names, exacts } = this;
        for (let index = 0; index < names.length; index += 1) score += (hasBit(names[index]!, position) ? 2 : 1) + (hasBit(exacts[index]!, position) ? 1 : 0);
        return -score;
      }
    }
  }
}

/** Runs the pass; returns how many hits passed every filter. */
export function runHitPass(pass: HitPass): number {
  const { varietal, region, country, supplier, vintage, price, rank, flags } = pass.columns;
  const { match, only, top, skip, countFacets, capacity } = pass;
  const keys = new SortKeys(pass);
  const wantVarietal = pass.varietal;
  const wantRegion = pass.region;
  const wantCountry = pass.country;
  const wantSupplier = pass.supplier;
  const wantVintage = pass.vintage;
  const { minPrice, maxPrice, inStock } = pass;
  const others = minPrice > 0 || maxPrice !== Number.POSITIVE_INFINITY || inStock || only !== null;
  const varietals = pass.counts.varietal;
  const regions = pass.counts.region;
  const countries = pass.counts.country;
  const suppliers = pass.counts.supplier;
  const vintages = pass.counts.vintage;
  const words32 = Math.ceil(capacity / 32);
  let total = 0;
  for (let word = 0; word < words32; word += 1) {
    const base = word << 5;
    let bits: number;
    if (match !== null) bits = match[word]!;
    else {
      bits = 0;
      const end = Math.min(32, capacity - base);
      for (let bit = 0; bit < end; bit += 1) if ((flags[base + bit]! & FLAG_LIVE) !== 0) bits |= 1 << bit;
    }
    while (bits !== 0) {
      const lowest = bits & -bits;
      bits ^= lowest;
      const position = base + 31 - Math.clz32(lowest);
      // A failed filter is a bit: varietal 1, region 2, country 4, supplier 8, vintage 16, the rest (price, stock, favourites) 32.
      let failed = 0;
      if (wantVarietal !== ANY && varietal[position] !== wantVarietal) failed |= 1;
      if (wantRegion !== ANY && region[position] !== wantRegion) failed |= 2;
      if (wantCountry !== ANY && country[position] !== wantCountry) failed |= 4;
      if (wantSupplier !== ANY && supplier[position] !== wantSupplier) failed |= 8;
      if (wantVintage !== ANY && vintage[position] !== wantVintage) failed |= 16;
      if (others) {
        const cents = price[position]!;
        if (cents < minPrice || cents > maxPrice || (inStock && (flags[position]! & FLAG_ORDERABLE) === 0) || (only !== null && !hasBit(only, position))) failed |= 32;
      }
      if (failed === 0) {
        total += 1;
        if (countFacets) {
          varietals[varietal[position]!]! += 1;
          regions[region[position]!]! += 1;
          countries[country[position]!]! += 1;
          suppliers[supplier[position]!]! += 1;
          vintages[vintage[position]!]! += 1;
        }
        if (top !== null && (skip === null || !skip.has(position))) top.offer(position, keys.of(position), rank[position]!);
      } else if (countFacets) {
        // Failed only one facet's filter: counted for that facet (a facet is counted without its own filter).
        if (failed === 1) varietals[varietal[position]!]! += 1;
        else if (failed === 2) regions[region[position]!]! += 1;
        else if (failed === 4) countries[country[position]!]! += 1;
        else if (failed === 8) suppliers[supplier[position]!]! += 1;
        else if (failed === 16) vintages[vintage[position]!]! += 1;
      }
    }
  }
  return total;
}

/** A pass by combinations of facet values (facet-groups.ts): each position's combination, and the filters each combination fails (0: none). */
export type GroupPass = HitPass & { groupOf: Uint16Array; failures: Uint8Array };

/**
 * The pass by combinations of facet values: each hit that passes the filters of its own (price
 * range, favourites) is counted for its combination (one column read; the facet counts are made
 * from the combinations after) and offered to the heap when its combination passes too. A hit that
 * fails a filter of its own is counted for no facet, as in the plain pass (it fails a filter other
 * than the facet's). Without text, every live product is a hit (newest first read from the last
 * position back, see `offerGroupHits`). Returns the hits of each combination.
 */
export function runGroupPass(pass: GroupPass): Int32Array {
  const { rank, price } = pass.columns;
  const { match, top, skip, groupOf, failures, only, minPrice, maxPrice } = pass;
  const keys = new SortKeys(pass);
  const hits = new Int32Array(failures.length);
  const groups = failures.length;
  const ownFilters = minPrice > 0 || maxPrice !== Number.POSITIVE_INFINITY || only !== null;
  const end = Math.min(pass.capacity, groupOf.length);
  if (match === null) {
    const backwards = pass.sort === SortKey.Newest;
    for (let step = 0; step < end; step += 1) {
      const position = backwards ? end - 1 - step : step;
      const group = groupOf[position]!;
      if (group >= groups) continue;
      if (ownFilters) {
        const cents = price[position]!;
        if (cents < minPrice || cents > maxPrice || (only !== null && !hasBit(only, position))) continue;
      }
      hits[group]! += 1;
      if (failures[group] === 0 && top !== null) top.offer(position, keys.of(position), rank[position]!);
    }
    return hits;
  }
  const words32 = Math.min(match.length, Math.ceil(end / 32));
  const relevance = top !== null && pass.sort === SortKey.Relevance;
  for (let word = 0; word < words32; word += 1) {
    let bits = match[word]!;
    if (bits === 0) continue;
    const base = word << 5;
    // By relevance, once the heap is full: when no hit of these 32 can have a key below the last
    // kept's, a hit can enter only with that key and a lower rank, so its rank is read first.
    const byRankFirst = relevance && top.full && bestKeyIn(pass.words, word, bits) >= top.lastKey;
    while (bits !== 0) {
      const lowest = bits & -bits;
      bits ^= lowest;
      const position = base + 31 - Math.clz32(lowest);
      const group = groupOf[position]!;
      if (group >= groups) continue;
      if (ownFilters) {
        const cents = price[position]!;
        if (cents < minPrice || cents > maxPrice || (only !== null && !hasBit(only, position))) continue;
      }
      hits[group]! += 1;
      if (failures[group] !== 0 || top === null || (byRankFirst && rank[position]! >= top.lastRank)) continue;
      if (skip === null || !skip.has(position)) top.offer(position, keys.of(position), rank[position]!);
    }
  }
  return hits;
}

/** Whether the text's hits (`match`) are more than half of the positions below `end`. */
export function isDense(match: Uint32Array, end: number): boolean {
  const words32 = Math.min(match.length, Math.ceil(end / 32));
  let matched = 0;
  for (let word = 0; word < words32; word += 1) matched += popcount(match[word]!);
  return matched * 2 > end;
}

/**
 * The hits of each combination, counted without a page (`top` null) for text without filters of
 * its own (price range, favourites). When the text matches more than half the positions (a word of
 * one letter matches 55–84 % of the demo generator's million products: `c` 839,998), from each
 * combination's live products (`live`, facet-groups.ts) less the positions the text does not
 * match, which are fewer to read; otherwise by `runGroupPass`.
 */
export function countGroupHits(pass: GroupPass, live: Int32Array): Int32Array {
  const { match, groupOf, failures, only, minPrice, maxPrice } = pass;
  const ownFilters = minPrice > 0 || maxPrice !== Number.POSITIVE_INFINITY || only !== null;
  const end = Math.min(pass.capacity, groupOf.length);
  if (match === null || pass.top !== null || ownFilters || !isDense(match, end)) return runGroupPass(pass);
  const groups = failures.length;
  const hits = new Int32Array(groups);
  hits.set(live.subarray(0, groups));
  const words32 = Math.min(match.length, Math.ceil(end / 32));
  for (let word = 0; word < words32; word += 1) {
    const base = word << 5;
    let bits = ~match[word]!;
    if (end - base < 32) bits &= (1 << (end - base)) - 1;
    while (bits !== 0) {
      const lowest = bits & -bits;
      bits ^= lowest;
      const group = groupOf[base + 31 - Math.clz32(lowest)]!;
      if (group < groups) hits[group]! -= 1;
    }
  }
  // Positions past the bitmap are not hits either.
  for (let position = words32 << 5; position < end; position += 1) {
    const group = groupOf[position]!;
    if (group < groups) hits[group]! -= 1;
  }
  return hits;
}

/**
 * The lowest relevance key (SortKeys) any of the hits `bits` of one 32-bit word of the bitmaps can
 * have: each word of the text counted as found in the name and as itself when any of them was.
 */
function bestKeyIn(words: readonly RelevanceWord[], word: number, bits: number): number {
  let score = 0;
  for (let index = 0; index < words.length; index += 1) score += ((words[index]!.name[word]! & bits) !== 0 ? 2 : 1) + ((words[index]!.exact[word]! & bits) !== 0 ? 1 : 0);
  return -score;
}

/**
 * Offers to the heap every product whose combination of values passes (`failures` 0): the page of
 * a query without text that filters by facets and stock alone, reading two columns a position
 * instead of every filter's. Newest first goes from the last position back: products are mostly
 * added in the order they were created, so read forwards nearly every one would enter the heap
 * (the order read does not change the page: every product's rank differs).
 */
export function offerGroupHits(pass: GroupPass): void {
  const { rank } = pass.columns;
  const { top, groupOf, failures } = pass;
  if (top === null) return;
  const keys = new SortKeys(pass);
  const end = Math.min(pass.capacity, groupOf.length);
  const groups = failures.length;
  const backwards = pass.sort === SortKey.Newest;
  for (let step = 0; step < end; step += 1) {
    const position = backwards ? end - 1 - step : step;
    const group = groupOf[position]!;
    if (group < groups && failures[group] === 0) top.offer(position, keys.of(position), rank[position]!);
  }
}
