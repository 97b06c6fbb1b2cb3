import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './database';

const dialect = new PgDialect();

/** Statement names already taken in this process: every statement is prepared under a name of its own. */
let preparedCount = 0;

/**
 * Prepares `statement` (SQL `PREPARE`), its parameters written as `sql.raw('$1')`… and typed by
 * `parameterTypes`, under a name no other statement of this process has; the name, or null when
 * the statement carries parameters of its own (drizzle's), which a `PREPARE` cannot take.
 *
 * For a database that is ONE session (PGlite), where a prepared statement serves every later
 * transaction; on PostgreSQL's pool it would live on one connection only. PGlite's driver has no
 * named statements of the wire protocol and SQL `EXECUTE` takes no bind parameters, so whoever
 * executes the name writes the values into the `EXECUTE`'s text: whole numbers the service made,
 * never text from a request.
 */
export async function prepareStatement(db: Database, stem: string, parameterTypes: readonly string[], statement: SQL): Promise<string | null> {
  const named = namedStatement(stem, statement);
  if (named === null) return null;
  await db.execute(sql.raw(`prepare ${named.name} (${parameterTypes.join(', ')}) as ${named.text}`));
  return named.name;
}

/**
 * `statement`'s text (parameters written as `sql.raw('$1')`…) under a name no other statement of
 * this process has, for a named statement of the wire protocol (node-postgres parses it once on each
 * connection of its pool), or for `PREPARE`; null when it carries parameters of its own (drizzle's).
 */
export function namedStatement(stem: string, statement: SQL): { name: string; text: string } | null {
  const query = dialect.sqlToQuery(statement);
  if (query.params.length > 0) return null;
  preparedCount += 1;
  return { name: `caseworks_${stem}_${preparedCount}`, text: query.sql };
}

/**
 * `prepare` run once per key, its answer kept; one that failed is forgotten, so the next use tries
 * again (and meanwhile answers null: the caller reads unprepared).
 */
export function preparedOnce<Key, Prepared>(prepare: (key: Key) => Promise<Prepared | null>): (key: Key) => Promise<Prepared | null> {
  const kept = new Map<Key, Promise<Prepared | null>>();
  return (key) => {
    let prepared = kept.get(key);
    if (!prepared) {
      prepared = prepare(key).catch(() => {
        kept.delete(key);
        return null;
      });
      kept.set(key, prepared);
    }
    return prepared;
  };
}
