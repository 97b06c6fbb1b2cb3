import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/**
 * The database as the store sees it: the same drizzle API whether PGlite or node-postgres is
 * underneath. A transaction is also a Database (nested `transaction` calls become savepoints).
 */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
