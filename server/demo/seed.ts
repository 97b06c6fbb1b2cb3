import { count, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { accounts, favorites, products, suppliers } from '../db/schema';
import { issueApiKey } from '../store/api-keys';
import { searchText } from '../store/catalog/search-text';
import { createSqlStore } from '../store/sql-store';
import type { Store } from '../store/types';
import { newWebhookSecret } from '../webhooks/signing';
import { DEMO_RECEIVER_SEED_URL } from '../webhooks/demo-receiver';
import { shipmentFor } from '../fulfilment/carriers';
import { DEFAULT_CATALOG_SIZE, type DemoPeople } from './generate';
import type { OrderPlan } from './order-plans';
import { bulkInsert, copyBinary, copyBinaryOnPostgres, withoutIndexes } from './bulk-insert';
import { withCatalogLogAfter } from './seeded-changes';
import type { WorkerEntry } from '../threads/start-worker';
import { demoProductsHere, demoProductsInWorker, PRODUCT_COPY_COLUMNS, type DemoProductSource, type ProductSourceOptions } from './product-source';
import type { DemoSupplier } from './wineries';
import { bumpCatalogVersion, listingStamp } from '../store/catalog/version';
import { listingIndexFromParts, type ListingIndexParts } from '../store/catalog/listing-index-handover';
import type { ListingIndex } from '../store/catalog/listing-index';
import { idsInByteOrder } from '../store/catalog/byte-ordered-ids';
import { seedDemoDeals, seedDemoSplitCases } from './terms';
import { seedDemoDeliveryTerms } from './delivery-terms';

export interface DemoBuyerCredentials {
  account_id: string;
  name: string;
  api_key: string;
}

/** The only place the demo buyers' plaintext keys ever exist. */
export interface DemoCredentials {
  buyers: DemoBuyerCredentials[];
}

/** Where the demo webhook registrations point: the demo service's own receiver (moved to its address at each start). */
export const DEMO_WEBHOOK_URL = DEMO_RECEIVER_SEED_URL;

const iso = (date: Date) => date.toISOString();

async function insertSuppliers(tx: Database, list: readonly DemoSupplier[]): Promise<void> {
  await bulkInsert(
    tx,
    suppliers,
    [
      { name: 'id', type: 'text', values: list.map((supplier) => supplier.id) },
      { name: 'name', type: 'text', values: list.map((supplier) => supplier.name) },
      { name: 'dba_name', type: 'text', values: list.map((supplier) => supplier.dbaName) },
      { name: 'location', type: 'text', values: list.map((supplier) => supplier.location) },
      { name: 'region', type: 'text', values: list.map((supplier) => supplier.region) },
      { name: 'address', type: 'text', values: list.map((supplier) => supplier.address) },
      { name: 'created_at', type: 'timestamptz', values: list.map((supplier) => iso(supplier.createdAt)) },
    ],
    list.map((supplier) => searchText([supplier.name, supplier.dbaName, supplier.location, supplier.region])),
  );
}

/**
 * Writes the products a chunk at a time as they are made, into a table whose indexes and foreign
 * keys are built once at the end (see withoutIndexes), by COPY (frozen when the table was emptied
 * in this transaction) of rows in COPY's binary format a worker thread makes meanwhile (see
 * product-source.ts): on PGlite from a Blob, on PostgreSQL from STDIN, the same rows. On PostgreSQL
 * COPY replaced INSERTs of
 * column arrays made on the seeding thread (docs/benchmarks.md, "Seeding a million products on
 * PostgreSQL").
 */
async function copyProducts(tx: Database, source: DemoProductSource, options: ProductWriting): Promise<number> {
  const copy = options.database === 'pglite' ? copyBinary : copyBinaryOnPostgres;
  let written = 0;
  for await (const chunk of source.chunks()) {
    await copy(tx, products, PRODUCT_COPY_COLUMNS, chunk.bytes, options.emptied);
    written += chunk.count;
    options.onProgress?.(written, options.catalogSize);
  }
  return written;
}

interface ProductWriting {
  catalogSize: number;
  onProgress: SeedOptions['onProgress'];
  /** The table was emptied in this transaction (see copyBinary's freeze). */
  emptied: boolean;
  database: 'pglite' | 'postgres';
}

/** Demo catalogs from this size are made in a worker thread (starting one takes about a second). */
export const PRODUCT_WORKER_FROM = 20_000;

/** Where seeding takes the demo data from: a worker thread for large catalogs, else this thread (and where a worker cannot start, said by `onNotice`). */
async function productSource(options: ProductSourceOptions, seeding: SeedOptions, inWorker: boolean): Promise<DemoProductSource> {
  if (!inWorker) return demoProductsHere(options);
  return demoProductsInWorker(options, seeding.productWorkerEntry).catch((error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    seeding.onNotice?.(`The demo products are made on the seeding thread, because the product worker could not start (${reason}); seeding takes about twice as long.`);
    return demoProductsHere(options);
  });
}

async function insertBuyers(tx: Database, data: DemoPeople, now: Date): Promise<DemoCredentials> {
  const credentials: DemoCredentials = { buyers: [] };
  for (const buyer of data.buyers) {
    await tx.insert(accounts).values({
      id: buyer.id,
      type: 'buyer',
      name: buyer.name,
      dbaName: buyer.dbaName,
      email: buyer.email,
      phone: buyer.phone,
      licenseNumber: buyer.license.number,
      licenseState: buyer.license.state,
      licenseType: buyer.license.type,
      licenseVerified: true,
      licenseVerifiedAt: buyer.license.verifiedAt,
      ...buyer.address,
      createdAt: buyer.createdAt,
    });
    const key = await issueApiKey(tx, buyer.id, buyer.createdAt);
    credentials.buyers.push({ account_id: buyer.id, name: buyer.dbaName ?? buyer.name, api_key: key.apiKey });
  }
  if (data.favorites.length > 0) {
    await tx
      .insert(favorites)
      .values(data.favorites.map((favorite) => ({ accountId: favorite.buyerId, productId: favorite.productId, createdAt: now })))
      .onConflictDoNothing();
  }
  return credentials;
}

/**
 * Each buyer's demo webhook, registered after the past orders are replayed: events are written
 * with the change that causes them, and the demo's history must not queue deliveries.
 */
async function registerDemoWebhooks(store: Store, data: DemoPeople, now: Date): Promise<void> {
  for (const buyer of data.buyers) {
    await store.createWebhook(
      buyer.id,
      { url: DEMO_WEBHOOK_URL, events: ['order.confirmed', 'order.shipped', 'order.delivered'] },
      newWebhookSecret(),
      new Date(Math.max(buyer.createdAt.getTime(), now.getTime() - 30 * 86_400_000)),
    );
  }
}

/** Places a planned order through the Store, then moves it along its history. */
async function replayPlan(store: Store, plan: OrderPlan): Promise<void> {
  const placed = await store.placeOrder(
    { accountId: plan.buyerId, keyId: 'demo-seed' },
    { supplier_id: plan.supplierId, items: plan.items.map((item) => ({ product_id: item.productId, quantity: item.quantity })), shipping_address: plan.shippingAddress, buyer_notes: plan.buyerNotes },
    null,
    plan.placedAt,
  );
  if (placed.kind !== 'created') throw new Error(`demo order could not be placed: ${placed.kind === 'rejected' ? placed.detail : placed.kind}`);
  const orderId = placed.order.id;
  if (plan.cancelledAt) await store.markCancelled(orderId, plan.cancelledAt);
  if (plan.shippedAt) await store.markShipped(orderId, shipmentFor(orderId, plan.shippedAt), plan.shippedAt);
  if (plan.deliveredAt) await store.markDelivered(orderId, plan.deliveredAt);
}

export interface SeedOptions {
  catalogSize?: number;
  seed?: number;
  now?: Date;
  /** Each buyer's demo webhook registration (default true); production mode seeds none, since its receiver is on loopback. */
  webhooks?: boolean;
  /** Which database: the products' COPY differs (and one cannot stand in for the other), so there is no default. */
  database: 'pglite' | 'postgres';
  /** Told after each chunk of products is written (a million take a minute). */
  onProgress?: (productsWritten: number, total: number) => void;
  /** Make the products in a worker thread (default: from PRODUCT_WORKER_FROM products). */
  productWorker?: boolean;
  /** The product worker's script (default: productWorkerEntry()); tests give one that cannot start. */
  productWorkerEntry?: WorkerEntry;
  /**
   * Told what an operator should know and seeding goes on without: the product worker could not
   * start, so the products are made on the seeding thread (about twice as long at a million).
   */
  onNotice?: (message: string) => void;
}

/**
 * Fills an empty database with the demo data in one transaction, so a crash leaves it empty
 * rather than half seeded (and without anyone knowing the keys). Returns null when the
 * database already has accounts. Concurrent starts call it under the setup lock
 * (`Connection.underSetupLock`), so only the first one seeds.
 *
 * The products are generated and written a chunk at a time, never all held at once; the
 * catalog's indexes and foreign keys are built after them, inside the same transaction. After the
 * commit the tables are analyzed: PGlite runs no autovacuum, and without it the planner has no
 * statistics. On PostgreSQL they are vacuumed too, which adds little to the analyze once the
 * products are copied frozen (at 200,000 products the analyze alone took 3.3 s, both 3.0 s) and
 * marks the change feed's log all-visible for index-only scans.
 */
export async function seedDemoData(db: Database, options: SeedOptions): Promise<DemoCredentials | null> {
  return (await seedDemo(db, options))?.credentials ?? null;
}

/** What seeding an empty database gives the service that opens it. */
export interface SeededDemo {
  credentials: DemoCredentials;
  /**
   * The listings index of the seeded catalog, made from the products as they were written (see
   * listing-index-handover.ts), for the store to start with instead of reading it back; null when
   * it could not be made, or on a PostgreSQL database whose collation does not order the ids as
   * their bytes (idsInByteOrder: ties on an order's key go by the id).
   */
  listingIndex: ListingIndex | null;
}

/**
 * The listings index seeding made of what it wrote: on PGlite always (its ids compare as bytes), on
 * PostgreSQL where the database orders the ids as bytes too; elsewhere null, and it is read back.
 */
async function handedOverIndex(db: Database, database: SeedOptions['database'], parts: ListingIndexParts): Promise<ListingIndex | null> {
  if (database === 'postgres' && !(await idsInByteOrder(db))) return null;
  return listingIndexFromParts(db, parts, await listingStamp(db));
}

/** Seeds as seedDemoData does, and gives the listings index of what it wrote as well as the demo keys. */
export async function seedDemo(db: Database, options: SeedOptions): Promise<SeededDemo | null> {
  const now = options.now ?? new Date();
  const catalogSize = options.catalogSize ?? DEFAULT_CATALOG_SIZE;
  const { database } = options;
  const dataOptions: ProductSourceOptions = { seed: options.seed, catalogSize, now, listingIndex: true };
  const seeded = await db.transaction(async (tx) => {
    const [existing] = await tx.select({ total: count() }).from(accounts);
    if (Number(existing?.total ?? 0) > 0) return null;
    const source = await productSource(dataOptions, options, options.productWorker ?? catalogSize >= PRODUCT_WORKER_FROM);
    try {
      await insertSuppliers(tx, source.suppliers);
      // Index builds sort in memory up to this (the default, 64 MB, spilled to disk at a million);
      // more made none of the builds faster, on PGlite or PostgreSQL (docs/benchmarks.md).
      await tx.execute(sql`set local maintenance_work_mem = '128MB'`);
      let copied = 0;
      await withCatalogLogAfter(tx, () => withoutIndexes(tx, products, async () => {
        // Emptied in this transaction, the table is written without WAL (wal_level minimal, as on
        // PGlite: see PGLITE_SETTINGS) and, copied, frozen; and the ordinals start from 1 even after
        // a seeding that crashed (a sequence does not roll back).
        const [anyProduct] = await tx.select({ id: products.id }).from(products).limit(1);
        if (!anyProduct) await tx.execute(sql`truncate ${products}`);
        await tx.execute(sql`alter table ${products} alter column ${sql.identifier(products.ordinal.name)} restart`);
        copied = await copyProducts(tx, source, { catalogSize, onProgress: options.onProgress, emptied: !anyProduct, database });
      }));
      await bumpCatalogVersion(tx, 'listings');
      const people = await source.people();
      // The demo's own orders go through the same code as real ones, nested in this transaction.
      const store = createSqlStore(tx, { publicBaseUrl: () => '', now: () => now });
      const buyerCredentials = await insertBuyers(tx, people, now);
      for (const plan of [...people.orders].sort((a, b) => a.placedAt.getTime() - b.placedAt.getTime())) {
        await replayPlan(store, plan);
      }
      // After the past orders, so they keep the prices they were placed at.
      await seedDemoSplitCases(tx);
      await seedDemoDeals(tx, now);
      await seedDemoDeliveryTerms(tx, now);
      if (options.webhooks !== false) await registerDemoWebhooks(store, people, now);
      // Without it the store reads the index back from the table: never a reason to fail seeding.
      const indexParts: ListingIndexParts | null = await source.listingIndex().then((parts) => (parts?.count === copied ? parts : null), () => null);
      return { credentials: buyerCredentials, indexParts };
    } finally {
      await source.close();
    }
  });
  if (!seeded) return null;
  // Frozen by COPY, the products need only their statistics on PGlite; see above for PostgreSQL.
  await db.execute(database === 'pglite' ? sql`analyze` : sql`vacuum (analyze)`);
  const listingIndex = seeded.indexParts ? await handedOverIndex(db, database, seeded.indexParts).catch(() => null) : null;
  return { credentials: seeded.credentials, listingIndex };
}
