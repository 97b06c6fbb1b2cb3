/**
 * The catalog's search index, kept by the offline worker beside the rows of `products`: the
 * columns (catalog-columns.ts), the facets' dictionaries and counts of the whole catalog, the terms
 * (vocabulary.ts) and which products hold each of them (posting-store.ts), and every product's
 * place in name order (name-order.ts). In memory it holds the columns (23 bytes a product), the
 * positions sorted by price, creation time and name once a search used them (key-orders.ts, 4 bytes
 * a product each), the
 * dictionaries and vocabulary (which grow with distinct values and words, not products) and a
 * cache of terms bounded by a setting; the rest is read from the database per query.
 *
 * Nothing is read until something uses the index (`loaded` says whether it has been): every part
 * and write below reads it first, so a start answers the first browse from its saved answer
 * (first-browse.ts) without waiting for it.
 *
 * Writes go through `put`/`remove`/`setCountry` inside the write's transaction, then `commit()`
 * (in the same transaction) writes what changed: the terms of the products changed, their columns'
 * chunks, the places in name order, and the first browse's answer when a write deleted it. A
 * transaction that fails leaves memory ahead of the database, so `reload()` reads it back.
 */
import type { CatalogProduct } from '../../../shared';
import { orderableNow } from '../../../shared/orderable';
import type { SqliteStatement } from '../offline/sqlite-driver';
import { createCatalogColumns, FLAG_LIVE, FLAG_ORDERABLE, FLAG_OWN_COUNTRY, type ColumnValues } from './catalog-columns';
import { createFacetGroups } from './facet-groups';
import { createKeyOrders } from './key-orders';
import { createFacetDictionary, FACETS, MAX_FACET_VALUES, type Facet, type FacetDictionary, type FacetValue } from './facet-dictionary';
import { facetLists } from './facet-lists';
import { hasFirstBrowse, readFirstBrowse, saveFirstBrowse } from './first-browse';
import { isDiskFull } from '../offline/sqlite-driver';
import { createNameOrder, type Named } from './name-order';
import { CHUNK_BITS } from './posting-chunks';
import { createPostingStore, DEFAULT_HELD_POSTING_BYTES, DEFAULT_POSTING_CACHE_BYTES, type TermChange } from './posting-store';
import { noteChange, termChangeOf, type TermLog } from './term-changes';
import { createTermKeys } from './term-keys';
import { foldTerm, sameText } from './text-terms';
import { createVocabulary } from './vocabulary';

type Sql = (text: string) => SqliteStatement;

/** Case price and creation time in the columns' 32 bits. */
const clampUint32 = (value: number) => Math.min(0xffffffff, Math.max(0, Math.round(value)));
export const createdSeconds = (createdAt: string) => clampUint32(Date.parse(createdAt) / 1000 || 0);

export const NON_VINTAGE_KEY = 'NV';

const facetEntry = {
  varietal: (item: CatalogProduct): FacetValue => ({ key: foldTerm(item.varietal), value: item.varietal, label: item.varietal }),
  region: (item: CatalogProduct): FacetValue => ({ key: foldTerm(item.region), value: item.region, label: item.region }),
  supplier: (item: CatalogProduct): FacetValue => ({ key: item.supplier.id, value: item.supplier.id, label: item.supplier.name }),
  vintage: (item: CatalogProduct): FacetValue =>
    item.vintage === null ? { key: NON_VINTAGE_KEY, value: NON_VINTAGE_KEY, label: 'Non-vintage' } : { key: String(item.vintage), value: String(item.vintage), label: String(item.vintage) },
};
export const countryEntry = (country: string): FacetValue => ({ key: foldTerm(country), value: country, label: country });

/** The folded name and the id: products are ordered by name, products of one name by id. */
export const nameKeyOf = (item: Pick<CatalogProduct, 'name' | 'id'>) => `${foldTerm(item.name)}\u0000${item.id}`;

/** Where a product's country comes from: its own detail, another product of its region, or nowhere yet. */
export interface CountryOf {
  name: string | null;
  own: boolean;
}

export interface SearchIndexOptions {
  /** Bytes of terms kept in memory after a query read them (default 24 MiB). */
  postingCacheBytes?: number;
  /** Bytes of the postings' last chunks held while a feed's bootstrap fills the copy (posting-store.ts; default 4 MiB). */
  heldPostingBytes?: number;
  /** Combinations of facet values kept before search counts from the columns instead (default and most MAX_FACET_GROUPS). */
  maxFacetGroups?: number;
  /** Positions changed since the sorted orders were made before they are made again (key-orders.ts; default DEFAULT_MAX_CHANGED). */
  maxOrderChanges?: number;
}

/** The counts of a facet's value ids as `totals` holds them: up to the highest id counted, none for id 0. */
function countsById(counted: Int32Array): number[] {
  let end = counted.length;
  while (end > 1 && counted[end - 1] === 0) end -= 1;
  const counts = Array.from(counted.subarray(0, end));
  counts[0] = 0;
  return counts;
}

export type SearchIndex = ReturnType<typeof createSearchIndex>;

export function createSearchIndex(sql: Sql, options: SearchIndexOptions = {}) {
  const columns = createCatalogColumns(sql);
  const dictionaries = Object.fromEntries(FACETS.map((facet) => [facet, createFacetDictionary(sql, facet)])) as Record<Facet, FacetDictionary>;
  const vocabulary = createVocabulary(sql);
  const termKeys = createTermKeys(vocabulary);
  const postings = createPostingStore(sql, {
    cacheBytes: options.postingCacheBytes ?? DEFAULT_POSTING_CACHE_BYTES,
    heldBytes: options.heldPostingBytes ?? DEFAULT_HELD_POSTING_BYTES,
  });
  /** Positions sorted by price, creation time and name rank, made when a search first needs them. */
  const orders = createKeyOrders(columns, { maxChanged: options.maxOrderChanges });
  const nameOrder = createNameOrder(sql, {
    rank: (position) => columns.columns.rank[position]!,
    setRank: (position, rank) => {
      columns.set('rank', position, rank);
      orders.touch(position);
    },
  });
  /** Products of each facet value in the whole catalog, by the value's id. */
  const totals = Object.fromEntries(FACETS.map((facet) => [facet, [] as number[]])) as Record<Facet, number[]>;
  /** Live products by combination of facet values and stock (facet-groups.ts). */
  const groups = createFacetGroups(options.maxFacetGroups);
  let live = 0;
  let loaded = false;

  /** What the running transaction changed, written by `commit()`: per term, its changes (term-changes.ts). */
  let changes = new Map<number, TermLog>();
  let toPlace = new Map<number, string>();

  function count(position: number, values: ColumnValues, by: 1 | -1) {
    for (const facet of FACETS) {
      const id = values[facet];
      if (id === 0) continue;
      totals[facet][id] = (totals[facet][id] ?? 0) + by;
    }
    groups.add(position, values, by);
    live += by;
  }

  function load() {
    columns.load();
    for (const dictionary of Object.values(dictionaries)) dictionary.load();
    vocabulary.load();
    termKeys.forget();
    postings.load();
    restoreHeld();
    orders.reset();
    groups.reset();
    groups.reserve(columns.capacity);
    live = 0;
    changes = new Map();
    toPlace = new Map();
    // One object of values filled for each product in turn (not one made per product: a million at a million products).
    const { varietal, region, country, supplier, vintage, price, created, rank, flags } = columns.columns;
    const values: ColumnValues = { varietal: 0, region: 0, country: 0, supplier: 0, vintage: 0, price: 0, created: 0, rank: 0, flags: 0 };
    // Each facet counted in a typed array by value id (what `count` does, a product at a time, with
    // a facet's name as key: 0.3 s of CPU of a load at a million products); id 0 (none) is not a value.
    const varietals = new Int32Array(MAX_FACET_VALUES + 1);
    const regions = new Int32Array(MAX_FACET_VALUES + 1);
    const countries = new Int32Array(MAX_FACET_VALUES + 1);
    const suppliers = new Int32Array(MAX_FACET_VALUES + 1);
    const vintages = new Int32Array(MAX_FACET_VALUES + 1);
    for (let position = 0; position < columns.capacity; position += 1) {
      if ((flags[position]! & FLAG_LIVE) === 0) continue;
      values.varietal = varietal[position]!;
      values.region = region[position]!;
      values.country = country[position]!;
      values.supplier = supplier[position]!;
      values.vintage = vintage[position]!;
      values.price = price[position]!;
      values.created = created[position]!;
      values.rank = rank[position]!;
      values.flags = flags[position]!;
      varietals[values.varietal]! += 1;
      regions[values.region]! += 1;
      countries[values.country]! += 1;
      suppliers[values.supplier]! += 1;
      vintages[values.vintage]! += 1;
      groups.add(position, values, 1);
      live += 1;
    }
    totals.varietal = countsById(varietals);
    totals.region = countsById(regions);
    totals.country = countsById(countries);
    totals.supplier = countsById(suppliers);
    totals.vintage = countsById(vintages);
    loaded = true;
  }

  /**
   * The postings' held chunks (posting-store.ts), made again from the products stored at their
   * positions: what the database has of them after a crash or a write that failed.
   */
  function restoreHeld() {
    const from = postings.heldFrom;
    if (from === null) return;
    // At most the held chunks' positions (a few chunks of 4,096: `heldPostingBytes` bounds them).
    const rows = sql('SELECT pos, json FROM products WHERE pos >= ?').raw().all(from * 2 ** CHUNK_BITS) as [number, string][];
    postings.restoreHeld(rows.map(([position, json]) => ({ position, termKeys: termKeys.of(JSON.parse(json) as CatalogProduct, false) })));
  }

  /**
   * A feed's bootstrap fills the copy: the postings' chunks past the highest position stored, where
   * its new products go, are held and written once full (posting-store.ts) until `releasePostings`.
   */
  function holdPostings() {
    const top = sql('SELECT max(pos) FROM products').pluck().get() as number | null;
    postings.hold(top === null ? 0 : (top >>> CHUNK_BITS) + 1);
  }

  /** The first browse's answer as the index counts it (first-browse.ts). */
  const saveSummary = () => saveFirstBrowse(sql, { total: live, facets: facetLists(dictionaries, totals) });

  /**
   * Reads the index at its first use, then saves the first browse's answer if the file has none
   * that reads (written by version 2, or deleted by a write since): a full disk leaves it unsaved,
   * for the next write to save.
   */
  function ready() {
    if (loaded) return;
    load();
    try {
      if (!readFirstBrowse(sql)) saveSummary();
    } catch (error) {
      if (!isDiskFull(error)) throw error;
    }
  }

  function change(key: number, position: number, added: boolean) {
    let log = changes.get(key);
    if (!log) changes.set(key, (log = []));
    noteChange(log, position, added);
  }

  function valuesOf(item: CatalogProduct, country: CountryOf, rank: number): ColumnValues {
    return {
      varietal: dictionaries.varietal.idOf(facetEntry.varietal(item)),
      region: dictionaries.region.idOf(facetEntry.region(item)),
      country: country.name ? dictionaries.country.idOf(countryEntry(country.name)) : 0,
      supplier: dictionaries.supplier.idOf(facetEntry.supplier(item)),
      vintage: dictionaries.vintage.idOf(facetEntry.vintage(item)),
      price: clampUint32(item.case_price_cents),
      created: createdSeconds(item.created_at),
      rank,
      flags: FLAG_LIVE | (orderableNow(item) ? FLAG_ORDERABLE : 0) | (country.own ? FLAG_OWN_COUNTRY : 0),
    };
  }

  /**
   * A product added at `position` or changed there (`previous`: what the index holds of it now).
   * Its terms change by the words that differ; its place in name order only when its name did.
   * `nameKey` is the item's (`nameKeyOf`), passed by a caller that worked it out for its own row.
   */
  function put(position: number, item: CatalogProduct, country: CountryOf, previous: CatalogProduct | null, nameKey = nameKeyOf(item)) {
    const before = previous ? columns.read(position) : null;
    const renamed = !previous || !before || nameKeyOf(previous) !== nameKey;
    const values = valuesOf(item, country, renamed ? 0 : before.rank);
    if (before) count(position, before, -1);
    columns.write(position, values);
    orders.touch(position);
    count(position, values, 1);
    if (renamed) toPlace.set(position, nameKey);
    // A change that leaves the text (a price, the stock) leaves the terms: they are not worked out again.
    if (previous && sameText(previous, item)) return;
    const now = termKeys.of(item, true);
    const old = previous ? termKeys.of(previous, false) : new Set<number>();
    for (const key of now) if (!old.has(key)) change(key, position, true);
    for (const key of old) if (!now.has(key)) change(key, position, false);
  }

  function remove(position: number, previous: CatalogProduct) {
    const before = columns.read(position);
    if (before) count(position, before, -1);
    columns.clear(position);
    orders.touch(position);
    for (const key of termKeys.of(previous, false)) change(key, position, false);
  }

  /** A product's country changed (its detail arrived, or its region's country was learned). */
  function setCountry(position: number, country: CountryOf) {
    const before = columns.read(position);
    if (!before) return;
    const id = country.name ? dictionaries.country.idOf(countryEntry(country.name)) : 0;
    const flags = (before.flags & ~FLAG_OWN_COUNTRY) | (country.own ? FLAG_OWN_COUNTRY : 0);
    if (id === before.country && flags === before.flags) return;
    if (before.country !== 0) totals.country[before.country]! -= 1;
    if (id !== 0) totals.country[id] = (totals.country[id] ?? 0) + 1;
    groups.add(position, before, -1);
    groups.add(position, { ...before, country: id, flags }, 1);
    columns.set('country', position, id);
    columns.set('flags', position, flags);
    // Its combination changed: the kept orders look at it apart (group-name-lists.ts reads them).
    orders.touch(position);
  }

  /** Products of a region whose country is not their own take the region's (learned from a detail). */
  function setRegionCountry(regionKey: string, country: string) {
    const region = dictionaries.region.find(regionKey);
    if (region === undefined) return;
    const { region: regions, flags } = columns.columns;
    for (let position = 0; position < columns.capacity; position += 1) {
      if (regions[position] === region && (flags[position]! & (FLAG_LIVE | FLAG_OWN_COUNTRY)) === FLAG_LIVE) setCountry(position, { name: country, own: false });
    }
  }

  /** Writes what the running transaction changed (call it last, inside the transaction). */
  function commit() {
    const termChanges = new Map<number, TermChange>();
    for (const [key, log] of changes) termChanges.set(key, termChangeOf(log));
    postings.apply(termChanges);
    // A product placed and then removed in the same transaction has no place to take.
    const { flags } = columns.columns;
    const placing: Named[] = [];
    for (const [position, nameKey] of toPlace) if ((flags[position]! & FLAG_LIVE) !== 0) placing.push({ position, nameKey });
    nameOrder.place(placing, live - placing.length);
    columns.persist();
    // The triggers deleted the saved answer if this write changed a column or a facet value.
    if (!hasFirstBrowse(sql)) saveSummary();
    changes = new Map();
    toPlace = new Map();
  }

  /** A part of the index, read first when it was not yet. */
  const readFirst =
    <A extends unknown[], R>(run: (...args: A) => R) =>
    (...args: A): R => {
      ready();
      return run(...args);
    };

  return {
    /** Reads it all now. */
    load,
    /** Memory and database disagree after a failed transaction: read it all back. */
    reload: load,
    /** Reads it unless it was read already. */
    ready,
    /** Whether it has been read (a start answers the first browse before). */
    get loaded() {
      return loaded;
    },
    put: readFirst(put),
    remove: readFirst(remove),
    setCountry: readFirst(setCountry),
    setRegionCountry: readFirst(setRegionCountry),
    commit: readFirst(commit),
    holdPostings: readFirst(holdPostings),
    /** Writes the held postings' chunks and holds no more (inside a write's transaction). */
    releasePostings: readFirst(() => postings.release()),
    /** Forgets everything (the catalog was cleared; its tables are emptied by the caller). */
    reset() {
      columns.reset();
      load();
    },
    get columns() {
      ready();
      return columns;
    },
    get orders() {
      ready();
      return orders;
    },
    get dictionaries() {
      ready();
      return dictionaries;
    },
    get vocabulary() {
      ready();
      return vocabulary;
    },
    get postings() {
      ready();
      return postings;
    },
    get totals() {
      ready();
      return totals;
    },
    get groups() {
      ready();
      return groups;
    },
    get live() {
      ready();
      return live;
    },
  };
}
