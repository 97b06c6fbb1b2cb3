import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import * as schema from './schema';
import type { Database } from './database';
import { GuardedClient, GuardedPool } from './guarded-pool';
import { copyTemplate, defaultTemplatesDir, emptyClusterTemplate, pgliteTemplateKey } from './pglite-template';

export const DEFAULT_MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * The advisory lock that serializes setting up a database: migrations, then demo seeding. Any
 * number of instances may start at once on an empty database; the first migrates and seeds while
 * the others wait, then find it done. Seeding checks for existing data under the same lock.
 */
const SETUP_LOCK_KEY = 7_240_117;

/** Request-path limits on PostgreSQL, so a lost server answers 503 in seconds instead of hanging. */
export const CONNECT_TIMEOUT_MS = 5_000;
export const STATEMENT_TIMEOUT_MS = 15_000;
/** Client-side: a server that stopped answering mid-query (no FIN, no RST). */
const QUERY_TIMEOUT_MS = STATEMENT_TIMEOUT_MS + 5_000;
/**
 * Server-side: a transaction whose instance went silent (frozen, or its machine gone without
 * closing its connections) is ended and rolled back after this, releasing the orders and rows it
 * held for the other instances. Our transactions never wait this long between two statements.
 */
export const IDLE_IN_TRANSACTION_TIMEOUT_MS = STATEMENT_TIMEOUT_MS + 5_000;

export interface Connection {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Runs `work` holding the setup lock, on one session of its own (PostgreSQL) or on the only
   * one (PGlite, where the lock is harmless). Statement timeouts do not apply: seeding 50,000
   * products, or waiting for another instance to do so, takes longer.
   */
  underSetupLock<T>(work: (db: Database) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface PgliteConnection extends Connection {
  kind: 'pglite';
  client: PGlite;
}

/**
 * PostgreSQL settings of the embedded database (written to its postgresql.conf at each start).
 * PGlite touches every shared buffer when it starts, so they count in full in the service's
 * resident memory (128 MB by default); its files are read through the operating system's page
 * cache, which keeps what the buffers do not. With `wal_level = minimal` (nothing replicates
 * from PGlite) a table emptied in a transaction is then written without WAL: seeding does so.
 */
export const PGLITE_SETTINGS = ['shared_buffers = 32MB', 'wal_level = minimal', 'max_wal_senders = 0'];

export interface PgliteOpenOptions {
  /** A folder to keep the database in; in memory when absent. */
  dataDir?: string;
  /** A `dumpDataDir()` archive to start from instead of an empty cluster (test templates). */
  loadDataDir?: Blob;
  migrationsFolder?: string;
  /**
   * Where empty migrated clusters are kept for new data folders to copy (pglite-template.ts);
   * default defaultTemplatesDir(); null creates each folder with PGlite's initdb.
   */
  templatesDir?: string | null;
}

async function holdingLock<T>(db: Database, work: () => Promise<T>): Promise<T> {
  await db.execute(sql`select pg_advisory_lock(${SETUP_LOCK_KEY})`);
  const unlock = () => db.execute(sql`select pg_advisory_unlock(${SETUP_LOCK_KEY})`);
  let result: T;
  try {
    result = await work();
  } catch (error) {
    // The work's failure is the one to report; a session that died has released the lock anyway.
    await unlock().catch(() => undefined);
    throw error;
  }
  await unlock();
  return result;
}

/**
 * Makes the catalog's identity (catalog_feed's one row: a random id, see change-cursor.ts) when
 * the database has none: a folder copied from a template (pglite-template.ts) has none, so that no
 * two copies share one.
 */
async function ensureCatalogIdentity(db: Database): Promise<void> {
  await db.execute(sql`insert into catalog_feed (catalog_id) select gen_random_uuid()::text where not exists (select 1 from catalog_feed)`);
}

/** Migrates a PGlite database under the setup lock. */
const migrated = (db: Database, migrationsFolder: string) => holdingLock(db, () => migratePglite(db as never, { migrationsFolder }));

/**
 * A new data folder made from a template of an empty migrated cluster (made first when there is
 * none); false when none can be kept (the folder is then created by initdb as before).
 */
async function fromTemplate(dataDir: string, migrationsFolder: string, templatesDir: string): Promise<boolean> {
  const create = async (folder: string) => {
    const client = await PGlite.create({ dataDir: folder, postgresqlconf: PGLITE_SETTINGS });
    try {
      const db = drizzlePglite({ client, schema }) as unknown as Database;
      await migrated(db, migrationsFolder);
      await db.execute(sql`delete from catalog_feed`);
    } finally {
      await client.close();
    }
  };
  const template = await pgliteTemplateKey(PGLITE_SETTINGS, migrationsFolder)
    .then((key) => emptyClusterTemplate({ create, key, templatesDir }))
    .catch(() => null);
  if (template === null) return false;
  await copyTemplate(template, dataDir);
  return true;
}

export async function openPglite(options: PgliteOpenOptions): Promise<PgliteConnection> {
  // PGlite creates the last folder of the path only.
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const migrationsFolder = options.migrationsFolder ?? DEFAULT_MIGRATIONS_FOLDER;
  const existedBefore = options.dataDir !== undefined && existsSync(join(options.dataDir, 'PG_VERSION'));
  const templatesDir = options.templatesDir === undefined ? defaultTemplatesDir() : options.templatesDir;
  const copied =
    options.dataDir !== undefined && !existedBefore && !options.loadDataDir && templatesDir !== null && (await fromTemplate(options.dataDir, migrationsFolder, templatesDir));
  const create = () =>
    PGlite.create({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      postgresqlconf: PGLITE_SETTINGS,
    });
  let client = await create();
  if (options.dataDir && !existedBefore && !copied) {
    // Creating the cluster (initdb) leaves about 500 MB behind in this instance; a second open of
    // the new folder starts without it (measured: 791 MB resident after the first open, 398 MB after reopening).
    await client.close();
    client = await create();
  }
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  const connection: PgliteConnection = {
    db,
    kind: 'pglite',
    client,
    underSetupLock: (work) => holdingLock(db, () => work(db)),
    close: () => client.close(),
  };
  try {
    await migrated(db, migrationsFolder);
    await ensureCatalogIdentity(db);
  } catch (error) {
    await client.close();
    throw error;
  }
  return connection;
}

export interface PostgresOpenOptions {
  databaseUrl: string;
  migrationsFolder?: string;
  /** Pool size; concurrent orders each hold one connection for their transaction. */
  maxConnections?: number;
  /** `application_name` of every session (PostgreSQL keeps its first 63 bytes). */
  applicationName?: string;
}

export async function openPostgres(options: PostgresOpenOptions): Promise<Connection> {
  const pool = new GuardedPool({
    connectionString: options.databaseUrl,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
    keepAlive: true,
    application_name: options.applicationName,
  });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Database;

  async function underSetupLock<T>(work: (db: Database) => Promise<T>): Promise<T> {
    const client = new GuardedClient({
      connectionString: options.databaseUrl,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      application_name: options.applicationName,
    });
    client.on('error', () => undefined);
    await client.connect();
    try {
      const session = drizzleNodePg({ client, schema }) as unknown as Database;
      return await holdingLock(session, () => work(session));
    } finally {
      await client.end();
    }
  }

  try {
    await underSetupLock((session) =>
      migrateNodePg(session as never, { migrationsFolder: options.migrationsFolder ?? DEFAULT_MIGRATIONS_FOLDER }),
    );
  } catch (error) {
    await pool.end();
    throw error;
  }
  return { db, kind: 'postgres', underSetupLock, close: () => pool.end() };
}
