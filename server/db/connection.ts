import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import type { Database } from './database';

export const DEFAULT_MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export interface Connection {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface PgliteConnection extends Connection {
  kind: 'pglite';
  client: PGlite;
}

export interface PgliteOpenOptions {
  /** A folder to keep the database in; in memory when absent. */
  dataDir?: string;
  /** A `dumpDataDir()` archive to start from instead of an empty cluster (test templates). */
  loadDataDir?: Blob;
  migrationsFolder?: string;
}

export async function openPglite(options: PgliteOpenOptions): Promise<PgliteConnection> {
  // PGlite creates the last folder of the path only.
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzlePglite({ client, schema });
  try {
    await migratePglite(db, { migrationsFolder: options.migrationsFolder ?? DEFAULT_MIGRATIONS_FOLDER });
  } catch (error) {
    await client.close();
    throw error;
  }
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    client,
    close: () => client.close(),
  };
}

export interface PostgresOpenOptions {
  databaseUrl: string;
  migrationsFolder?: string;
  /** Pool size; concurrent orders each hold one connection for their transaction. */
  maxConnections?: number;
}

export async function openPostgres(options: PostgresOpenOptions): Promise<Connection> {
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.maxConnections ?? 10 });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  const db = drizzleNodePg({ client: pool, schema });
  try {
    await migrateNodePg(db, { migrationsFolder: options.migrationsFolder ?? DEFAULT_MIGRATIONS_FOLDER });
  } catch (error) {
    await pool.end();
    throw error;
  }
  return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
}
