/**
 * The catalog search as it was before its pass over the hits was rewritten (electron/core/search/
 * catalog-search.ts at 4dfbb3f, its search only): one closure per hit over the columns. Kept as
 * the plain scan that the property test in catalog-search-equivalence.test.ts compares the search
 * with.
 */
import type { CatalogProduct } from '../../../shared';
import { NON_VINTAGE, type CatalogFacets, type CatalogSearchQuery, type CatalogSearchResult, type CatalogSort, type FacetCount } from '../../../shared/bridge/search';
import type { ServiceDatabase } from '../../../electron/core/offline/service-database';
import { PUBLIC } from '../../../electron/core/offline/offline-schema';
import { FLAG_LIVE, FLAG_ORDERABLE } from '../../../electron/core/search/catalog-columns';
import { FACETS, type Facet } from '../../../electron/core/search/facet-dictionary';
import { normalizeCode } from '../../../electron/core/search/product-codes';
import { NON_VINTAGE_KEY } from '../../../electron/core/search/search-index';
import { ABOUT_FIELD, NAME_FIELD, termKey } from '../../../electron/core/search/term-keys';
import { FUZZINESS, MIN_FUZZY_TERM_LENGTH, foldTerm, wordsOf } from '../../../electron/core/search/text-terms';
import { TopPositions } from '../../../electron/core/search/top-positions';
import { prefixTerm, readsAsPrefixTerm } from '../../../electron/core/search/vocabulary';

/** How many SKU-prefix hits a text query may add ahead of the text hits. */
const SKU_PREFIX_LIMIT = 50;
const FACET_VALUES_LIMIT = 200;
const CODE_LIKE = /[0-9-]/;
const DIGITS = /^[0-9]+$/;
/** A filter value no product has: compared with a 16-bit column it never matches. */
const NOTHING = 0x10000;
/** No filter on this facet. */
const ANY = -1;

/** A hit's failed filters are bits: varietal 1, region 2, country 4, supplier 8, vintage 16; the rest (price, stock, favourites) OTHER. */
const OTHER = 32;

/** The words of a text's query, each with what it matches. */
interface WordMatch {
  all: Uint32Array;
  /** Found in the name (for relevance). */
  name: Uint32Array | null;
  /** Found as the word itself (for relevance). */
  exact: Uint32Array | null;
}

const hasBit = (bitmap: Uint32Array, position: number) => (bitmap[position >>> 5]! & (1 << (position & 31))) !== 0;

export function createReferenceSearch(database: ServiceDatabase) {
  const { sql, index } = database;
  const { vocabulary, postings, dictionaries } = index;

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
    return words.map((word, index) => {
      const match: WordMatch = { all: new Uint32Array(words32), name: relevance ? new Uint32Array(words32) : null, exact: relevance ? new Uint32Array(words32) : null };
      const read = (termId: number, exact: boolean) => {
        postings.orInto(termKey(termId, NAME_FIELD), match.all);
        postings.orInto(termKey(termId, ABOUT_FIELD), match.all);
        if (match.name) postings.orInto(termKey(termId, NAME_FIELD), match.name);
        if (exact && match.exact) {
          postings.orInto(termKey(termId, NAME_FIELD), match.exact);
          postings.orInto(termKey(termId, ABOUT_FIELD), match.exact);
        }
      };
      const itself = vocabulary.find(word);
      if (itself !== undefined) read(itself, true);
      if (index === words.length - 1) {
        // The word being typed: every word it begins.
        if (readsAsPrefixTerm(word)) {
          const prefix = vocabulary.find(prefixTerm(word));
          if (prefix !== undefined) postings.orInto(termKey(prefix, NAME_FIELD), match.all);
        } else {
          for (const [, id] of vocabulary.longerWords(word)) read(id, false);
        }
      }
      if (word.length >= MIN_FUZZY_TERM_LENGTH && !DIGITS.test(word)) {
        for (const [near, id] of vocabulary.nearWords(word, Math.round(word.length * FUZZINESS))) if (!DIGITS.test(near)) read(id, false);
      }
      return match;
    });
  }

  /** A facet filter's value id: ANY without one, NOTHING when no product has it. */
  function filterId(facet: Facet, key: string | undefined): number {
    if (key === undefined) return ANY;
    return dictionaries[facet].find(key) ?? NOTHING;
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

  function facetLists(counts: Record<Facet, ArrayLike<number>>): CatalogFacets {
    const list = (facet: Facet): FacetCount[] => {
      const dictionary = dictionaries[facet];
      const entries: FacetCount[] = [];
      const values = counts[facet];
      for (let id = 1; id < Math.min(values.length, dictionary.size); id += 1) {
        const count = values[id] ?? 0;
        if (count > 0) entries.push({ value: dictionary.value(id), label: dictionary.label(id), count });
      }
      entries.sort(
        facet === 'vintage'
          ? (a, b) => (b.value === NON_VINTAGE ? 0 : Number(b.value)) - (a.value === NON_VINTAGE ? 0 : Number(a.value))
          : (a, b) => b.count - a.count || a.label.localeCompare(b.label),
      );
      return entries.slice(0, FACET_VALUES_LIMIT);
    };
    return { varietal: list('varietal'), region: list('region'), country: list('country'), supplier: list('supplier'), vintage: list('vintage') };
  }

  const asOf = () => (sql('SELECT saved_at FROM datasets WHERE account = ? AND name = ?').pluck().get(PUBLIC, 'catalog') as string | undefined) ?? null;

  /** The products at these positions, in this order. */
  function itemsAt(positions: number[]): CatalogProduct[] {
    if (positions.length === 0) return [];
    const rows = sql('SELECT pos, json FROM products WHERE pos IN (SELECT value FROM json_each(?))').raw().all(JSON.stringify(positions)) as [number, string][];
    const byPosition = new Map(rows);
    return positions.filter((position) => byPosition.has(position)).map((position) => JSON.parse(byPosition.get(position)!) as CatalogProduct);
  }

  /** Each vintage id's year as a sort key (ascending), non-vintage wines last; kept until the dictionary grows. */
  let yearKeys = new Float64Array(0);
  function yearKeysNow(): Float64Array {
    const { size } = dictionaries.vintage;
    if (yearKeys.length === size) return yearKeys;
    yearKeys = new Float64Array(size);
    for (let id = 0; id < size; id += 1) {
      const key = dictionaries.vintage.key(id);
      yearKeys[id] = key === NON_VINTAGE_KEY || key === '' ? Number.POSITIVE_INFINITY : Number(key);
    }
    return yearKeys;
  }

  /** The sort's key of a hit (lower first; ties in name order), chosen once a query rather than per hit. */
  function sortKeyOf(sort: CatalogSort | 'relevance', words: readonly WordMatch[]): (position: number) => number {
    const { price, created, vintage } = index.columns.columns;
    switch (sort) {
      case 'name':
        return () => 0;
      case 'price_asc':
        return (position) => price[position]!;
      case 'price_desc':
        return (position) => -price[position]!;
      case 'newest':
        return (position) => -created[position]!;
      case 'vintage_asc': {
        const years = yearKeysNow();
        return (position) => years[vintage[position]!]!;
      }
      case 'vintage_desc': {
        const years = yearKeysNow();
        // Non-vintage wines come last either way.
        return (position) => {
          const year = years[vintage[position]!]!;
          return year === Number.POSITIVE_INFINITY ? year : -year;
        };
      }
      case 'relevance':
        return (position) => {
          let score = 0;
          for (let index = 0; index < words.length; index += 1) {
            const word = words[index]!;
            score += (hasBit(word.name!, position) ? 2 : 1) + (hasBit(word.exact!, position) ? 1 : 0);
          }
          return -score;
        };
    }
  }

  function search(query: CatalogSearchQuery): CatalogSearchResult {
    const started = performance.now();
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
    const { varietal, region, country, supplier, vintage, price, rank, flags } = columns;

    const failures = (position: number): number => {
      let failed = 0;
      if (wanted.varietal !== ANY && varietal[position] !== wanted.varietal) failed |= 1;
      if (wanted.region !== ANY && region[position] !== wanted.region) failed |= 2;
      if (wanted.country !== ANY && country[position] !== wanted.country) failed |= 4;
      if (wanted.supplier !== ANY && supplier[position] !== wanted.supplier) failed |= 8;
      if (wanted.vintage !== ANY && vintage[position] !== wanted.vintage) failed |= 16;
      if (otherFilters) {
        const cents = price[position]!;
        if (cents < minPrice || cents > maxPrice || (inStock && (flags[position]! & FLAG_ORDERABLE) === 0) || (only !== null && !hasBit(only, position))) failed |= OTHER;
      }
      return failed;
    };

    // ---- the page: code hits first when ranking text by relevance ----
    const end = query.offset + query.limit;
    const leadingCodes = byRelevance ? codes.filter((position) => failures(position) === 0) : [];
    const fromCodes = leadingCodes.slice(query.offset, end);
    const heapOffset = Math.max(0, query.offset - leadingCodes.length);
    const heapSize = byRelevance ? heapOffset + (query.limit - fromCodes.length) : end;
    const top = new TopPositions(Math.max(0, heapSize));
    const codeSet = byRelevance && codes.length > 0 ? new Set(codes) : null;

    const sort: CatalogSort | 'relevance' = byRelevance ? 'relevance' : (query.sort ?? 'name');
    const keyOf = sortKeyOf(sort, wordMatchList);

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
    const { varietal: varietals, region: regions, country: countries, supplier: suppliers, vintage: vintages } = counts;
    const offering = heapSize > 0;
    let total = 0;
    const visit = (position: number) => {
      const failed = filtered ? failures(position) : 0;
      if (failed === 0) {
        total += 1;
        if (!unfiltered) {
          varietals[varietal[position]!]! += 1;
          regions[region[position]!]! += 1;
          countries[country[position]!]! += 1;
          suppliers[supplier[position]!]! += 1;
          vintages[vintage[position]!]! += 1;
        }
        if (offering && (codeSet === null || !codeSet.has(position))) top.offer(position, keyOf(position), rank[position]!);
        return;
      }
      // Failed only one facet's filter: counted for that facet (a facet is counted without its own filter).
      if (failed === 1) varietals[varietal[position]!]! += 1;
      else if (failed === 2) regions[region[position]!]! += 1;
      else if (failed === 4) countries[country[position]!]! += 1;
      else if (failed === 8) suppliers[supplier[position]!]! += 1;
      else if (failed === 16) vintages[vintage[position]!]! += 1;
    };

    let pagePositions: number[];
    if (unfiltered && sort === 'name') {
      // Browsing the whole catalog by name: the name index gives the page directly.
      total = index.live;
      pagePositions = sql('SELECT pos FROM products ORDER BY name_key LIMIT ? OFFSET ?').pluck().all(query.limit, query.offset) as number[];
    } else {
      if (match) {
        for (let word = 0; word < words32; word += 1) {
          let bits = match[word]!;
          while (bits !== 0) {
            const lowest = bits & -bits;
            visit((word << 5) + 31 - Math.clz32(lowest));
            bits ^= lowest;
          }
        }
      } else {
        for (let position = 0; position < capacity; position += 1) if (flags[position]! & FLAG_LIVE) visit(position);
      }
      pagePositions = [...fromCodes, ...top.sorted().slice(heapOffset)];
    }
    const facets = facetLists(unfiltered ? index.totals : counts);
    // Unknown countries are not a value of the country facet.
    if (!unfiltered) facets.country = facets.country.filter((entry) => entry.value !== '');
    return { items: itemsAt(pagePositions), total, facets, tookMs: performance.now() - started, freshness: { asOf: asOf(), fromCache: true } };
  }

  return { search };
}
