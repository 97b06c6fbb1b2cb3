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

/**
 * The page statement's `rows` (see pageStatement: the products' ordinals, then each field, one
 * JSON array a column, all in one row order) as rows in the order of `ordinals`; an ordinal no
 * product has is left out.
 */
export function rowsInOrder(columnsText: string | null, ordinals: ArrayLike<number>): unknown[][] {
  const columns = columnsText ? (JSON.parse(columnsText) as Array<unknown[] | null>) : [];
  const found = columns[0];
  if (!found) return [];
  const fields = columns.slice(1) as unknown[][];
  const position = new Map<unknown, number>();
  for (let index = 0; index < found.length; index++) position.set(found[index], index);
  const rows: unknown[][] = [];
  for (let wanted = 0; wanted < ordinals.length; wanted++) {
    const index = position.get(ordinals[wanted]);
    if (index === undefined) continue;
    const row = new Array<unknown>(fields.length);
    for (let field = 0; field < fields.length; field++) row[field] = (fields[field] as unknown[])[index];
    rows.push(row);
  }
  return rows;
}

/** The page statement's one row, from `db.execute`, its rows in the order of `ordinals`. */
export function pageRowOf(result: unknown, ordinals: ArrayLike<number>): VersionedRows {
  const row = rowsOf<{ version: string | null; rows: string | null }>(result)[0];
  return { version: row?.version ?? null, rows: rowsInOrder(row?.rows ?? null, ordinals) };
}

/**
 * The statement of productRowsInOrder, its ordinals the int array `ordinalArray` (a parameter,
 * or `$1` for a prepared statement): one row, `version` and `rows`, the products found as one
 * JSON array of columns (their ordinals, then each of the shape's fields), in no particular
 * order: pageRowOf puts them in the order asked for.
 *
 * One scan of `products_ordinal_idx` for all the ordinals (`= any`), and one `json_agg` a column,
 * which works out how to write its type once where `json_build_array` does it for every value: on
 * PGlite at a million products 4.56 ms of CPU a page of 100 against 5.33 ms for 100 lookups
 * joined to the ordinals and one array a row (docs/benchmarks.md). Every aggregate of the one
 * group reads the rows in the same order, so the columns line up.
 */
export const pageStatement = (ordinalArray: SQL, shape: PageShape): SQL =>
  sql`select ${listingVersionColumn()} as version,
    json_build_array(json_agg(${products.ordinal}), ${sql.join(
      shape.fields.map((field) => sql`json_agg(${field})`),
      sql`, `,
    )})::text as rows
    from ${products} ${shape.joins ?? sql``} where ${products.ordinal} = any(${ordinalArray}::int4[])`;

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
  return pageRowOf(await db.execute(pageStatement(sql`${ordinalArrayText(ordinals)}`, shape)), ordinals);
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
