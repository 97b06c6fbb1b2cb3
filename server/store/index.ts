import { mapLargeAllocations, releaseFreedMemory } from '../db/release-memory';
import { openPglite, openPostgres, type Connection } from '../db/connection';
import { seedDemo, type DemoCredentials, type SeededDemo } from '../demo/seed';
import { DEFAULT_CATALOG_SIZE } from '../demo/generate';
import { createSqlStore, pageStatementsFor } from './sql-store';
import { ListingIndexKeeper } from './catalog/listing-index-keeper';
import { WARM_UP_CATALOG, warmUpFilters, warmUpListings, warmUpNotice } from './catalog/listing-warm-up';
import type { Store } from './types';
import { createRateLimitCounter, type RateLimitCounter } from './rate-limits';
import type { PublicBaseUrl } from './catalog/image-url';

export type { DemoCredentials, DemoBuyerCredentials } from '../demo/seed';
export type { Store } from './types';
export type { PublicBaseUrl } from './catalog/image-url';
export type { RateLimitCounter } from './rate-limits';

export interface OpenStoreOptions {
  /** The PGlite data folder; in memory when neither this nor `databaseUrl` is given. */
  dataDir?: string;
  /** A PostgreSQL connection string; wins over `dataDir`. */
  databaseUrl?: string;
  /** Products to generate when seeding an empty database (default 2,000). */
  catalogSize?: number;
  /** The service's public base URL ending in `/api/v1`, for absolute image URLs. */
  publicBaseUrl: PublicBaseUrl;
  /** Where the migrations are, when the code runs bundled away from `server/db/migrations`. */
  migrationsFolder?: string;
  /** A PGlite `dumpDataDir()` archive to start from (test templates); only without `databaseUrl`. */
  pgliteArchive?: Blob;
  /** Seed of the demo data generator. */
  demoSeed?: number;
  /** Whether seeding registers the demo buyers' webhooks (default true; the service passes false in production mode). */
  demoWebhooks?: boolean;
  /**
   * Names the PostgreSQL sessions (`application_name` in `pg_stat_activity`), so an operator, or
   * a test, can tell which instance holds a lock; the service passes `caseworks <instance id>`.
   */
  applicationName?: string;
  /** Catalogs of this many products or more are warmed up before the store answers (WARM_UP_CATALOG; a test gives fewer). */
  warmUpCatalog?: number;
  /** Told what the start went on without: seeding's product worker (SeedOptions.onNotice), the listings warm-up (warmUpNotice). */
  onStartNotice?: (message: string) => void;
  /** Told after each chunk of products seeding writes (SeedOptions.onProgress). */
  onSeedProgress?: (productsWritten: number, total: number) => void;
  /** Run once the store that seeding filled is open: gives seeding's freed memory back (default releaseFreedMemory). */
  releaseMemory?: () => void;
}

export interface OpenedStore {
  store: Store;
  /** True when this open found an empty database and filled it with the demo data. */
  seeded: boolean;
  /** The demo buyers' plaintext keys, only right after seeding (they are stored hashed). */
  demoCredentials: DemoCredentials | null;
  /** The rate limit's shared counters, on PostgreSQL only: there several instances may share the database. */
  rateLimitCounter?: RateLimitCounter | null;
  /** What the open warmed up before the store answered (listing-warm-up.ts); absent where a store was made otherwise. */
  warmedUp?: WarmedUp;
}

/** The filtered listings worked out in the index (warmUpFilters) and the listing pages read (warmUpListings, PGlite only). */
export interface WarmedUp {
  filterListings: number;
  listingPages: number;
}

async function connect(options: OpenStoreOptions): Promise<Connection> {
  if (options.databaseUrl) {
    return openPostgres({ databaseUrl: options.databaseUrl, migrationsFolder: options.migrationsFolder, applicationName: options.applicationName });
  }
  return openPglite({ dataDir: options.dataDir, loadDataDir: options.pgliteArchive, migrationsFolder: options.migrationsFolder });
}

/** Seeds an open (migrated) connection when it is empty, under the setup lock; the demo keys (and the listings index) when it did. */
function seedIfEmpty(
  connection: Connection,
  options: Pick<OpenStoreOptions, 'catalogSize' | 'demoSeed' | 'demoWebhooks' | 'onStartNotice' | 'onSeedProgress'>,
): Promise<SeededDemo | null> {
  return connection.underSetupLock((db) =>
    seedDemo(db, {
      catalogSize: options.catalogSize ?? DEFAULT_CATALOG_SIZE,
      seed: options.demoSeed,
      webhooks: options.demoWebhooks,
      database: connection.kind,
      onNotice: options.onStartNotice,
      onProgress: options.onSeedProgress,
    }),
  );
}

/**
 * The store on an open connection, its listings index read first (seconds for a million products,
 * so no first page waits for it), or the one seeding just made of the same catalog.
 */
async function storeOn(
  connection: Connection,
  options: Pick<OpenStoreOptions, 'publicBaseUrl' | 'onStartNotice' | 'warmUpCatalog'>,
  seeded: SeededDemo | null,
  close: () => Promise<void>,
): Promise<OpenedStore> {
  const demoCredentials = seeded?.credentials ?? null;
  const listingIndex = new ListingIndexKeeper(connection.db);
  await listingIndex.prepare(seeded?.listingIndex);
  const store = createSqlStore(connection.db, { publicBaseUrl: options.publicBaseUrl, close, listingIndex, pageStatements: pageStatementsFor(connection.kind) });
  // The index's filter loops, and PGlite's WebAssembly, run their baseline code until hot: the
  // first pages' cost goes to the start.
  const index = listingIndex.current;
  const smallestCatalog = options.warmUpCatalog ?? WARM_UP_CATALOG;
  const warmedUp: WarmedUp = { filterListings: index !== null && index.size >= smallestCatalog ? warmUpFilters(index) : 0, listingPages: 0 };
  if (connection.kind === 'pglite') {
    const warmUp = await warmUpListings(store, index, { smallestCatalog });
    warmedUp.listingPages = warmUp.pagesRead;
    const notice = warmUpNotice(warmUp);
    if (notice !== null) options.onStartNotice?.(notice);
  }
  const rateLimitCounter = connection.kind === 'postgres' ? createRateLimitCounter(connection.db) : null;
  return { store, seeded: demoCredentials !== null, demoCredentials, rateLimitCounter, warmedUp };
}

/**
 * Seeds an open (migrated) connection when it is empty, under the setup lock, and builds the
 * store on it. `close` is what the store's close() releases.
 */
export async function openStoreOn(
  connection: Connection,
  options: Pick<OpenStoreOptions, 'catalogSize' | 'demoSeed' | 'publicBaseUrl' | 'demoWebhooks' | 'onStartNotice' | 'warmUpCatalog'>,
  close: () => Promise<void>,
): Promise<OpenedStore> {
  return storeOn(connection, options, await seedIfEmpty(connection, options), close);
}

/**
 * Opens (creating and migrating as needed) the database, and seeds it when it is empty. A PGlite
 * data folder just seeded is opened afresh: PGlite's memory (WebAssembly) grows while seeding and
 * never shrinks, and a fresh open serves the same data from a fraction of it.
 */
export async function openStore(options: OpenStoreOptions): Promise<OpenedStore> {
  // Seeding and the listings index's reading pass buffers of megabytes around: see mapLargeAllocations.
  mapLargeAllocations();
  let connection = await connect(options);
  try {
    const seeded = await seedIfEmpty(connection, options);
    const reopen = seeded !== null && connection.kind === 'pglite' && Boolean(options.dataDir) && !options.databaseUrl;
    if (reopen) {
      const seeding = connection;
      connection = await seeding.close().then(() => connect(options));
    }
    const opened = connection;
    const store = await storeOn(opened, options, seeded, () => opened.close());
    // The seeding instance's memory is freed only when collected (once this call's frames are
    // gone), and the buffers seeding freed stay resident in the C heap until it is trimmed.
    if (seeded !== null) setImmediate(options.releaseMemory ?? releaseFreedMemory);
    return store;
  } catch (error) {
    await connection.close().catch(() => undefined);
    throw error;
  }
}
