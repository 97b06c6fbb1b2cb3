import { finished } from 'node:stream/promises';
import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { rowsOf, type Database } from '../db/database';

export type BulkColumn = {
  /** The column's name in the database. */
  name: string;
  /** The PostgreSQL type of one value (`text`, `int4`, `float8`, `timestamptz`). */
  type: string;
  values: ReadonlyArray<string | number | null>;
};

/**
 * Inserts many rows with one array parameter per column (`INSERT … SELECT … FROM unnest(…)`).
 * Building a 1,000-row multi-VALUES statement with drizzle's query builder took about half a
 * millisecond per row here; this builds a statement of a handful of parameters instead.
 * `searchText` fills the table's `search_document` column from already folded text.
 */
export async function bulkInsert(
  db: Database,
  table: PgTable,
  columns: readonly BulkColumn[],
  searchText?: readonly string[],
): Promise<void> {
  const all: BulkColumn[] = [...columns, ...(searchText ? [{ name: 'search_text', type: 'text', values: searchText }] : [])];
  const rowCount = all[0]?.values.length ?? 0;
  if (rowCount === 0) return;
  for (const column of all) {
    if (column.values.length !== rowCount) throw new Error(`column ${column.name} has ${column.values.length} values, expected ${rowCount}`);
  }
  const targets: SQL[] = columns.map((column) => sql`${sql.identifier(column.name)}`);
  const selected: SQL[] = columns.map((column) => sql`${sql.identifier(column.name)}`);
  if (searchText) {
    targets.push(sql`${sql.identifier('search_document')}`);
    selected.push(sql`to_tsvector('simple'::regconfig, ${sql.identifier('search_text')})`);
  }
  const arrays = all.map((column) => sql`${sql.param([...column.values])}::${sql.raw(column.type)}[]`);
  const aliases = all.map((column) => sql.identifier(column.name));
  await db.execute(
    sql`insert into ${sql.identifier(getTableName(table))} (${sql.join(targets, sql`, `)}) select ${sql.join(selected, sql`, `)} from unnest(${sql.join(arrays, sql`, `)}) as source(${sql.join(aliases, sql`, `)})`,
  );
}

/** A PGlite transaction's own `query`, which takes the rows of `COPY … FROM '/dev/blob'` as a Blob. */
type BlobQuery = (query: string, params: unknown[], options: { blob: Blob }) => Promise<unknown>;

/**
 * The PGlite transaction under a drizzle transaction on PGlite: drizzle keeps it as its session's
 * client, and offers no COPY of its own.
 */
function pgliteQuery(tx: Database): BlobQuery {
  const client = (tx as unknown as { session?: { client?: { query?: unknown } } }).session?.client;
  if (!client || typeof client.query !== 'function') throw new Error('COPY needs a drizzle transaction on PGlite');
  return (client.query as BlobQuery).bind(client);
}

/**
 * Inserts rows on PGlite with `COPY … FROM '/dev/blob'` from `rows`, COPY's binary format
 * (`columnNames` in its order, then `search_document`: see productCopyBinary). COPY text took about
 * 25 µs of CPU a product against 80 µs for bulkInsert's arrays (no indexes); the binary format
 * spares the database parsing every integer, timestamp and lexeme. With `freeze`, the rows are
 * written frozen and the table's pages marked all-visible, as a vacuum would: the table must have
 * been emptied (TRUNCATE) in this transaction.
 */
export async function copyBinary(tx: Database, table: PgTable, columnNames: readonly string[], rows: Uint8Array, freeze: boolean): Promise<void> {
  if (rows.length === 0) return;
  await pgliteQuery(tx)(`${copyStatement(table, columnNames)} from '/dev/blob' ${copyOptions(freeze)}`, [], { blob: new Blob([rows as Uint8Array<ArrayBuffer>]) });
}

/** COPY's options: binary format, and frozen rows when the table was emptied in this transaction. */
const copyOptions = (freeze: boolean) => `with (format binary${freeze ? ', freeze' : ''})`;

/** `COPY` of `columnNames` then `search_document`, the columns of the COPY input. */
const copyStatement = (table: PgTable, columnNames: readonly string[]) =>
  `copy "${getTableName(table)}" (${[...columnNames, 'search_document'].map((name) => `"${name}"`).join(', ')})`;

/**
 * The node-postgres client under a drizzle transaction on PostgreSQL (the seeding's own session,
 * see `Connection.underSetupLock`): drizzle offers no COPY, and pg-copy-streams needs the client.
 */
function nodePgClient(tx: Database): pg.ClientBase {
  const client = (tx as unknown as { session?: { client?: { query?: unknown } } }).session?.client;
  if (!client || typeof client.query !== 'function') throw new Error('COPY needs a drizzle transaction on node-postgres');
  return client as pg.ClientBase;
}

/**
 * copyBinary on PostgreSQL: the same rows sent with `COPY … FROM STDIN` (pg-copy-streams), so
 * both databases are seeded with the same rows. With `freeze` as there (PostgreSQL 14 and later
 * also mark the pages all-visible).
 */
export async function copyBinaryOnPostgres(tx: Database, table: PgTable, columnNames: readonly string[], rows: Uint8Array, freeze: boolean): Promise<void> {
  if (rows.length === 0) return;
  const stream = nodePgClient(tx).query(copyFrom(`${copyStatement(table, columnNames)} from stdin ${copyOptions(freeze)}`));
  // 'finish' comes once the server has acknowledged the COPY; a refused row rejects.
  stream.end(Buffer.from(rows.buffer, rows.byteOffset, rows.byteLength));
  await finished(stream);
}

interface DroppedObject {
  /** The table it belongs to. */
  owner: string;
  name: string;
  /** What makes it again: an index's CREATE statement, or a constraint's definition. */
  create: string;
}

/**
 * Runs `load` (filling `table`, empty before) with every index of the table dropped (its primary
 * key and unique constraints too) and every foreign key from or to it, then makes them again as
 * they were, in the caller's transaction: building an index from the loaded rows is far cheaper
 * than keeping it up to date row by row. A 20,000-product load took 7.5 s with the secondary
 * indexes, 3.1 s without them and 2.1 s without the foreign key check per row too (PGlite, load
 * average 9); without the primary key and the unique SKU as well, 41 µs a product against 104.
 * The definitions are read from the database itself, so the schema stays the one place that
 * names them. The tables referring to `table` must be empty too (they are checked again at the end).
 */
export async function withoutIndexes(tx: Database, table: PgTable, load: () => Promise<void>): Promise<void> {
  const name = getTableName(table);
  const constraints = rowsOf<DroppedObject & { kind: string }>(
    await tx.execute(sql`
      select conrelid::regclass::text as owner, conname as name, pg_get_constraintdef(oid) as create, contype as kind
      from pg_constraint
      where (conrelid = ${name}::regclass and contype in ('p', 'u', 'f')) or (confrelid = ${name}::regclass and contype = 'f')`),
  );
  const indexes = rowsOf<DroppedObject>(
    await tx.execute(sql`
      select ${name} as owner, index_class.relname as name, pg_get_indexdef(i.indexrelid) as create
      from pg_index i
      join pg_class index_class on index_class.oid = i.indexrelid
      where i.indrelid = ${name}::regclass
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`),
  );
  const foreignKeys = constraints.filter((constraint) => constraint.kind === 'f');
  const keys = constraints.filter((constraint) => constraint.kind !== 'f');
  const alter = (object: DroppedObject) => sql`alter table ${sql.raw(object.owner)}`;
  for (const key of [...foreignKeys, ...keys]) await tx.execute(sql`${alter(key)} drop constraint ${sql.identifier(key.name)}`);
  for (const index of indexes) await tx.execute(sql`drop index ${sql.identifier(index.name)}`);
  await load();
  for (const key of keys) await tx.execute(sql`${alter(key)} add constraint ${sql.identifier(key.name)} ${sql.raw(key.create)}`);
  for (const index of indexes) await tx.execute(sql.raw(index.create));
  for (const key of foreignKeys) await tx.execute(sql`${alter(key)} add constraint ${sql.identifier(key.name)} ${sql.raw(key.create)}`);
}
