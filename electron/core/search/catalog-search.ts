/**
 * Catalog search over the search index (search-index.ts) and the offline database:
 * - free text: each word's products are the union of its terms' postings (the word itself; the
 *   last word also every word it begins, or its prefix term when it is one or two letters; words of
 *   five letters or more also the words within a typo), and every word must match;
 * - a text that is a SKU or UPC finds that product first (a B-tree lookup), then, when it looks
 *   like a code, products whose SKU begins with it;
 * - filters, facet counts (each facet counted without its own filter) and sorts come from one pass
 *   over the hits and the columns, keeping the page's best in a bounded heap; the whole catalog's
 *   facets are kept as counts; a page without text sorted by price or newest is read from the
 *   positions kept in that order (key-orders.ts, order-walk.ts) when that reads few of them;
 * - relevance for text without a sort: words found in the name count twice, words found exactly
 *   (not by prefix or typo) once more; ties in name order;
 * - only the page's products are read from `products`.
 */
import type { CatalogProduct } from '../../../shared';
import { NON_VINTAGE, type CatalogSearchQuery, type CatalogSearchResult, type CatalogSort } from '../../../shared/bridge/search';
import type { ServiceDatabase } from '../offline/service-database';
import { PUBLIC } from '../offline/offline-schema';
import { FLAG_LIVE, FLAG_ORDERABLE } from './catalog-columns';
import { FACETS, type Facet } from './facet-dictionary';
import { facetLists } from './facet-lists';
import { isFirstBrowse, readFirstBrowse } from './first-browse';
import { normalizeCode } from './product-codes';
import { NON_VINTAGE_KEY } from './search-index';
import { ABOUT_FIELD, NAME_FIELD, termKey } from './term-keys';
import { FUZZINESS, MIN_FUZZY_TERM_LENGTH, foldTerm, wordsOf } from './text-terms';
import { ANY, countGroupHits, isDense, offerGroupHits, runGroupPass, runHitPass, SortKey, type GroupPass, type HitPass } from './hit-pass';
import { TopPositions } from './top-positions';
import { makeGroupNameLists, offerByName, type GroupNameLists } from './group-name-lists';
import type { OrderKey } from './key-orders';
import { priceStretch, runStretchPass, walkOrder, type OrderWalk } from './order-walk';
import { prefixTerm, readsAsPrefixTerm } from './vocabulary';

/**
 * A search's answer as it crosses from the offline worker to the main thread: the page's products
 * as one JSON array made of their rows' own text, never parsed in the worker, parsed once where
 * they arrive (search-service.ts). Cloning 50 products as objects between the threads cost about
 * three times the CPU of cloning one string and parsing it (bench:core, "Where the time goes").
 */
export type CatalogSearchCrossing = Omit<CatalogSearchResult, 'items'> & { itemsJson: string };

/** How many SKU-prefix hits a text query may add ahead of the text hits. */
const SKU_PREFIX_LIMIT = 50;
/** How many products one code of a batch lookup names at most: more than one is already ambiguous. */
export const CODE_MATCHES_LIMIT = 5;
const CODE_LIKE = /[0-9-]/;
const DIGITS = /^[0-9]+$/;
/** A filter value no product has: compared with a 16-bit column it never matches. */
const NOTHING = 0x10000;

/** The words of a text's query, each with what it matches. */
interface WordMatch {
  all: Uint32Array;
  /** Found in the name (for relevance). */
  name: Uint32Array | null;
  /** Found as the word itself (for relevance). */
  exact: Uint32Array | null;
}

const hasBit = (bitmap: Uint32Array, position: number) => (bitmap[position >>> 5]! & (1 << (position & 31))) !== 0;

export type CatalogSearch = ReturnType<typeof createCatalogSearch>;

/**
 * When a sorted page is read from a kept order (order-walk.ts): `auto` when the order promises to
 * be cheaper than a pass over the hits (the default); `always` whenever the sort has an order (the
 * property test's way to reach it on small catalogs); `never` (the pass over every hit, to compare).
 */
export type OrderWalks = 'auto' | 'always' | 'never';

export interface CatalogSearchOptions {
  orderWalks?: OrderWalks;
}

/** Each sort's order and direction (vintage sorts have none: a handful of keys, ties everywhere). */
const SORT_ORDERS: Record<CatalogSort | 'relevance', { key: OrderKey; descending: boolean } | null> = {
  name: { key: 'rank', descending: false },
  relevance: { key: 'rank', descending: false },
  price_asc: { key: 'price', descending: false },
  price_desc: { key: 'price', descending: true },
  newest: { key: 'created', descending: true },
  vintage_asc: null,
  vintage_desc: null,
};

/**
 * An order walk is tried when it expects to read at most this share of the catalog (1 / 16): an
 * entry of an order is read out of position order, about 15 times a position read in order (a
 * million positions 6–7 ms, 50,000 entries of an order about 5 ms of CPU, 2 cores at load 13); it
 * is given up after reading `WALK_PATIENCE` times what it expects.
 */
const WALK_SHARE = 16;
const WALK_PATIENCE = 4;
/** A price range is counted from its stretch of the price order when the stretch is at most this share of the catalog (1 / 16), for the same reason. */
const STRETCH_SHARE = 16;

const anyBit = (bitmap: Uint32Array | null) => bitmap !== null && bitmap.some((word) => word !== 0);

export function createCatalogSearch(database: ServiceDatabase, options: CatalogSearchOptions = {}) {
  const walks = options.orderWalks ?? 'auto';
  const { sql, index } = database;

  /** Products whose SKU or UPC is the text, then (for text that looks like a code) whose SKU begins with it: positions, in that order. */
  function codePositions(text: string): number[] {
    const code = normalizeCode(text);
    if (!code) return [];
    const found: number[] = [];
    const exact =
      (sql('SELECT p.pos FROM product_details d JOIN products p ON p.pos = d.pos WHERE d.upc = ? LIMIT 1').pluck().get(code) as number | undefined) ??
      (sql('SELECT p.pos FROM product_details d JOIN products p ON p.pos = d.pos WHERE d.sku = ? LIMIT 1').pluck().get(code) as number | undefined);
    if (exact !== undefined) found.push(exact);
    if (CODE_LIKE.test(text) && code.length >= 3) {
      const prefixed = sql('SELECT p.pos FROM product_details d JOIN products p ON p.pos = d.pos WHERE d.sku >= ? AND d.sku < ? ORDER BY d.sku LIMIT ?')
        .pluck()
        .all(code, `${code}\uffff`, SKU_PREFIX_LIMIT) as number[];
      for (const position of prefixed) if (!found.includes(position)) found.push(position);
    }
    return found;
  }

  /** The products matching each word of the text (see the top of this file). */
  function wordMatches(words: string[], words32: number, relevance: boolean): WordMatch[] {
    const { vocabulary, postings } = index;
    return words.map((word, index) => {
      const match: WordMatch = { all: new Uint32Array(words32), name: relevance ? new Uint32Array(words32) : null, exact: relevance ? new Uint32Array(words32) : null };
      // For relevance each term's fields are read once: names into `name`, the rest into `about`;
      // `exact` is what the word itself put there, `all` everything (both, and a prefix term's).
      const about = relevance ? new Uint32Array(words32) : null;
      const read = (termId: number) => {
        postings.orInto(termKey(termId, NAME_FIELD), match.name ?? match.all);
        postings.orInto(termKey(termId, ABOUT_FIELD), about ?? match.all);
      };
      const itself = vocabulary.find(word);
      if (itself !== undefined) {
        read(itself);
        if (match.exact && about && match.name) for (let at = 0; at < words32; at += 1) match.exact[at] = match.name[at]! | about[at]!;
      }
      if (index === words.length - 1) {
        // The word being typed: every word it begins.
        if (readsAsPrefixTerm(word)) {
          const prefix = vocabulary.find(prefixTerm(word));
          if (prefix !== undefined) postings.orInto(termKey(prefix, NAME_FIELD), match.all);
        } else {
          for (const [, id] of vocabulary.longerWords(word)) read(id);
        }
      }
      if (word.length >= MIN_FUZZY_TERM_LENGTH && !DIGITS.test(word)) {
        for (const [near, id] of vocabulary.nearWords(word, Math.round(word.length * FUZZINESS))) if (!DIGITS.test(near)) read(id);
      }
      if (about && match.name) {
        const { all, name } = match;
        for (let at = 0; at < words32; at += 1) all[at]! |= name[at]! | about[at]!;
      }
      return match;
    });
  }

  /** A facet filter's value id: ANY without one, NOTHING when no product has it. */
  function filterId(facet: Facet, key: string | undefined): number {
    if (key === undefined) return ANY;
    return index.dictionaries[facet].find(key) ?? NOTHING;
  }

  function vintageKey(vintage: string | undefined): string | undefined {
    if (vintage === undefined) return undefined;
    if (vintage.toUpperCase() === NON_VINTAGE) return NON_VINTAGE_KEY;
    const year = Number(vintage);
    return Number.isInteger(year) ? String(year) : '\u0000none';
  }

  /** Positions of products by id (the favourites filter), as a bitmap. */
  function positionsOf(ids: readonly string[], words32: number): Uint32Array {
    const bitmap = new Uint32Array(words32);
    const positions = sql('SELECT pos FROM products WHERE id IN (SELECT value FROM json_each(?))').pluck().all(JSON.stringify(ids)) as number[];
    for (const position of positions) if (position >>> 5 < words32) bitmap[position >>> 5]! |= 1 << (position & 31);
    return bitmap;
  }

  const asOf = () => (sql('SELECT saved_at FROM datasets WHERE account = ? AND name = ?').pluck().get(PUBLIC, 'catalog') as string | undefined) ?? null;

  /** The positions of a page of the whole catalog in name order. */
  const namePage = (query: Pick<CatalogSearchQuery, 'limit' | 'offset'>) => sql('SELECT pos FROM products ORDER BY name_key LIMIT ? OFFSET ?').pluck().all(query.limit, query.offset) as number[];

  /** The stored JSON of the products at these positions, in this order. */
  function jsonAt(positions: number[]): string[] {
    if (positions.length === 0) return [];
    const rows = sql('SELECT pos, json FROM products WHERE pos IN (SELECT value FROM json_each(?))').raw().all(JSON.stringify(positions)) as [number, string][];
    const byPosition = new Map(rows);
    return positions.filter((position) => byPosition.has(position)).map((position) => byPosition.get(position)!);
  }
  /** The products at these positions, in this order. */
  const itemsAt = (positions: number[]): CatalogProduct[] => jsonAt(positions).map((json) => JSON.parse(json) as CatalogProduct);
  /** The same as one JSON array, the rows' own text joined: nothing parsed. */
  const itemsJsonAt = (positions: number[]): string => `[${jsonAt(positions).join(',')}]`;

  /** Each vintage id's year as a sort key (ascending), non-vintage wines last; kept until the dictionary grows. */
  let yearKeys = new Float64Array(0);
  function yearKeysNow(): Float64Array {
    const { dictionaries } = index;
    const { size } = dictionaries.vintage;
    if (yearKeys.length === size) return yearKeys;
    yearKeys = new Float64Array(size);
    for (let id = 0; id < size; id += 1) {
      const key = dictionaries.vintage.key(id);
      yearKeys[id] = key === NON_VINTAGE_KEY || key === '' ? Number.POSITIVE_INFINITY : Number(key);
    }
    return yearKeys;
  }

  /** Each combination's positions in name order, kept while the name-rank order they were made from is. */
  let nameLists: GroupNameLists | null = null;
  function nameListsNow(): GroupNameLists {
    const order = index.orders.order('rank').positions;
    if (nameLists?.from !== order) nameLists = makeGroupNameLists(order, index.groups.groupOf, index.groups.groups.size);
    return nameLists;
  }

  /**
   * Whether a text ranked by relevance ranks every hit alike, and they are more than half the
   * catalog: each word is read through its prefix term alone (one or two letters, not a word of the
   * catalog), so no hit has a word in its name or a word itself, as one letter typed matches most
   * products (`c` 839,998 of the demo generator's 1,000,000). Its page is then its first hits in
   * name order; a pass over every hit to rank them took about 9 ms of CPU at a million (2 cores,
   * load 8), against about 3.5 ms counted from the positions the text does not match.
   */
  function tiesByName(match: Uint32Array | null, words: readonly WordMatch[], relevanceAlone: boolean): match is Uint32Array {
    if (!relevanceAlone || match === null || !isDense(match, Math.min(index.columns.capacity, index.groups.groupOf.length))) return false;
    return words.every((word) => !anyBit(word.name) && !anyBit(word.exact));
  }

  /**
   * Offers the pass's hits to `top` in name order, read from the name index a batch at a time,
   * until it is full: every hit has the same key, so a later name cannot enter it. For the hits of
   * `tiesByName`, more than every other name: the first batch mostly fills it.
   */
  function offerInNameOrder(pass: GroupPass, top: TopPositions) {
    const { match, groupOf, failures, skip } = pass;
    const { rank } = pass.columns;
    const batch = Math.max(64, top.size * 2);
    for (let offset = 0; !top.full; offset += batch) {
      const positions = namePage({ limit: batch, offset });
      for (const position of positions) {
        if (position >= groupOf.length || (match !== null && !hasBit(match, position))) continue;
        const group = groupOf[position]!;
        if (group >= failures.length || failures[group] !== 0 || skip?.has(position)) continue;
        top.offer(position, 0, rank[position]!);
        if (top.full) return;
      }
      if (positions.length < batch) return;
    }
  }

  /** How a sort reads a hit's key (hit-pass.ts). */
  const SORT_KEYS: Record<CatalogSort | 'relevance', SortKey> = {
    name: SortKey.None,
    price_asc: SortKey.PriceAscending,
    price_desc: SortKey.PriceDescending,
    newest: SortKey.Newest,
    vintage_asc: SortKey.Year,
    vintage_desc: SortKey.YearDescending,
    relevance: SortKey.Relevance,
  };

  /** Which filters each combination of values fails (facet-groups.ts), as the pass's bits: varietal 1, region 2, country 4, supplier 8, vintage 16, stock 32. */
  function groupFailures(wanted: Record<Facet, number>, inStock: boolean): Uint8Array {
    const { varietal, region, country, supplier, vintage, orderable, size } = index.groups.groups;
    const failures = new Uint8Array(size);
    for (let group = 0; group < size; group += 1) {
      let failed = 0;
      if (wanted.varietal !== ANY && varietal[group] !== wanted.varietal) failed |= 1;
      if (wanted.region !== ANY && region[group] !== wanted.region) failed |= 2;
      if (wanted.country !== ANY && country[group] !== wanted.country) failed |= 4;
      if (wanted.supplier !== ANY && supplier[group] !== wanted.supplier) failed |= 8;
      if (wanted.vintage !== ANY && vintage[group] !== wanted.vintage) failed |= 16;
      if (inStock && orderable[group] === 0) failed |= 32;
      failures[group] = failed;
    }
    return failures;
  }

  /**
   * Total and facet counts from how many hits each combination of values holds (`hits`): the same
   * counts the pass makes per product (a facet counted without its own filter).
   */
  function countGroups(failures: Uint8Array, hits: Int32Array, counts: Record<Facet, Int32Array>): number {
    const { varietal, region, country, supplier, vintage } = index.groups.groups;
    let total = 0;
    for (let group = 0; group < failures.length; group += 1) {
      const products = hits[group]!;
      if (products === 0) continue;
      const failed = failures[group]!;
      if (failed === 0) {
        total += products;
        counts.varietal[varietal[group]!]! += products;
        counts.region[region[group]!]! += products;
        counts.country[country[group]!]! += products;
        counts.supplier[supplier[group]!]! += products;
        counts.vintage[vintage[group]!]! += products;
      } else if (failed === 1) counts.varietal[varietal[group]!]! += products;
      else if (failed === 2) counts.region[region[group]!]! += products;
      else if (failed === 4) counts.country[country[group]!]! += products;
      else if (failed === 8) counts.supplier[supplier[group]!]! += products;
      else if (failed === 16) counts.vintage[vintage[group]!]! += products;
    }
    return total;
  }

  function search(query: CatalogSearchQuery): CatalogSearchResult {
    return answer(query, itemsAt);
  }

  /** `search`'s answer with its page's products as one JSON text (CatalogSearchCrossing): what the offline worker sends. */
  function searchItemsJson(query: CatalogSearchQuery): CatalogSearchCrossing {
    const { items, ...rest } = answer(query, itemsJsonAt);
    return { ...rest, itemsJson: items };
  }

  /** A search's answer, its page's products read by `readItems`. */
  function answer<Items>(query: CatalogSearchQuery, readItems: (positions: number[]) => Items): Omit<CatalogSearchResult, 'items'> & { items: Items } {
    const started = performance.now();
    // A start's first browse, before the index is read: its saved total and facets, its page by name.
    const saved = !index.loaded && isFirstBrowse(query) ? readFirstBrowse(sql) : null;
    if (saved) {
      const items = readItems(namePage(query));
      return { items, total: saved.total, facets: saved.facets, tookMs: performance.now() - started, freshness: { asOf: asOf(), fromCache: true } };
    }
    const { dictionaries } = index;
    const { columns } = index.columns;
    const capacity = index.columns.capacity;
    const words32 = Math.ceil(capacity / 32);
    const text = query.text.trim();
    const words = [...new Set(wordsOf(text))];
    const byRelevance = text.length > 0 && !query.sort;

    // ---- which products the text matches: by words, or by code ----
    let match: Uint32Array | null = null;
    let wordMatchList: WordMatch[] = [];
    const codes = text ? codePositions(text) : [];
    if (text) {
      if (words.length > 0) {
        wordMatchList = wordMatches(words, words32, byRelevance);
        match = wordMatchList[0]!.all;
        for (let index = 1; index < wordMatchList.length; index += 1) {
          const other = wordMatchList[index]!.all;
          for (let word = 0; word < words32; word += 1) match[word]! &= other[word]!;
        }
      } else {
        match = new Uint32Array(words32);
      }
      for (const position of codes) match[position >>> 5]! |= 1 << (position & 31);
    }

    // ---- filters ----
    const wanted = {
      varietal: filterId('varietal', query.varietal === undefined ? undefined : foldTerm(query.varietal)),
      region: filterId('region', query.region === undefined ? undefined : foldTerm(query.region)),
      country: filterId('country', query.country === undefined ? undefined : foldTerm(query.country)),
      supplier: filterId('supplier', query.supplierId),
      vintage: filterId('vintage', vintageKey(query.vintage)),
    };
    const minPrice = query.minPriceCents ?? 0;
    const maxPrice = query.maxPriceCents ?? Number.POSITIVE_INFINITY;
    const inStock = query.inStock === true;
    const only = query.onlyIds ? positionsOf(query.onlyIds, words32) : null;
    const otherFilters = query.minPriceCents !== undefined || query.maxPriceCents !== undefined || inStock || only !== null;
    const filtered = otherFilters || FACETS.some((facet) => wanted[facet] !== ANY);

    /** Whether a code hit passes every filter (the same test as the pass's). */
    const passes = (position: number): boolean =>
      FACETS.every((facet) => wanted[facet] === ANY || columns[facet][position] === wanted[facet]) &&
      (!otherFilters ||
        (columns.price[position]! >= minPrice &&
          columns.price[position]! <= maxPrice &&
          (!inStock || (columns.flags[position]! & FLAG_ORDERABLE) !== 0) &&
          (only === null || hasBit(only, position))));

    // ---- the page: code hits first when ranking text by relevance ----
    const end = query.offset + query.limit;
    const leadingCodes = byRelevance ? codes.filter(passes) : [];
    const fromCodes = leadingCodes.slice(query.offset, end);
    const heapOffset = Math.max(0, query.offset - leadingCodes.length);
    const heapSize = byRelevance ? heapOffset + (query.limit - fromCodes.length) : end;
    let top = new TopPositions(Math.max(0, heapSize));
    const codeSet = byRelevance && codes.length > 0 ? new Set(codes) : null;

    const sort: CatalogSort | 'relevance' = byRelevance ? 'relevance' : (query.sort ?? 'name');

    // ---- one pass over the hits ----
    const unfiltered = !text && !filtered;
    const size = (facet: Facet) => (unfiltered ? 0 : dictionaries[facet].size);
    const counts: Record<Facet, Int32Array> = {
      varietal: new Int32Array(size('varietal')),
      region: new Int32Array(size('region')),
      country: new Int32Array(size('country')),
      supplier: new Int32Array(size('supplier')),
      vintage: new Int32Array(size('vintage')),
    };

    /** The pass over the hits (hit-pass.ts) with this query's filters. */
    const passOf = (hits: Uint32Array | null, into: Record<Facet, Int32Array>, countFacets: boolean, heap: TopPositions | null, skip: ReadonlySet<number> | null, by: CatalogSort | 'relevance', relevance: WordMatch[]): HitPass => ({
      columns,
      capacity,
      match: hits,
      ...wanted,
      minPrice,
      maxPrice,
      inStock,
      only,
      counts: into,
      countFacets,
      top: heap,
      skip,
      sort: SORT_KEYS[by],
      years: by === 'vintage_asc' || by === 'vintage_desc' ? yearKeysNow() : yearKeys,
      words: relevance.map((word) => ({ name: word.name!, exact: word.exact! })),
    });

    let total: number;
    let pagePositions: number[];
    // Every filter but the price range and favourites is a property of a product's combination of values (facet-groups.ts).
    const byGroups = !unfiltered && index.groups.usable;
    const ownFilters = query.minPriceCents !== undefined || query.maxPriceCents !== undefined || only !== null;
    if (isFirstBrowse(query)) {
      // Browsing the whole catalog by name (first-browse.ts): the name index gives the page directly.
      total = index.live;
      pagePositions = namePage(query);
    } else if (byGroups && walks !== 'never' && tiesByName(match, wordMatchList, byRelevance && !filtered)) {
      // Every hit ranks alike and they are most of the catalog: counted from the positions the text
      // does not match, the page read from the name index (a few dozen names).
      const failures = groupFailures(wanted, inStock);
      const pass = { ...passOf(match, counts, false, null, codeSet, sort, wordMatchList), groupOf: index.groups.groupOf, failures };
      total = countGroups(failures, countGroupHits(pass, index.groups.groups.count), counts);
      if (heapSize > 0) offerInNameOrder(pass, top);
      pagePositions = [...fromCodes, ...top.sorted().slice(heapOffset)];
    } else if (byGroups) {
      // Counted over combinations of values: how many hits each holds, then each combination's filters once.
      const failures = groupFailures(wanted, inStock);
      const relevanceWords = byRelevance ? wordMatchList : [];
      const pass = { ...passOf(match, counts, false, null, codeSet, sort, relevanceWords), groupOf: index.groups.groupOf, failures };
      // Name order is walked only when asked to (`always`): in the demo generator's catalog a name
      // begins with its brand, so a supplier's or region's products are bunched in name order and a
      // walk from the first name read thousands of others before giving up (region "Napa Valley"
      // in stock at 1,000,000: none of its products among the first 2,613 names).
      const ordered = walks === 'never' || heapSize === 0 ? null : SORT_ORDERS[sort];
      const sortOrder = ordered?.key === 'rank' && walks !== 'always' ? null : ordered;
      const live = index.live;
      // A price range without text: its stretch of the price order instead of every product, when short enough.
      const priceOrder = walks !== 'never' && !match && (query.minPriceCents !== undefined || query.maxPriceCents !== undefined) ? index.orders.order('price') : null;
      const stretch = priceOrder ? priceStretch(priceOrder, columns.price, minPrice, maxPrice) : null;
      const useStretch = priceOrder !== null && stretch !== null && (walks === 'always' || (stretch.to - stretch.from) * STRETCH_SHARE <= live);
      // A longer one (without favourites) from each combination's sorted prices (facet-groups.ts), its page read after.
      const byGroupPrices = priceOrder !== null && !useStretch && only === null;
      // A page sorted by price reads the stretch of the price order (whether or not the counts did).
      const pageFromStretch = stretch !== null && sortOrder?.key === 'price';
      // Text's page comes from its pass over the hits, which counts them anyway: read from an order
      // after counting, it cost more at 1,000,000 products (`valley`: about 20 ms of CPU against 14).
      // `always` walks it still, so the property test covers the walk over a text's hits.
      const walkText = match !== null && sortOrder !== null && walks === 'always';
      /** The page read by a pass over every hit or product (into a new heap: a walk given up leaves part of a page in the old one). */
      const passPage = () => {
        top = new TopPositions(Math.max(0, heapSize));
        const paging = { ...pass, top };
        if (useStretch) runStretchPass(paging, priceOrder, stretch.from, stretch.to);
        else if (match || ownFilters) runGroupPass(paging);
        else offerGroupHits(paging);
      };
      // Counted first; the page read after from an order, or by the pass itself when no order will do.
      // A price range counted from the combinations' sorted prices reads its page after, from an
      // order or by a pass; with favourites it is counted by the pass over every product, which
      // fills the page too.
      const pageInPass = heapSize > 0 && !byGroupPrices && (sortOrder === null || (match ? !walkText : ownFilters && !(pageFromStretch && (useStretch || walks === 'always'))));
      const counting = pageInPass ? { ...pass, top } : pass;
      // Without text or filters of a product's own, the combinations' counts are the hits'.
      let hits: Int32Array;
      if (useStretch) hits = runStretchPass(counting, priceOrder, stretch.from, stretch.to);
      else if (byGroupPrices) hits = index.groups.pricesBetween(minPrice, maxPrice, columns.price, capacity);
      else if (match || ownFilters) hits = runGroupPass(counting);
      else {
        hits = index.groups.groups.count.subarray(0, failures.length);
        // In name order the page is the first products of the combinations that pass (group-name-lists.ts).
        if (pageInPass && sort === 'name' && walks !== 'never') offerByName(nameListsNow(), index.orders.order('rank'), index.groups.groupOf, failures, columns.rank, top);
        else if (pageInPass) offerGroupHits(counting);
      }
      total = countGroups(failures, hits, counts);
      if (heapSize > 0 && !pageInPass && total > 0) {
        // Entries read to fill the page when the hits are spread evenly through the order (or the price range's stretch of it).
        const expected = Math.ceil((heapSize * (pageFromStretch ? stretch.to - stretch.from : live)) / total);
        const tryWalk = walks === 'always' || walkText || expected * WALK_SHARE <= live;
        let walked = false;
        if (tryWalk && sortOrder) {
          const order = pageFromStretch && priceOrder ? priceOrder : index.orders.order(sortOrder.key);
          const walk: OrderWalk = {
            order,
            from: pageFromStretch ? stretch.from : 0,
            to: pageFromStretch ? stretch.to : order.positions.length,
            descending: sortOrder.descending,
            byRank: sortOrder.key === 'rank',
            bestKey: sort === 'relevance' ? -relevanceWords.reduce((score, word) => score + (anyBit(word.name) ? 2 : 1) + (anyBit(word.exact) ? 1 : 0), 0) : 0,
            keys: columns[sortOrder.key],
          };
          walked = walkOrder({ ...pass, top }, walk, total, walks === 'always' ? Number.POSITIVE_INFINITY : expected * WALK_PATIENCE + 1024);
        }
        if (!walked) passPage();
      }
      pagePositions = [...fromCodes, ...top.sorted().slice(heapOffset)];
    } else {
      total = runHitPass(passOf(match, counts, !unfiltered, heapSize > 0 ? top : null, codeSet, sort, byRelevance ? wordMatchList : []));
      pagePositions = [...fromCodes, ...top.sorted().slice(heapOffset)];
    }
    const facets = facetLists(dictionaries, unfiltered ? index.totals : counts);
    // Unknown countries are not a value of the country facet.
    if (!unfiltered) facets.country = facets.country.filter((entry) => entry.value !== '');
    return { items: readItems(pagePositions), total, facets, tookMs: performance.now() - started, freshness: { asOf: asOf(), fromCache: true } };
  }

  function lookupCode(code: string): CatalogProduct | null {
    const normalized = normalizeCode(code);
    const json =
      (sql('SELECT p.json FROM product_details d JOIN products p ON p.pos = d.pos WHERE d.upc = ? LIMIT 1').pluck().get(normalized) as string | undefined) ??
      (sql('SELECT p.json FROM product_details d JOIN products p ON p.pos = d.pos WHERE d.sku = ? LIMIT 1').pluck().get(normalized) as string | undefined);
    return json ? (JSON.parse(json) as CatalogProduct) : null;
  }

  /**
   * Every product whose UPC or SKU is each code (as `lookupCode` compares them), at most
   * `CODE_MATCHES_LIMIT` per code, in id order: none (not in the offline copy), one, or several (a
   * code that names more than one product: ambiguous). One answer per code, in the codes' order.
   */
  function matchCodes(codes: readonly string[]): CatalogProduct[][] {
    const statement = sql(
      `SELECT json FROM products WHERE pos IN (SELECT pos FROM product_details WHERE upc = ? UNION SELECT pos FROM product_details WHERE sku = ?) ORDER BY id LIMIT ${CODE_MATCHES_LIMIT}`,
    ).pluck();
    return codes.map((code) => {
      const normalized = normalizeCode(code);
      return normalized ? (statement.all(normalized, normalized) as string[]).map((json) => JSON.parse(json) as CatalogProduct) : [];
    });
  }

  function products(ids: string[]): (CatalogProduct | null)[] {
    const rows = sql('SELECT id, json FROM products WHERE id IN (SELECT value FROM json_each(?))').raw().all(JSON.stringify(ids)) as [string, string][];
    const byId = new Map(rows);
    return ids.map((id) => (byId.has(id) ? (JSON.parse(byId.get(id)!) as CatalogProduct) : null));
  }

  /** The wine regions each supplier's products come from, by supplier id, for the supplier search. */
  function supplierRegions(): Record<string, string[]> {
    const { supplier, region, flags } = index.columns.columns;
    const pairs = new Set<number>();
    for (let position = 0; position < index.columns.capacity; position += 1) {
      if (flags[position]! & FLAG_LIVE) pairs.add(supplier[position]! * 0x10000 + region[position]!);
    }
    const result: Record<string, string[]> = {};
    const { dictionaries } = index;
    for (const pair of pairs) (result[dictionaries.supplier.key(Math.floor(pair / 0x10000))] ??= []).push(dictionaries.region.label(pair % 0x10000));
    for (const regions of Object.values(result)) regions.sort();
    return result;
  }

  return { search, searchItemsJson, lookupCode, matchCodes, products, supplierRegions, asOf };
}
