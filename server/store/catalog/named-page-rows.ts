import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from '../../db/database';
import { namedStatement } from '../../db/prepared-statements';
import { ordinalArrayText, pageRowOf, pageStatement, productRowsInOrder, type PageRowsReader, type PageShape } from './rows-in-order';

/**
 * productRowsInOrder on PostgreSQL's pool, its statement named in the wire protocol once per page
 * shape: node-postgres parses a named statement once on each connection of the pool and then only
 * binds and executes it, so a page's statement is neither built by drizzle nor parsed and planned
 * anew each time (SQL `PREPARE`, as preparedPageRows does on PGlite's one session, would live on
 * one connection of the pool only). The ordinals travel as one bind parameter, an int array. A
 * shape whose statement would carry parameters of its own, or a database not on node-postgres'
 * pool, is read unprepared.
 */
export function namedPageRows(db: Database): PageRowsReader {
  const client = (db as unknown as { $client?: { query?: unknown } }).$client;
  const unprepared: PageRowsReader = (ordinals, shape) => productRowsInOrder(db, ordinals, shape);
  if (!client || typeof client.query !== 'function') return unprepared;
  const pool = client as pg.Pool;
  const statements = new Map<PageShape, { name: string; text: string } | null>();
  return async (ordinals, shape) => {
    let statement = statements.get(shape);
    if (statement === undefined) {
      statement = namedStatement('page_rows', pageStatement(sql.raw('$1'), shape));
      statements.set(shape, statement);
    }
    if (statement === null) return unprepared(ordinals, shape);
    return pageRowOf(await pool.query({ ...statement, values: [ordinalArrayText(ordinals)] }), ordinals);
  };
}
