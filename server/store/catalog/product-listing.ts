import { and, asc, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PageQuery, ProductListQuery } from '../../../shared';
import type { Database } from '../../db/database';
import { products } from '../../db/schema';
import { prefixTsQuery, splitVintageWords } from './search-text';
import type { OrderedIdCache } from './ordered-ids';
import { pageOffset } from '../pagination';
import { listingStamp, stampOf } from './version';

/** A catalog listing: the filters and the sort of GET /products, without the page. */
export type ListingQuery = Omit<ProductListQuery, 'page' | 'per_page'>;

const sameText = (column: AnyColumn, value: string): SQL => sql`lower(${column}) = lower(${value})`;

/**
 * Sorts end with the id so pages never overlap or skip rows. Without `sort`, a text search is
 * ordered by relevance and a plain listing by name.
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

/** The ordered ids of a whole listing (its filters and sort), as one string: PGlite hands 50,000 rows to JavaScript far slower. */
async function readOrderedIds(db: Database, query: ListingQuery, listing: Listing): Promise<readonly string[]> {
  const [row] = await db
    .select({ ids: sql<string | null>`string_agg(${products.id}, ',' ORDER BY ${sql.join(productOrder(query, listing.tsQuery), sql`, `)})` })
    .from(products)
    .where(listing.where);
  // Ids are a prefix, `_` and base62 (server/store/ids.ts), so a comma never occurs in one.
  return row?.ids ? row.ids.split(',') : [];
}

/** Rows of a page's ids, and the listings' version read in the same statement (see productRowsInOrder). */
export type PageLoader<R> = (ids: readonly string[]) => Promise<{ version: string | null; rows: R[] }>;

/**
 * One page of a listing: the ordered ids of the whole listing (its filters and sort) are read
 * once per listings' version and kept (OrderedIdCache), and a page is their slice loaded by `load`.
 * So page 500 costs what page 1 does, and the total is the list's length: no page counts the table.
 * Orders change stock, not the listings' version: the ids outlive them, and the rows (read fresh)
 * show the stock of now.
 *
 * Usually one statement: the slice of the ids kept for the listing is loaded together with the
 * listings' version, and the page stands when that version is the one the ids were read under
 * (the ids, read after their stamp, are at least that new, and the version only grows). When the
 * listings changed since, the ids are read again under the version just seen and the slice loaded
 * again. A listing not kept yet reads the stamp first, then the ids.
 */
export async function listingPage<R>(
  db: Database,
  orderedIds: OrderedIdCache,
  query: ListingQuery & PageQuery,
  load: PageLoader<R>,
): Promise<{ total: number; rows: R[] }> {
  const listing = listingOf(query);
  if (listing === null) return { total: 0, rows: [] };
  const key = listingKey(query);
  const offset = pageOffset(query);
  const pageOf = async (ids: readonly string[]) => {
    const slice = ids.slice(offset, offset + query.per_page);
    return { total: ids.length, rows: slice.length > 0 ? (await load(slice)).rows : [] };
  };

  const kept = orderedIds.latest(key);
  const keptIds = kept ? await kept.ids.catch(() => null) : null;
  const slice = keptIds?.slice(offset, offset + query.per_page) ?? [];
  if (kept && keptIds && slice.length > 0) {
    const page = await load(slice);
    const version = stampOf(page.version);
    if (version === kept.stamp) return { total: keptIds.length, rows: page.rows };
    return pageOf(await orderedIds.get(key, version, () => readOrderedIds(db, query, listing)));
  }
  // The stamp first: the ids read after it are at least as new as the version they are kept under.
  const stamp = await listingStamp(db);
  return pageOf(await orderedIds.get(key, stamp, () => readOrderedIds(db, query, listing)));
}
