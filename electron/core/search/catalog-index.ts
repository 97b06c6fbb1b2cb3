import MiniSearch, { type Options } from 'minisearch';
import type { CatalogProduct } from '../../../shared';
import type { CatalogFacets, CatalogSearchQuery, CatalogSearchResult, FacetCount } from '../../../shared/bridge';
import { FACETS, assignCountries, buildColumns, type CatalogColumns, type FacetName } from './catalog-columns';
import { CodeTable, type ProductFacts } from './product-codes';
import { FIELD_BOOST, FUZZINESS, MIN_FUZZY_TERM_LENGTH, TEXT_FIELDS, foldTerm, textOf, type TextField } from './text-terms';

/** How many SKU-prefix hits a text query may add ahead of the text hits. */
const SKU_PREFIX_LIMIT = 50;
const FACET_VALUES_LIMIT = 200;
const CODE_LIKE = /[0-9-]/;

const FAIL_VARIETAL = 1;
const FAIL_REGION = 2;
const FAIL_COUNTRY = 4;
const FAIL_SUPPLIER = 8;
const FAIL_OTHER = 16;
const FACET_FAIL_BIT: Record<FacetName, number> = {
  varietal: FAIL_VARIETAL,
  region: FAIL_REGION,
  country: FAIL_COUNTRY,
  supplier: FAIL_SUPPLIER,
};

/** Documents are product positions; the text is read from the catalog array, never copied. */
function indexOptions(items: readonly CatalogProduct[]): Options<number> {
  return {
    idField: 'position',
    fields: [...TEXT_FIELDS],
    storeFields: [],
    extractField: (position, field) => (field === 'position' ? position : textOf(items[position]!, field as TextField)),
    processTerm: (term) => foldTerm(term) || null,
    searchOptions: {
      combineWith: 'AND',
      prefix: true,
      fuzzy: (term) => (term.length >= MIN_FUZZY_TERM_LENGTH ? FUZZINESS : false),
      boost: FIELD_BOOST,
    },
  };
}

export interface CatalogIndexStats {
  documents: number;
  codes: number;
  source: 'built' | 'snapshot';
  millis: number;
}

/**
 * Search over one catalog snapshot: MiniSearch for free text (prefix everywhere, typos in longer
 * words, all words must match), typed-array columns for the structured filters, facet counts and
 * sorts, and a code table for exact SKU/UPC lookup. Filters are checked on every text hit, so a
 * text query combined with a filter never drops a matching product.
 */
export class CatalogIndex {
  private readonly columns: CatalogColumns;
  private readonly positionOf = new Map<string, number>();
  private readonly codes = new CodeTable();
  private readonly countryById = new Map<string, string>();
  private readonly countryByRegion = new Map<string, string>();

  private constructor(
    readonly items: readonly CatalogProduct[],
    readonly asOf: string | null,
    private readonly text: MiniSearch<number>,
    readonly stats: CatalogIndexStats,
  ) {
    items.forEach((item, position) => this.positionOf.set(item.id, position));
    this.columns = buildColumns(items);
  }

  static async build(items: readonly CatalogProduct[], asOf: string | null, facts: Iterable<ProductFacts> = []) {
    const started = performance.now();
    const text = new MiniSearch<number>(indexOptions(items));
    await text.addAllAsync(
      items.map((_, position) => position),
      { chunkSize: 2000 },
    );
    const index = new CatalogIndex(items, asOf, text, { documents: items.length, codes: 0, source: 'built', millis: 0 });
    index.addFacts(facts);
    index.stats.millis = performance.now() - started;
    return index;
  }

  /** An index with no products, answering every query with nothing. */
  static empty() {
    return new CatalogIndex([], null, new MiniSearch<number>(indexOptions([])), { documents: 0, codes: 0, source: 'built', millis: 0 });
  }

  static fromSnapshot(items: readonly CatalogProduct[], asOf: string | null, snapshot: string, facts: Iterable<ProductFacts> = []) {
    const started = performance.now();
    const text = MiniSearch.loadJSON<number>(snapshot, indexOptions(items));
    if (text.documentCount !== items.length) throw new Error('the index snapshot does not match the catalog');
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
    let countriesChanged = false;
    for (const fact of facts) {
      const position = this.positionOf.get(fact.id);
      if (position === undefined) continue;
      this.codes.set(fact);
      if (fact.country && this.countryById.get(fact.id) !== fact.country) {
        this.countryById.set(fact.id, fact.country);
        this.countryByRegion.set(foldTerm(this.items[position]!.region), fact.country);
        countriesChanged = true;
      }
    }
    if (countriesChanged) {
      assignCountries(this.columns, this.items.length, (position) => {
        const item = this.items[position]!;
        return this.countryById.get(item.id) ?? this.countryByRegion.get(foldTerm(item.region)) ?? null;
      });
    }
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
    };
    const minPrice = query.minPriceCents ?? -Infinity;
    const maxPrice = query.maxPriceCents ?? Infinity;
    const inStockOnly = query.inStock === true;

    const failures = (position: number) => {
      let failed = 0;
      if (wanted.varietal !== null && columns.keys.varietal[position] !== wanted.varietal) failed |= FAIL_VARIETAL;
      if (wanted.region !== null && columns.keys.region[position] !== wanted.region) failed |= FAIL_REGION;
      if (wanted.country !== null && columns.keys.country[position] !== wanted.country) failed |= FAIL_COUNTRY;
      if (wanted.supplier !== null && columns.keys.supplier[position] !== wanted.supplier) failed |= FAIL_SUPPLIER;
      const price = columns.price[position]!;
      if (price < minPrice || price > maxPrice || (inStockOnly && columns.inStock[position] === 0)) failed |= FAIL_OTHER;
      return failed;
    };

    const facetCounts = Object.fromEntries(
      FACETS.map((facet) => [facet, new Int32Array(columns.dictionaries[facet].values.length)]),
    ) as Record<FacetName, Int32Array>;
    const countFacets = (position: number, failed: number) => {
      for (const facet of FACETS) {
        if (failed !== 0 && failed !== FACET_FAIL_BIT[facet]) continue;
        const key = columns.keys[facet][position]!;
        if (key >= 0) facetCounts[facet][key]! += 1;
      }
    };

    const matched = new Uint8Array(this.items.length);
    let total = 0;
    const relevanceOrder: number[] = [];
    const consider = (position: number) => {
      const failed = failures(position);
      countFacets(position, failed);
      if (failed === 0) {
        matched[position] = 1;
        total += 1;
        relevanceOrder.push(position);
      }
    };

    if (text) {
      const seen = new Uint8Array(this.items.length);
      const visit = (position: number | undefined) => {
        if (position === undefined || seen[position]) return;
        seen[position] = 1;
        consider(position);
      };
      visit(this.positionOf.get(this.codes.lookup(text) ?? ''));
      // Only text that looks like a code (digits or dashes) is matched as the start of a SKU, so
      // words like "cab" rank by text relevance alone.
      if (CODE_LIKE.test(text)) for (const id of this.codes.skuPrefix(text, SKU_PREFIX_LIMIT)) visit(this.positionOf.get(id));
      for (const hit of this.text.search(text)) visit(hit.id as number);
    } else {
      for (let position = 0; position < this.items.length; position += 1) consider(position);
    }

    const end = query.offset + query.limit;
    let pagePositions: number[];
    if (text && !query.sort) {
      pagePositions = relevanceOrder.slice(query.offset, end);
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

  private facetLists(counts: Record<FacetName, Int32Array>): CatalogFacets {
    const list = (facet: FacetName): FacetCount[] => {
      const values = this.columns.dictionaries[facet].values;
      const entries: FacetCount[] = [];
      counts[facet].forEach((count, key) => {
        if (count > 0) entries.push({ value: values[key]!.value, label: values[key]!.label, count });
      });
      entries.sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
      return entries.slice(0, FACET_VALUES_LIMIT);
    };
    return { varietal: list('varietal'), region: list('region'), country: list('country'), supplier: list('supplier') };
  }
}
