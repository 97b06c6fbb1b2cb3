import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { openPglite, openPostgres, type Connection } from '../../server/db/connection';
import type { Database } from '../../server/db/database';
import { seedDemoData } from '../../server/demo/seed';
import { openStore, type DemoCredentials, type Store } from '../../server/store';
import { createSqlStore, pageStatementsFor } from '../../server/store/sql-store';
import { sharedTmpdir } from './temporary-root';
import { databaseUrlFor, withAdmin } from './postgres-admin';

/**
 * Test stores that start in well under a second: the demo database is built once (initdb,
 * migrations, seeding) as a template and every test store is a copy of it.
 *
 * - PGlite (default): the template is a `dumpDataDir()` archive in the OS temp folder, shared by
 *   every test process and rebuilt when the schema, the generator or the store code changes;
 *   each test store is an in-memory PGlite loaded from it.
 * - PostgreSQL (`DATABASE_URL` set): the template is a database on that server; each test store
 *   is a fresh database `CREATE DATABASE … TEMPLATE …`, dropped again on close.
 */
export interface TestStore {
  store: Store;
  /** The demo buyers of this store and their plaintext API keys. */
  demoCredentials: DemoCredentials;
  kind: 'pglite' | 'postgres';
  /** The connection string of this store's own database (PostgreSQL only). */
  databaseUrl: string | null;
  /** The database under the store, for tests that look at rows or set up states the API cannot. */
  db: Database;
  close(): Promise<void>;
}

export interface TestStoreOptions {
  /** Products in the demo catalog; 2,000 by default, smaller is faster to build. */
  catalogSize?: number;
  publicBaseUrl?: () => string;
}

export const TEST_PUBLIC_BASE_URL = 'http://127.0.0.1:4010/api/v1';
const DEFAULT_TEST_CATALOG_SIZE = 2_000;
const LOCK_STALE_MS = 5 * 60_000;
/** Templates of other code versions are removed once they are this old. */
const TEMPLATE_STALE_MS = 24 * 3_600_000;

const repositoryRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** Everything that shapes the seeded database; any change to it gives a new template. */
function templateKey(catalogSize: number): string {
  const hash = createHash('sha256');
  const visit = (path: string) => {
    for (const entry of readdirSync(path).sort()) {
      const full = join(path, entry);
      if (statSync(full).isDirectory()) visit(full);
      else hash.update(full.slice(repositoryRoot.length)).update(readFileSync(full));
    }
  };
  for (const folder of ['server/db', 'server/demo', 'server/store', 'server/webhooks/signing.ts', 'server/webhooks/demo-receiver.ts', 'server/fulfilment/carriers.ts', 'shared/pricing.ts', 'shared/deals.ts', 'shared/split-case.ts', 'shared/upc.ts']) {
    const full = join(repositoryRoot, folder);
    if (!existsSync(full)) continue;
    if (statSync(full).isDirectory()) visit(full);
    else hash.update(folder).update(readFileSync(full));
  }
  hash.update(readFileSync(join(repositoryRoot, 'node_modules/@electric-sql/pglite/package.json')));
  hash.update(`catalog:${catalogSize}`);
  return hash.digest('hex').slice(0, 20);
}

/** A lock file shared by test processes; a lock older than LOCK_STALE_MS is taken over. */
async function withFileLock<T>(lockPath: string, work: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      const handle = await open(lockPath, 'wx');
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = await stat(lockPath).then((info) => Date.now() - info.mtimeMs, () => 0);
      if (age > LOCK_STALE_MS) await rm(lockPath, { force: true });
      else await new Promise((done) => setTimeout(done, 100));
    }
  }
  try {
    return await work();
  } finally {
    await rm(lockPath, { force: true });
  }
}

interface PgliteTemplate {
  archive: Buffer;
  credentials: DemoCredentials;
}

const pgliteTemplates = new Map<number, Promise<PgliteTemplate>>();

async function buildPgliteTemplate(catalogSize: number): Promise<PgliteTemplate> {
  const folder = join(sharedTmpdir(), 'caseworks-store-templates');
  await mkdir(folder, { recursive: true });
  const base = join(folder, `pglite-${templateKey(catalogSize)}`);
  const read = async (): Promise<PgliteTemplate> => ({
    archive: await readFile(`${base}.tar.gz`),
    credentials: JSON.parse(await readFile(`${base}.json`, 'utf8')) as DemoCredentials,
  });
  if (existsSync(`${base}.tar.gz`)) return read();
  return withFileLock(`${base}.lock`, async () => {
    if (existsSync(`${base}.tar.gz`)) return read();
    const connection = await openPglite({});
    try {
      const credentials = await seedDemoData(connection.db, { catalogSize, database: connection.kind });
      if (!credentials) throw new Error('a fresh PGlite database was not empty');
      const dump = await connection.client.dumpDataDir('gzip');
      const archive = Buffer.from(await dump.arrayBuffer());
      const partial = `${base}.${process.pid}.partial`;
      await writeFile(`${base}.json`, JSON.stringify(credentials));
      await writeFile(partial, archive);
      await rename(partial, `${base}.tar.gz`);
      await removeStaleTemplates(folder, base);
      return { archive, credentials };
    } finally {
      await connection.close();
    }
  });
}

async function removeStaleTemplates(folder: string, keep: string): Promise<void> {
  for (const entry of await readdir(folder)) {
    const full = join(folder, entry);
    if (!entry.startsWith('pglite-') || full.startsWith(keep)) continue;
    const info = await stat(full).catch(() => null);
    if (info && Date.now() - info.mtimeMs > TEMPLATE_STALE_MS) await rm(full, { force: true });
  }
}

async function createPgliteTestStore(catalogSize: number, publicBaseUrl: () => string): Promise<TestStore> {
  let template = pgliteTemplates.get(catalogSize);
  if (!template) {
    template = buildPgliteTemplate(catalogSize);
    pgliteTemplates.set(catalogSize, template);
    template.catch(() => pgliteTemplates.delete(catalogSize));
  }
  const { archive, credentials } = await template;
  const connection = await openPglite({ loadDataDir: new Blob([new Uint8Array(archive)], { type: 'application/x-gzip' }) });
  return storeOn(connection, credentials, publicBaseUrl, null, () => connection.close());
}

function storeOn(
  connection: Connection,
  demoCredentials: DemoCredentials,
  publicBaseUrl: () => string,
  databaseUrl: string | null,
  close: () => Promise<void>,
): TestStore {
  let closing: Promise<void> | null = null;
  const closeOnce = () => (closing ??= close());
  const store = createSqlStore(connection.db, { publicBaseUrl, close: closeOnce, pageStatements: pageStatementsFor(connection.kind) });
  return { store, demoCredentials, kind: connection.kind, databaseUrl, db: connection.db, close: closeOnce };
}


async function ensurePostgresTemplate(client: pg.Client, serverUrl: string, name: string, catalogSize: number): Promise<DemoCredentials> {
  const found = await client.query<{ comment: string | null }>(
    `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
    [name],
  );
  const comment = found.rows[0]?.comment;
  if (comment) return JSON.parse(comment) as DemoCredentials;
  // A template without its credentials comment was left half built: start it again.
  await client.query(`drop database if exists "${name}" with (force)`);
  await client.query(`create database "${name}"`);
  const opened = await openStore({ databaseUrl: databaseUrlFor(serverUrl, name), catalogSize, publicBaseUrl: () => TEST_PUBLIC_BASE_URL });
  await opened.store.close();
  if (!opened.demoCredentials) throw new Error(`template database ${name} was not empty`);
  await client.query(`comment on database "${name}" is ${client.escapeLiteral(JSON.stringify(opened.demoCredentials))}`);
  return opened.demoCredentials;
}

async function createPostgresTestStore(serverUrl: string, catalogSize: number, publicBaseUrl: () => string): Promise<TestStore> {
  const templateName = `cw_tpl_${templateKey(catalogSize)}`;
  const databaseName = `cw_test_${randomBytes(6).toString('hex')}`;
  const credentials = await withAdmin(serverUrl, async (client) => {
    await client.query('select pg_advisory_lock(hashtext($1))', [templateName]);
    try {
      const kept = await ensurePostgresTemplate(client, serverUrl, templateName, catalogSize);
      await client.query(`create database "${databaseName}" template "${templateName}"`);
      return kept;
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [templateName]);
    }
  });
  const databaseUrl = databaseUrlFor(serverUrl, databaseName);
  const connection = await openPostgres({ databaseUrl });
  return storeOn(connection, credentials, publicBaseUrl, databaseUrl, async () => {
    await connection.close();
    await withAdmin(serverUrl, (client) => client.query(`drop database if exists "${databaseName}" with (force)`));
  });
}

/** Which database the test stores of this run use. */
export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.DATABASE_URL ? 'postgres' : 'pglite';
}

/** A seeded store of its own for a test file (or a test); close it when done. */
export async function createTestStore(options: TestStoreOptions = {}): Promise<TestStore> {
  const catalogSize = options.catalogSize ?? DEFAULT_TEST_CATALOG_SIZE;
  const publicBaseUrl = options.publicBaseUrl ?? (() => TEST_PUBLIC_BASE_URL);
  const serverUrl = process.env.DATABASE_URL;
  return serverUrl
    ? createPostgresTestStore(serverUrl, catalogSize, publicBaseUrl)
    : createPgliteTestStore(catalogSize, publicBaseUrl);
}
