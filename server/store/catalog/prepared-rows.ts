import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { preparedOnce, prepareStatement } from '../../db/prepared-statements';
import { ordinalArrayText, pageRowOf, pageStatement, productRowsInOrder, type PageRowsReader, type PageShape } from './rows-in-order';

/** What preparedPageRows needs of PGlite's client: a statement's text run by the simple query protocol. */
interface SimpleQueryClient {
  exec(text: string): Promise<unknown[]>;
}

/**
 * How an `EXECUTE` reaches the database: straight to PGlite's client by the simple query protocol
 * when `db` is drizzle's database on it, else through drizzle. At a million products a page's
 * `EXECUTE` cost 3.59 ms of CPU sent so, 3.81 ms by PGlite's `query` (the extended protocol) and
 * 4.38 ms through drizzle's `execute` (docs/benchmarks.md).
 */
function executor(db: Database): (text: string) => Promise<unknown> {
  const client = (db as unknown as { $client?: Partial<SimpleQueryClient> }).$client;
  if (client && typeof client.exec === 'function') {
    const simple = client as SimpleQueryClient;
    return async (text) => (await simple.exec(text))[0];
  }
  return (text) => db.execute(sql.raw(text));
}

/**
 * productRowsInOrder with its statement prepared once per page shape (prepareStatement), so a page
 * is not planned again each time: for a database that is one session (PGlite). On PostgreSQL's
 * pool the service does not use it (see PageStatements). The page's ordinals are
 * written into the `EXECUTE`'s text as an int array: whole numbers from the listings index, checked
 * by ordinalArrayText. A shape whose statement would carry parameters of its own is read
 * unprepared.
 *
 * A page of 100 on a million products on PGlite: 1.8–5 ms less CPU than unprepared (docs/benchmarks.md).
 */
export function preparedPageRows(db: Database): PageRowsReader {
  const nameOf = preparedOnce((shape: PageShape) => prepareStatement(db, 'page_rows', ['int4[]'], pageStatement(sql.raw('$1'), shape)));
  const execute = executor(db);
  return async (ordinals, shape) => {
    const name = await nameOf(shape);
    if (name === null) return productRowsInOrder(db, ordinals, shape);
    return pageRowOf(await execute(`execute ${name}('${ordinalArrayText(ordinals)}')`), ordinals);
  };
}
