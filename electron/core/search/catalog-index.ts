import type { CatalogProduct } from '../../../shared';
import { NON_VINTAGE, type CatalogFacets, type CatalogSearchQuery, type CatalogSearchResult, type FacetCount } from '../../../shared/bridge/search';
import { CountryAssigner, buildColumns, type CatalogColumns, type FacetName } from './catalog-columns';
import { CodeTable, type ProductFacts } from './product-codes';
import { TextIndex, type TextHits } from './text-index';
import { textOf } from './text-terms';
import { topByScore } from './top-scores';

/** How many SKU-prefix hits a text query may add ahead of the text hits. */
const SKU_PREFIX_LIMIT = 50;
const FACET_VALUES_LIMIT = 200;
const CODE_LIKE = /[0-9-]/;
const RECENT_TEXTS = 16;

/** Years newest first, then the non-vintage wines. */
const byVintageDescending = (a: FacetCount, b: FacetCount) =>
  (b.value === NON_VINTAGE ? 0 : Number(b.value)) - (a.value === NON_VINTAGE ? 0 : Number(a.value));

const FAIL_VARIETAL = 1;
const FAIL_REGION = 2;
const FAIL_COUNTRY = 4;
const FAIL_SUPPLIER = 8;
const FAIL_VINTAGE = 16;
const FAIL_OTHER = 32;

export interface CatalogIndexStats {
  documents: number;
  codes: number;
  source: 'built' | 'snapshot';
  millis: number;
}

/**
 * Search over one catalog snapshot: a text index for free text (prefix on the word being typed,
 * typos in longer words, all words must match), typed-array columns for the structured filters, facet counts and
 * sorts, and a code table for exact SKU/UPC lookup. Filters are checked on every text hit, so a
 * text query combined with a filter never drops a matching product.
 */
export class CatalogIndex {
  private readonly columns: CatalogColumns;
  private readonly positionOf = new Map<string, number>();
  private readonly codes = new CodeTable();
  private readonly countries: CountryAssigner;
  private readonly recentTextHits = new Map<string, TextHits>();

  private constructor(
    readonly items: readonly CatalogProduct[],
    readonly asOf: string | null,
    private readonly text: TextIndex,
    readonly stats: CatalogIndexStats,
  ) {
    items.forEach((item, position) => this.positionOf.set(item.id, position));
    this.columns = buildColumns(items);
    this.countries = new CountryAssigner(this.columns);
  }

  static async build(items: readonly CatalogProduct[], asOf: string | null, facts: Iterable<ProductFacts> = []) {
    const started = performance.now();
    const text = await TextIndex.build(items.length, (position, field) => textOf(items[position]!, field));
    const index = new CatalogIndex(items, asOf, text, { documents: items.length, codes: 0, source: 'built', millis: 0 });
    index.addFacts(facts);
    index.stats.millis = performance.now() - started;
    return index;
  }

  /** An index with no products, answering every query with nothing. */
  static empty() {
    return new CatalogIndex([], null, TextIndex.empty(), { documents: 0, codes: 0, source: 'built', millis: 0 });
  }

  static fromSnapshot(items: readonly CatalogProduct[], asOf: string | null, snapshot: string, facts: Iterable<ProductFacts> = []) {
    const started = performance.now();
    const text = TextIndex.fromJSON(snapshot);
    if (text.documents !== items.length) throw new Error('the index snapshot does not match the catalog');
    const index = new CatalogIndex(items, asOf, text, { documents: items.length, codes: 0, source: 'snapshot', millis: 0 });
    index.addFacts(facts);
    index.stats.millis = performance.now() - started;
    return index;
  }

  /** The text index as JSON, to be saved next to the catalog and reloaded without rebuilding. */
  snapshot(): string {
    return JSON.stringify(this.text);
  }

  /** Adds what product details tell (SKU, UPC, country) as they are hydrated. */
  addFacts(facts: Iterable<ProductFacts>) {
    const countries: { position: number; country: string }[] = [];
    for (const fact of facts) {
      const position = this.positionOf.get(fact.id);
      if (position === undefined) continue;
      this.codes.set(fact);
      if (fact.country) countries.push({ position, country: fact.country });
    }
    this.countries.assign(countries);
    this.stats.codes = this.codes.size;
  }

  lookupCode(code: string): CatalogProduct | null {
    const id = this.codes.lookup(code);
    const position = id === undefined ? undefined : this.positionOf.get(id);
    return position === undefined ? null : this.items[position]!;
  }

  byId(id: string): CatalogProduct | null {
    const position = this.positionOf.get(id);
    return position === undefined ? null : this.items[position]!;
  }

  /** The wine regions each supplier's products come from, by supplier id, for the supplier search. */
  supplierRegions(): Record<string, string[]> {
    const { keys, dictionaries } = this.columns;
    const seen = new Map<number, Set<number>>();
    for (let position = 0; position < this.items.length; position += 1) {
      const supplier = keys.supplier[position]!;
      let regions = seen.get(supplier);
      if (!regions) seen.set(supplier, (regions = new Set()));
      regions.add(keys.region[position]!);
    }
    const result: Record<string, string[]> = {};
    for (const [supplier, regions] of seen) {
      result[dictionaries.supplier.values[supplier]!.value] = [...regions].map((region) => dictionaries.region.values[region]!.label).sort();
    }
    return result;
  }

  search(query: CatalogSearchQuery): CatalogSearchResult {
    const started = performance.now();
    const { columns } = this;
    const text = query.text.trim();
    /** null: no filter; -2: a value no product has, which matches nothing (unknown countries are -1). */
    const filterKey = (facet: FacetName, value: string | undefined) => {
      if (value === undefined) return null;
      const key = columns.dictionaries[facet].find(value);
      return key === -1 ? -2 : key;
    };
    const wanted = {
      varietal: filterKey('varietal', query.varietal),
      region: filterKey('region', query.region),
      country: filterKey('country', query.country),
      supplier: filterKey('supplier', query.supplierId),
      vintage: filterKey('vintage', query.vintage),
    };
    const minPrice = query.minPriceCents ?? -Infinity;
    const maxPrice = query.maxPriceCents ?? Infinity;
    const inStockOnly = query.inStock === true;
    const only = query.onlyIds ? new Set(query.onlyIds) : null;
    const items = this.items;

    const varietalKeys = columns.keys.varietal;
    const regionKeys = columns.keys.region;
    const countryKeys = columns.keys.country;
    const supplierKeys = columns.keys.supplier;
    const vintageKeys = columns.keys.vintage;
    const prices = columns.price;
    const stock = columns.inStock;
    const wantVarietal = wanted.varietal ?? -3;
    const wantRegion = wanted.region ?? -3;
    const wantCountry = wanted.country ?? -3;
    const wantSupplier = wanted.supplier ?? -3;
    const wantVintage = wanted.vintage ?? -3;
    const varietalCounts = new Int32Array(columns.dictionaries.varietal.values.length);
    const regionCounts = new Int32Array(columns.dictionaries.region.values.length);
    const countryCounts = new Int32Array(columns.dictionaries.country.values.length);
    const supplierCounts = new Int32Array(columns.dictionaries.supplier.values.length);
    const vintageCounts = new Int32Array(columns.dictionaries.vintage.values.length);

    const matched = new Uint8Array(this.items.length);
    let total = 0;
    /** Checks every filter; counts the product in each facet whose own filter is the only one it fails. */
    const consider = (position: number): boolean => {
      let failed = 0;
      if (wantVarietal !== -3 && varietalKeys[position] !== wantVarietal) failed |= FAIL_VARIETAL;
      if (wantRegion !== -3 && regionKeys[position] !== wantRegion) failed |= FAIL_REGION;
      if (wantCountry !== -3 && countryKeys[position] !== wantCountry) failed |= FAIL_COUNTRY;
      if (wantSupplier !== -3 && supplierKeys[position] !== wantSupplier) failed |= FAIL_SUPPLIER;
      if (wantVintage !== -3 && vintageKeys[position] !== wantVintage) failed |= FAIL_VINTAGE;
      const price = prices[position]!;
      if (price < minPrice || price > maxPrice || (inStockOnly && stock[position] === 0)) failed |= FAIL_OTHER;
      if (only && !only.has(items[position]!.id)) failed |= FAIL_OTHER;
      if (failed === 0) {
        matched[position] = 1;
        total += 1;
      }
      if (failed === 0 || failed === FAIL_VARIETAL) varietalCounts[varietalKeys[position]!]! += 1;
      if (failed === 0 || failed === FAIL_REGION) regionCounts[regionKeys[position]!]! += 1;
      if ((failed === 0 || failed === FAIL_COUNTRY) && countryKeys[position]! >= 0) countryCounts[countryKeys[position]!]! += 1;
      if (failed === 0 || failed === FAIL_SUPPLIER) supplierCounts[supplierKeys[position]!]! += 1;
      if (failed === 0 || failed === FAIL_VINTAGE) vintageCounts[vintageKeys[position]!]! += 1;
      return failed === 0;
    };
    const facetCounts: Record<FacetName, Int32Array> = { varietal: varietalCounts, region: regionCounts, country: countryCounts, supplier: supplierCounts, vintage: vintageCounts };

    /** Code hits (an exact SKU or UPC, then SKU prefixes) rank ahead of text hits, in that order. */
    const codeHits: number[] = [];
    /** Indexes into the text hits of those that pass the filters. */
    const textMatches: number[] = [];
    let hits: TextHits | null = null;
    if (text) {
      const seen = new Uint8Array(this.items.length);
      const visitCode = (position: number | undefined) => {
        if (position === undefined || seen[position]) return;
        seen[position] = 1;
        if (consider(position)) codeHits.push(position);
      };
      visitCode(this.positionOf.get(this.codes.lookup(text) ?? ''));
      // Only text that looks like a code (digits or dashes) is matched as the start of a SKU, so
      // words like "cab" rank by text relevance alone.
      if (CODE_LIKE.test(text)) for (const id of this.codes.skuPrefix(text, SKU_PREFIX_LIMIT)) visitCode(this.positionOf.get(id));
      hits = this.textHits(text);
      const { positions } = hits;
      for (let index = 0; index < positions.length; index += 1) {
        const position = positions[index]!;
        if (!seen[position] && consider(position)) textMatches.push(index);
      }
    } else {
      for (let position = 0; position < this.items.length; position += 1) consider(position);
    }

    const end = query.offset + query.limit;
    let pagePositions: number[];
    if (hits && !query.sort) {
      const best = topByScore(textMatches, hits.scores, hits.positions, end - codeHits.length).map((index) => hits.positions[index]!);
      pagePositions = [...codeHits, ...best].slice(query.offset, end);
    } else {
      pagePositions = [];
      const order = columns.orders[query.sort ?? 'name'];
      let rank = 0;
      for (let index = 0; index < order.length && rank < end; index += 1) {
        const position = order[index]!;
        if (!matched[position]) continue;
        if (rank >= query.offset) pagePositions.push(position);
        rank += 1;
      }
    }

    return {
      items: pagePositions.map((position) => this.items[position]!),
      total,
      facets: this.facetLists(facetCounts),
      tookMs: performance.now() - started,
      freshness: { asOf: this.asOf, fromCache: true },
    };
  }

  /**
   * Products matching the text, with their relevance. The last few texts are remembered, so
   * paging, sorting and refining filters for the same text do not search again.
   */
  private textHits(text: string): TextHits {
    const key = text.toLowerCase();
    const cached = this.recentTextHits.get(key);
    if (cached) {
      this.recentTextHits.delete(key);
      this.recentTextHits.set(key, cached);
      return cached;
    }
    const hits = this.text.search(text);
    this.recentTextHits.set(key, hits);
    if (this.recentTextHits.size > RECENT_TEXTS) this.recentTextHits.delete(this.recentTextHits.keys().next().value!);
    return hits;
  }

  private facetLists(counts: Record<FacetName, Int32Array>): CatalogFacets {
    const list = (facet: FacetName): FacetCount[] => {
      const values = this.columns.dictionaries[facet].values;
      const entries: FacetCount[] = [];
      counts[facet].forEach((count, key) => {
        if (count > 0) entries.push({ value: values[key]!.value, label: values[key]!.label, count });
      });
      entries.sort(facet === 'vintage' ? byVintageDescending : (a, b) => b.count - a.count || a.label.localeCompare(b.label));
      return entries.slice(0, FACET_VALUES_LIMIT);
    };
    return { varietal: list('varietal'), region: list('region'), country: list('country'), supplier: list('supplier'), vintage: list('vintage') };
  }
}
