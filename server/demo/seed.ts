import { count } from 'drizzle-orm';
import type { Database } from '../db/database';
import { accounts, favorites, products, suppliers } from '../db/schema';
import { issueApiKey } from '../store/api-keys';
import { searchText } from '../store/catalog/search-text';
import { createSqlStore } from '../store/sql-store';
import type { Store } from '../store/types';
import { newWebhookSecret } from '../webhooks/signing';
import { DEMO_RECEIVER_SEED_URL } from '../webhooks/demo-receiver';
import { shipmentFor } from '../fulfilment/carriers';
import { generateDemoData, type DemoData } from './generate';
import type { OrderPlan } from './order-plans';
import type { DemoProduct } from './products';
import { bulkInsert } from './bulk-insert';
import { bumpCatalogVersion } from '../store/catalog/version';

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

/** Rows per statement; each column travels as one array parameter. */
const INSERT_CHUNK = 5_000;

const iso = (date: Date) => date.toISOString();

async function insertCatalog(tx: Database, data: DemoData): Promise<void> {
  const list = data.suppliers;
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
  const supplierById = new Map(list.map((supplier) => [supplier.id, supplier]));
  for (let start = 0; start < data.products.length; start += INSERT_CHUNK) {
    const chunk = data.products.slice(start, start + INSERT_CHUNK);
    const column = <K extends keyof DemoProduct>(name: string, type: string, key: K, map: (value: DemoProduct[K]) => string | number | null = (value) => value as string | number | null) => ({
      name,
      type,
      values: chunk.map((product) => map(product[key])),
    });
    await bulkInsert(
      tx,
      products,
      [
        column('id', 'text', 'id'),
        column('supplier_id', 'text', 'supplierId'),
        column('name', 'text', 'name'),
        column('brand', 'text', 'brand'),
        column('varietal', 'text', 'varietal'),
        column('vintage', 'int4', 'vintage'),
        column('region', 'text', 'region'),
        column('appellation', 'text', 'appellation'),
        column('country', 'text', 'country'),
        column('abv', 'float8', 'abv'),
        column('size_ml', 'int4', 'sizeMl'),
        column('pack_size', 'int4', 'packSize'),
        column('case_price_cents', 'int4', 'casePriceCents'),
        column('bottle_price_cents', 'int4', 'bottlePriceCents'),
        column('inventory_available', 'int4', 'inventoryAvailable'),
        column('minimum_order', 'int4', 'minimumOrder'),
        column('sku', 'text', 'sku'),
        column('upc', 'text', 'upc'),
        column('description', 'text', 'description'),
        column('tasting_notes', 'text', 'tastingNotes'),
        column('created_at', 'timestamptz', 'createdAt', iso),
        column('updated_at', 'timestamptz', 'createdAt', iso),
      ],
      chunk.map((product) => {
        const supplier = supplierById.get(product.supplierId);
        return searchText([
          product.name,
          product.brand,
          product.varietal,
          product.region,
          product.appellation,
          product.sku,
          supplier?.name ?? null,
          supplier?.dbaName ?? null,
        ]);
      }),
    );
  }
}

async function insertBuyers(tx: Database, data: DemoData, now: Date): Promise<DemoCredentials> {
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
async function registerDemoWebhooks(store: Store, data: DemoData, now: Date): Promise<void> {
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
}

/**
 * Fills an empty database with the demo data in one transaction, so a crash leaves it empty
 * rather than half seeded (and without anyone knowing the keys). Returns null when the
 * database already has accounts. Concurrent starts call it under the setup lock
 * (`Connection.underSetupLock`), so only the first one seeds.
 */
export async function seedDemoData(db: Database, options: SeedOptions = {}): Promise<DemoCredentials | null> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ total: count() }).from(accounts);
    if (Number(existing?.total ?? 0) > 0) return null;
    const data = generateDemoData({ seed: options.seed, catalogSize: options.catalogSize, now });
    // The demo's own orders go through the same code as real ones, nested in this transaction.
    const store = createSqlStore(tx, { publicBaseUrl: () => '', now: () => now });
    await insertCatalog(tx, data);
    await bumpCatalogVersion(tx, 'listings');
    const credentials = await insertBuyers(tx, data, now);
    for (const plan of [...data.orders].sort((a, b) => a.placedAt.getTime() - b.placedAt.getTime())) {
      await replayPlan(store, plan);
    }
    if (options.webhooks !== false) await registerDemoWebhooks(store, data, now);
    return credentials;
  });
}
