import { and, asc, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { ProductListQuery } from '../../../shared';
import type { Database } from '../../db/database';
import { products } from '../../db/schema';
import { prefixTsQuery, splitVintageWords } from './search-text';
import type { OrderedIdCache } from './ordered-ids';
import { catalogStamp } from './version';

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

/**
 * The ordered ids of a whole listing (its filters and sort), read once per catalog version (an
 * index scan, see OrderedIdCache): a page is then a slice, so page 500 costs what page 1 does, and
 * the total is the list's length, so no page counts the table.
 */
export async function orderedProductIds(db: Database, orderedIds: OrderedIdCache, query: ListingQuery): Promise<readonly string[]> {
  const listing = listingOf(query);
  if (listing === null) return [];
  // The stamp first: the ids read after it are at least as new as the version they are kept under.
  const stamp = await catalogStamp(db);
  return orderedIds.get(`${stamp}\u0000${listingKey(query)}`, async () => {
    // One row holding every id: PGlite hands 50,000 rows to JavaScript far slower than one string.
    const [row] = await db
      .select({ ids: sql<string | null>`string_agg(${products.id}, ',' ORDER BY ${sql.join(productOrder(query, listing.tsQuery), sql`, `)})` })
      .from(products)
      .where(listing.where);
    // Ids are a prefix, `_` and base62 (server/store/ids.ts), so a comma never occurs in one.
    return row?.ids ? row.ids.split(',') : [];
  });
}
