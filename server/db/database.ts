import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/**
 * The database as the store sees it: the same drizzle API whether PGlite or node-postgres is
 * underneath. A transaction is also a Database (nested `transaction` calls become savepoints).
 */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Rows of an `execute`, as both drivers answer it (`{ rows }`); `T` is what the statement selects. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
