/**
 * Catalog search over the offline database: free text through FTS5 (the last word as a prefix,
 * words of five letters or more forgiving a typo through the term dictionary), structured
 * filters, sorts and facets through SQL and the indexes of `products`, SKU/UPC through
 * `product_codes`. Facet counts of the whole catalog come from `facet_counts` (kept by triggers);
 * with text or a filter they are counted over the matching products, each facet without its own
 * filter. What stays in memory is the term dictionary (the catalog's vocabulary, not its products)
 * and a few small answers; see docs/offline-database.md.
 */
import type { CatalogProduct } from '../../../shared';
import { NON_VINTAGE, type CatalogFacets, type CatalogSearchQuery, type CatalogSearchResult, type CatalogSort, type FacetCount } from '../../../shared/bridge/search';
import type { ServiceDatabase } from '../offline/service-database';
import { PUBLIC } from '../offline/offline-schema';
import { normalizeCode } from './product-codes';
import { createTermDictionary } from './term-dictionary';
import { foldTerm, wordsOf } from './text-terms';

/** How many SKU-prefix hits a text query may add ahead of the text hits. */
const SKU_PREFIX_LIMIT = 50;
const FACET_VALUES_LIMIT = 200;
const CODE_LIKE = /[0-9-]/;
/** A hit in the name counts this much more than one in the rest of the description. */
const NAME_WEIGHT = 2;

type FacetName = keyof CatalogFacets;

/** Each facet's key, value and label columns, and the filter that is its own. */
const FACET_COLUMNS: Record<FacetName, { key: string; value: string; label: string }> = {
  varietal: { key: 'p.varietal_key', value: 'min(p.varietal)', label: 'min(p.varietal)' },
  region: { key: 'p.region_key', value: 'min(p.region)', label: 'min(p.region)' },
  country: { key: 'p.country_key', value: 'min(p.country)', label: 'min(p.country)' },
  supplier: { key: 'p.supplier_id', value: 'p.supplier_id', label: 'min(p.supplier_name)' },
  vintage: { key: "coalesce(p.vintage, 'NV')", value: "coalesce(p.vintage, 'NV')", label: "coalesce(p.vintage, 'Non-vintage')" },
};

const ORDER_BY: Record<CatalogSort, string> = {
  name: 'p.name_key',
  price_asc: 'p.price, p.name_key',
  price_desc: 'p.price DESC, p.name_key',
  newest: 'p.created DESC, p.name_key',
  // Non-vintage wines come last either way.
  vintage_desc: 'p.vintage IS NULL, p.vintage DESC, p.name_key',
  vintage_asc: 'p.vintage IS NULL, p.vintage, p.name_key',
};

/** Years newest first, then the non-vintage wines. */
const byVintageDescending = (a: FacetCount, b: FacetCount) =>
  (b.value === NON_VINTAGE ? 0 : Number(b.value)) - (a.value === NON_VINTAGE ? 0 : Number(a.value));

interface Condition {
  sql: string;
  params: unknown[];
}

/** A quoted FTS5 string: the folded word, which holds only letters and digits. */
const quoted = (word: string) => `"${word.replace(/"/g, '""')}"`;

export type CatalogSearch = ReturnType<typeof createCatalogSearch>;

export function createCatalogSearch(database: ServiceDatabase) {
  const { sql } = database;
  const dictionary = createTermDictionary(() => sql('SELECT term FROM terms').pluck().all() as string[], () => sql('SELECT count(*) FROM terms').pluck().get() as number);

  /**
   * The FTS5 query for free text: every word must match; each word matches itself, the last one
   * also as a prefix (it is being typed), words of five letters or more also the dictionary's words
   * within a typo. A word matched exactly counts once more than one matched by prefix or typo.
   */
  function matchExpression(text: string): string | null {
    const words = [...new Set(wordsOf(text))];
    if (words.length === 0) return null;
    return words
      .map((word, index) => {
        const alternatives = [quoted(word)];
        if (index === words.length - 1) alternatives.push(`${quoted(word)}*`);
        for (const near of dictionary.near(word)) alternatives.push(quoted(near));
        return `(${alternatives.join(' OR ')})`;
      })
      .join(' AND ');
  }

  /** Products whose SKU or UPC is the text, then (for text that looks like a code) whose SKU starts with it. */
  function codeIds(text: string): string[] {
    const code = normalizeCode(text);
    if (!code) return [];
    const ids: string[] = [];
    const exact = sql("SELECT id FROM product_codes WHERE code = ? ORDER BY kind = 'u' DESC LIMIT 1").pluck().get(code) as string | undefined;
    if (exact) ids.push(exact);
    if (CODE_LIKE.test(text) && code.length >= 3) {
      const prefixed = sql("SELECT id FROM product_codes WHERE kind = 's' AND code >= ? AND code < ? ORDER BY code LIMIT ?").pluck().all(code, `${code}\uffff`, SKU_PREFIX_LIMIT) as string[];
      for (const id of prefixed) if (!ids.includes(id)) ids.push(id);
    }
    return ids;
  }

  function filterConditions(query: CatalogSearchQuery): Partial<Record<FacetName | 'price' | 'stock' | 'only', Condition>> {
    const conditions: Partial<Record<FacetName | 'price' | 'stock' | 'only', Condition>> = {};
    if (query.varietal !== undefined) conditions.varietal = { sql: 'p.varietal_key = ?', params: [foldTerm(query.varietal)] };
    if (query.region !== undefined) conditions.region = { sql: 'p.region_key = ?', params: [foldTerm(query.region)] };
    if (query.country !== undefined) conditions.country = { sql: 'p.country_key = ?', params: [foldTerm(query.country)] };
    if (query.supplierId !== undefined) conditions.supplier = { sql: 'p.supplier_id = ?', params: [query.supplierId] };
    if (query.vintage !== undefined) {
      const year = Number(query.vintage);
      conditions.vintage =
        query.vintage.toUpperCase() === NON_VINTAGE ? { sql: 'p.vintage IS NULL', params: [] } : Number.isInteger(year) ? { sql: 'p.vintage = ?', params: [year] } : { sql: '0', params: [] };
    }
    const prices: Condition = { sql: '1', params: [] };
    if (query.minPriceCents !== undefined) {
      prices.sql += ' AND p.price >= ?';
      prices.params.push(query.minPriceCents);
    }
    if (query.maxPriceCents !== undefined) {
      prices.sql += ' AND p.price <= ?';
      prices.params.push(query.maxPriceCents);
    }
    if (prices.params.length > 0) conditions.price = prices;
    if (query.inStock) conditions.stock = { sql: 'p.in_stock = 1', params: [] };
    if (query.onlyIds) conditions.only = { sql: 'p.id IN (SELECT value FROM json_each(?))', params: [JSON.stringify(query.onlyIds)] };
    return conditions;
  }

  const join = (conditions: Condition[]): Condition => ({
    sql: conditions.length === 0 ? '1' : conditions.map((condition) => `(${condition.sql})`).join(' AND '),
    params: conditions.flatMap((condition) => condition.params),
  });

  function facetLists(count: (facet: FacetName) => FacetCount[]): CatalogFacets {
    const list = (facet: FacetName): FacetCount[] => {
      const entries = count(facet).filter((entry) => entry.count > 0);
      entries.sort(facet === 'vintage' ? byVintageDescending : (a, b) => b.count - a.count || a.label.localeCompare(b.label));
      return entries.slice(0, FACET_VALUES_LIMIT);
    };
    return { varietal: list('varietal'), region: list('region'), country: list('country'), supplier: list('supplier'), vintage: list('vintage') };
  }

  const asOf = () => (sql('SELECT saved_at FROM datasets WHERE account = ? AND name = ?').pluck().get(PUBLIC, 'catalog') as string | undefined) ?? null;

  function search(query: CatalogSearchQuery): CatalogSearchResult {
    const started = performance.now();
    const text = query.text.trim();
    const filters = filterConditions(query);
    const expression = text ? matchExpression(text) : null;
    const codes = text ? codeIds(text) : [];
    /** Which products the text matches: by code or by words. */
    const textCondition: Condition | null = text
      ? {
          sql: `${codes.length > 0 ? 'p.id IN (SELECT value FROM json_each(?)) OR ' : ''}${expression ? 'p.pos IN (SELECT rowid FROM products_fts WHERE products_fts MATCH ?)' : '0'}`,
          params: [...(codes.length > 0 ? [JSON.stringify(codes)] : []), ...(expression ? [expression] : [])],
        }
      : null;
    const all = (except?: FacetName) =>
      join([...(textCondition ? [textCondition] : []), ...Object.entries(filters).filter(([name]) => name !== except).map(([, condition]) => condition!)]);

    const matching = all();
    const total = sql(`SELECT count(*) FROM products p WHERE ${matching.sql}`).pluck().get(...matching.params) as number;

    const unfiltered = !textCondition && Object.keys(filters).length === 0;
    const facets = facetLists((facet) => {
      if (unfiltered) {
        return sql('SELECT value, label, count FROM facet_counts WHERE facet = ?').all(facet) as FacetCount[];
      }
      const where = all(facet);
      const columns = FACET_COLUMNS[facet];
      const rows = sql(
        `SELECT ${columns.value} AS value, ${columns.label} AS label, count(*) AS count FROM products p WHERE (${where.sql}) AND ${columns.key} IS NOT NULL GROUP BY ${columns.key}`,
      ).all(...where.params) as { value: string | number; label: string | number; count: number }[];
      return rows.map((row) => ({ value: String(row.value), label: String(row.label), count: row.count }));
    });

    const end = query.offset + query.limit;
    let items: CatalogProduct[];
    if (text && !query.sort) {
      // Code hits first (exact, then SKU prefixes), then the text hits by relevance.
      const passing = codes.length === 0 ? [] : codeHitsPassing(codes, join(Object.values(filters) as Condition[]));
      const fromCodes = passing.slice(query.offset, end);
      const textOffset = Math.max(0, query.offset - passing.length);
      const textLimit = query.limit - fromCodes.length;
      const fromText = expression && textLimit > 0 ? textHits(expression, codes, join(Object.values(filters) as Condition[]), textOffset, textLimit) : [];
      items = [...fromCodes, ...fromText];
    } else {
      const rows = sql(`SELECT p.json FROM products p WHERE ${matching.sql} ORDER BY ${ORDER_BY[query.sort ?? 'name']} LIMIT ? OFFSET ?`)
        .pluck()
        .all(...matching.params, query.limit, query.offset) as string[];
      items = rows.map((json) => JSON.parse(json) as CatalogProduct);
    }
    return { items, total, facets, tookMs: performance.now() - started, freshness: { asOf: asOf(), fromCache: true } };
  }

  function codeHitsPassing(codes: string[], filters: Condition): CatalogProduct[] {
    const rows = sql(`SELECT p.id, p.json FROM products p WHERE p.id IN (SELECT value FROM json_each(?)) AND ${filters.sql}`).all(JSON.stringify(codes), ...filters.params) as {
      id: string;
      json: string;
    }[];
    const byId = new Map(rows.map((row) => [row.id, row.json]));
    return codes.filter((id) => byId.has(id)).map((id) => JSON.parse(byId.get(id)!) as CatalogProduct);
  }

  function textHits(expression: string, excluded: string[], filters: Condition, offset: number, limit: number): CatalogProduct[] {
    const rows = sql(
      `SELECT p.json FROM products_fts JOIN products p ON p.pos = products_fts.rowid
       WHERE products_fts MATCH ? AND p.id NOT IN (SELECT value FROM json_each(?)) AND ${filters.sql}
       ORDER BY bm25(products_fts, ${NAME_WEIGHT}, 1), p.name_key LIMIT ? OFFSET ?`,
    )
      .pluck()
      .all(expression, JSON.stringify(excluded), ...filters.params, limit, offset) as string[];
    return rows.map((json) => JSON.parse(json) as CatalogProduct);
  }

  function lookupCode(code: string): CatalogProduct | null {
    const json = sql(
      "SELECT p.json FROM product_codes c JOIN products p ON p.id = c.id WHERE c.code = ? ORDER BY c.kind = 'u' DESC LIMIT 1",
    ).pluck().get(normalizeCode(code)) as string | undefined;
    return json ? (JSON.parse(json) as CatalogProduct) : null;
  }

  function products(ids: string[]): (CatalogProduct | null)[] {
    const rows = sql('SELECT id, json FROM products WHERE id IN (SELECT value FROM json_each(?))').all(JSON.stringify(ids)) as { id: string; json: string }[];
    const byId = new Map(rows.map((row) => [row.id, row.json]));
    return ids.map((id) => (byId.has(id) ? (JSON.parse(byId.get(id)!) as CatalogProduct) : null));
  }

  /** The wine regions each supplier's products come from, by supplier id, for the supplier search. */
  function supplierRegions(): Record<string, string[]> {
    const rows = sql('SELECT supplier_id, min(region) AS region FROM products GROUP BY supplier_id, region_key').all() as { supplier_id: string; region: string }[];
    const result: Record<string, string[]> = {};
    for (const row of rows) (result[row.supplier_id] ??= []).push(row.region);
    for (const regions of Object.values(result)) regions.sort();
    return result;
  }

  return { search, lookupCode, products, supplierRegions, asOf };
}
