import { and, asc, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PageQuery, ProductListQuery } from '../../../shared';
import type { Database } from '../../db/database';
import { products } from '../../db/schema';
import { prefixTsQuery, splitVintageWords } from './search-text';
import type { OrderedIdCache, OrderedOrdinals } from './ordered-ids';
import { ListingIndex, type IndexedFilters } from './listing-index';
import type { ListingIndexKeeper } from './listing-index-keeper';
import { pageOffset } from '../pagination';
import { listingStamp, stampOf } from './version';
import { productRowsByQuery, type PageRowsReader, type PageShape } from './rows-in-order';

/** A catalog listing: the filters and the sort of GET /products, without the page. */
export type ListingQuery = Omit<ProductListQuery, 'page' | 'per_page'>;

/** What the store keeps for its listings (one per store). */
export interface CatalogListings {
  db: Database;
  index: ListingIndexKeeper;
  /** Ordered ordinals of listings: text searches, and filtered listings worked out from the index. */
  orderedIds: OrderedIdCache;
  /** Filter values lowered by the database (see loweredFilters). */
  lowered: Map<string, string>;
  /** Reads a page's products by their ordinals: productRowsInOrder, or prepared once (preparedPageRows). */
  pageRows: PageRowsReader;
}

/** Lowered filter values remembered at most; the map starts over past it. */
const MAX_LOWERED = 10_000;

const sameText = (column: AnyColumn, value: string): SQL => sql`lower(${column}) = lower(${value})`;

/**
 * Sorts end with the id so pages never overlap or skip rows. Without `sort`, a text search is
 * ordered by relevance and a plain listing by name. ListingIndex keeps the same orders (indexOrder).
 */
function productOrder(query: Pick<ProductListQuery, 'sort'>, tsQuery: SQL | null): SQL[] {
  switch (query.sort) {
    case 'price_asc':
      return [asc(products.casePriceCents), asc(products.id)];
    case 'price_desc':
      return [desc(products.casePriceCents), desc(products.id)];
    case 'newest':
      return [desc(products.createdAt), desc(products.id)];
    case 'name':
      return [sql`${products.name} COLLATE "C"`, asc(products.id)];
    case undefined:
      return tsQuery === null
        ? [sql`${products.name} COLLATE "C"`, asc(products.id)]
        : [sql`ts_rank(${products.searchDocument}, ${tsQuery}) DESC`, asc(products.id)];
  }
}

/** What makes two listings the same list of ids: the filters and the sort, not the page. */
function listingKey(query: ListingQuery): string {
  return JSON.stringify([query.q ?? null, query.varietal ?? null, query.region ?? null, query.country ?? null, query.supplier_id ?? null, query.sort ?? null]);
}

/** A listing's filters as one condition; null when the listing is empty whatever the catalog holds. */
interface Listing {
  where: SQL | undefined;
  tsQuery: SQL | null;
}

function listingOf(query: ListingQuery): Listing | null {
  const conditions: SQL[] = [];
  let tsQuery: SQL | null = null;
  if (query.q !== undefined) {
    const { years, words } = splitVintageWords(query.q);
    tsQuery = prefixTsQuery(words);
    if (tsQuery === null && years.length === 0) return null;
    if (tsQuery !== null) conditions.push(sql`${products.searchDocument} @@ ${tsQuery}`);
    for (const year of years) {
      conditions.push(sql`(${products.vintage} = ${year} or ${products.searchDocument} @@ ${prefixTsQuery(String(year))})`);
    }
  }
  if (query.varietal !== undefined) conditions.push(sameText(products.varietal, query.varietal));
  if (query.region !== undefined) conditions.push(sameText(products.region, query.region));
  if (query.country !== undefined) conditions.push(sameText(products.country, query.country));
  if (query.supplier_id !== undefined) conditions.push(eq(products.supplierId, query.supplier_id));
  return { where: conditions.length > 0 ? and(...conditions) : undefined, tsQuery };
}

/** The ordinals of a whole listing in order, as one string: PGlite hands 50,000 rows to JavaScript far slower. */
async function readOrderedOrdinals(db: Database, query: ListingQuery, listing: Listing): Promise<OrderedOrdinals> {
  const [row] = await db
    .select({ ordinals: sql<string | null>`string_agg(${products.ordinal}::text, ',' ORDER BY ${sql.join(productOrder(query, listing.tsQuery), sql`, `)})` })
    .from(products)
    .where(listing.where);
  return row?.ordinals ? Int32Array.from(row.ordinals.split(','), Number) : new Int32Array(0);
}

/**
 * The filter values as the database lowers them (`lower()` under its collation: PGlite's C
 * locale leaves non-ASCII letters alone), remembered: the index keeps its values lowered so.
 */
async function loweredFilters(listings: CatalogListings, query: ListingQuery): Promise<IndexedFilters> {
  const texts = [query.varietal, query.region, query.country].filter((value): value is string => value !== undefined);
  const missing = texts.filter((value) => !listings.lowered.has(value));
  if (missing.length > 0) {
    const [row] = await listings.db
      .select({ lowered: sql<string>`json_build_array(${sql.join(
        missing.map((value) => sql`lower(${value})`),
        sql`, `,
      )})::text` })
      .from(sql`(select 1) as one`);
    const lowered = JSON.parse(row?.lowered ?? '[]') as string[];
    if (listings.lowered.size + missing.length > MAX_LOWERED) listings.lowered.clear();
    missing.forEach((value, index) => listings.lowered.set(value, lowered[index] as string));
  }
  const lower = (value: string | undefined) => (value === undefined ? undefined : listings.lowered.get(value));
  return { supplierId: query.supplier_id, varietal: lower(query.varietal), region: lower(query.region), country: lower(query.country) };
}

/** A listing's ordinals from the index: the index's own order without filters, else kept, worked out as far as its pages are asked (ListingIndex.ordinals). */
async function indexedOrdinals(listings: CatalogListings, index: ListingIndex, query: ListingQuery, filters: IndexedFilters): Promise<OrderedOrdinals> {
  if (!ListingIndex.filtered(filters)) return index.ordinals(filters, query.sort);
  return listings.orderedIds.get(listingKey(query), index.stamp, async () => index.ordinals(filters, query.sort));
}

export interface ListingPage {
  total: number;
  rows: unknown[][];
}

/**
 * A page's ordinals from the index, with its listing's total. A listing with filters not kept
 * for this index yet is walked only as far as the page when that is short (a first page: see
 * ListingIndex.firstOrdinals), else kept, worked out as far as its pages are asked (indexedOrdinals).
 */
async function pageOrdinals(listings: CatalogListings, index: ListingIndex, query: ListingQuery & PageQuery): Promise<{ total: number; slice: ArrayLike<number> }> {
  const offset = pageOffset(query);
  const end = offset + query.per_page;
  const filters = await loweredFilters(listings, query);
  if (ListingIndex.filtered(filters) && listings.orderedIds.latest(listingKey(query))?.stamp !== index.stamp) {
    const early = index.firstOrdinals(filters, query.sort, end);
    if (early) return { total: early.total, slice: early.ordinals.slice(offset, end) };
  }
  const ordinals = await indexedOrdinals(listings, index, query, filters);
  return { total: ordinals.length, slice: ordinals.slice(offset, end) };
}

/** A page from the index, or 'stale' when the listings changed since it was read. */
async function pageFromIndex(listings: CatalogListings, index: ListingIndex, query: ListingQuery & PageQuery, shape: PageShape): Promise<ListingPage | 'stale'> {
  const { total, slice } = await pageOrdinals(listings, index, query);
  if (slice.length === 0) return (await listingStamp(listings.db)) === index.stamp ? { total, rows: [] } : 'stale';
  const page = await listings.pageRows(slice, shape);
  return stampOf(page.version) === index.stamp ? { total, rows: page.rows } : 'stale';
}

/**
 * One page of a listing, each product as the array of the shape's fields, with the listing's total.
 *
 * Without text search, from the listings index (ListingIndex): the page's ordinals are a slice of
 * the listing's order, loaded with the listings' version in the same statement, and the page
 * stands when that version is the one the index describes. When the listings changed since, a
 * new index is read (in the background for a large catalog) and, meanwhile, the page comes from
 * the table (LIMIT and OFFSET, and a count; see productRowsByQuery). So a first page costs what any
 * page does, and orders (stock only) never make the index stale.
 *
 * With text search, the listing's whole order is read from the table once per listings' version
 * and kept (OrderedIdCache), as one string of ordinals; a page is its slice, loaded likewise. A
 * listing not kept yet reads the stamp first, then the ordinals, so they are at least that new.
 */
export async function listingPage(listings: CatalogListings, query: ListingQuery & PageQuery, shape: PageShape): Promise<ListingPage> {
  const listing = listingOf(query);
  if (listing === null) return { total: 0, rows: [] };
  if (query.q !== undefined) return searchPage(listings, query, listing, shape);

  const kept = listings.index.current;
  if (kept) {
    const page = await pageFromIndex(listings, kept, query, shape);
    if (page !== 'stale') return page;
  }
  const fresh = await listings.index.refresh();
  if (fresh && fresh !== kept) {
    const page = await pageFromIndex(listings, fresh, query, shape);
    if (page !== 'stale') return page;
  }
  const direct = await productRowsByQuery(listings.db, shape, listing.where, productOrder(query, null), query.per_page, pageOffset(query));
  return { total: direct.total, rows: direct.rows };
}

/** A text search's page: see listingPage. */
async function searchPage(listings: CatalogListings, query: ListingQuery & PageQuery, listing: Listing, shape: PageShape): Promise<ListingPage> {
  const { db, orderedIds, pageRows } = listings;
  const key = listingKey(query);
  const offset = pageOffset(query);
  const pageOf = async (ordinals: OrderedOrdinals): Promise<ListingPage> => {
    const slice = ordinals.slice(offset, offset + query.per_page);
    return { total: ordinals.length, rows: slice.length > 0 ? (await pageRows(slice, shape)).rows : [] };
  };

  const kept = orderedIds.latest(key);
  const keptOrdinals = kept ? await kept.ids.catch(() => null) : null;
  const slice = keptOrdinals?.slice(offset, offset + query.per_page);
  if (kept && keptOrdinals && slice && slice.length > 0) {
    const page = await pageRows(slice, shape);
    const version = stampOf(page.version);
    if (version === kept.stamp) return { total: keptOrdinals.length, rows: page.rows };
    return pageOf(await orderedIds.get(key, version, () => readOrderedOrdinals(db, query, listing)));
  }
  // The stamp first: the ordinals read after it are at least as new as the version they are kept under.
  const stamp = await listingStamp(db);
  return pageOf(await orderedIds.get(key, stamp, () => readOrderedOrdinals(db, query, listing)));
}
