import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/database';
import { products } from '../../db/schema';
import { listingVersionColumn } from './version';

/** What a listing's page shows of each product: `fields` (arrays of them), with `joins` to more tables. */
export interface PageShape {
  fields: SQL[];
  joins?: SQL;
}

/** A page's rows and the listings' version read in the same statement (the same snapshot). */
export interface VersionedRows {
  version: string | null;
  rows: unknown[][];
}

/** The ordinals of one page as a table, `wanted(ordinal, n)`, n counting from 1 in the order given, from one int array value. */
const wanted = (ordinalArray: SQL): SQL => sql`unnest(${ordinalArray}::int4[]) with ordinality as wanted(ordinal, n)`;

/** Ordinals as PostgreSQL's text of an int array, `{3,1,2}`; throws on anything but whole numbers (prepared-rows.ts writes it into a statement's text). */
export function ordinalArrayText(ordinals: ArrayLike<number>): string {
  const texts: string[] = [];
  for (let i = 0; i < ordinals.length; i++) {
    const ordinal = ordinals[i] as number;
    if (!Number.isSafeInteger(ordinal)) throw new TypeError(`a product ordinal must be a whole number, got ${String(ordinal)}`);
    texts.push(String(ordinal));
  }
  return `{${texts.join(',')}}`;
}

/** Parses the `rows` text of a statement that aggregated them as JSON (see productRowsInOrder). */
const parsedRows = (row: { version: string | null; rows: string | null } | undefined): VersionedRows => ({
  version: row?.version ?? null,
  rows: row?.rows ? (JSON.parse(row.rows) as unknown[][]) : [],
});

/** The page statement's one row, from `db.execute`. */
export const pageRowOf = (result: unknown): VersionedRows => parsedRows(rowsOf<{ version: string | null; rows: string | null }>(result)[0]);

/**
 * The statement of productRowsInOrder, its ordinals the int array `ordinalArray` (a parameter,
 * or `$1` for a prepared statement): one row, `version` and `rows`.
 */
export const pageStatement = (ordinalArray: SQL, shape: PageShape): SQL =>
  sql`select ${listingVersionColumn()} as version, json_agg(json_build_array(${sql.join(shape.fields, sql`, `)}) order by wanted.n)::text as rows
    from ${wanted(ordinalArray)} inner join ${products} on ${products.ordinal} = wanted.ordinal ${shape.joins ?? sql``}`;

/** Reads the products of a page's ordinals in order (productRowsInOrder, or its prepared form: prepared-rows.ts). */
export type PageRowsReader = (ordinals: ArrayLike<number>, shape: PageShape) => Promise<VersionedRows>;

/**
 * The products of `ordinals` (products.ordinal), in that order, each as the array of the shape's
 * fields, read as ONE JSON value: PGlite hands every field of every row to JavaScript one at a
 * time, far slower than JSON.parse reads one string (a catalog page of 100 rows: 3.6 ms as rows,
 * 1.7 ms as one value). Products no longer in the table are left out. The listings' version is
 * read in the same statement, for listingPage.
 *
 * Numbers come back as JSON numbers (integers and doubles exactly; PostgreSQL prints a double's
 * shortest round-trip form), text as strings, NULL as null. Timestamps must be selected through
 * epochMilliseconds.
 */
export async function productRowsInOrder(db: Database, ordinals: ArrayLike<number>, shape: PageShape): Promise<VersionedRows> {
  return pageRowOf(await db.execute(pageStatement(sql`${ordinalArrayText(ordinals)}`, shape)));
}

/** The product `productId` as the array of the shape's fields (no row when there is none), with the listings' version, in one statement. */
export async function productRowById(db: Database, productId: string, shape: PageShape): Promise<VersionedRows> {
  const [row] = await db
    .select({
      version: listingVersionColumn(),
      rows: sql<string | null>`json_agg(json_build_array(${sql.join(shape.fields, sql`, `)}))::text`,
    })
    .from(sql`${products} ${shape.joins ?? sql``}`)
    .where(sql`${products.id} = ${productId}`);
  return parsedRows(row);
}

/**
 * One page of a listing read straight from the table (`where`, `order`, LIMIT and OFFSET), with the
 * listing's total and the listings' version, all in one statement: what a page costs before the
 * listings index is built (see listingPage). Cheap near the start of a listing the sort's index
 * serves; the count and a deep OFFSET grow with the catalog.
 */
export async function productRowsByQuery(
  db: Database,
  shape: PageShape,
  where: SQL | undefined,
  order: SQL[],
  limit: number,
  offset: number,
): Promise<VersionedRows & { total: number }> {
  const condition = where ?? sql`true`;
  const orderBy = sql.join(order, sql`, `);
  const [row] = await db
    .select({
      version: listingVersionColumn(),
      total: sql<string>`(select count(*) from ${products} where ${condition})::text`,
      rows: sql<string | null>`(select json_agg(page.fields order by page.n)::text from (
        select json_build_array(${sql.join(shape.fields, sql`, `)}) as fields, row_number() over (order by ${orderBy}) as n
        from ${products} ${shape.joins ?? sql``}
        where ${condition}
        order by ${orderBy}
        limit ${limit} offset ${offset}) as page)`,
    })
    .from(sql`(select 1) as one`);
  return { ...parsedRows(row), total: Number(row?.total ?? 0) };
}

/** A timestamp as whole milliseconds since 1970, cut as `new Date()` cuts the microseconds PostgreSQL keeps. */
export const epochMilliseconds = (column: AnyColumn): SQL => sql`floor(extract(epoch from ${column}) * 1000)`;

/** epochMilliseconds back to the contract's timestamp text. */
export const isoFromMilliseconds = (milliseconds: unknown): string => new Date(Number(milliseconds)).toISOString();
