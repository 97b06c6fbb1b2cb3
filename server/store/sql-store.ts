import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import type { Store } from './types';
import { authenticate } from './api-keys';
import { listSupplierProducts, listSuppliers } from './catalog/suppliers';
import { getProduct, listProducts } from './catalog/products';
import { catalogStamp } from './catalog/version';
import { OrderedIdCache, VersionedValue } from './catalog/ordered-ids';
import { ListingIndexKeeper } from './catalog/listing-index-keeper';
import type { CatalogListings } from './catalog/product-listing';
import { productRowsInOrder, type PageShape } from './catalog/rows-in-order';
import { namedPageRows } from './catalog/named-page-rows';
import { preparedPageRows } from './catalog/prepared-rows';
import type { PublicBaseUrl } from './catalog/image-url';
import { placeOrder } from './orders/place-order';
import { listOrders, loadOrder } from './orders/order-reader';
import {
  cancelOrder,
  deliverDueOrders,
  markCancelled,
  markDelivered,
  markShipped,
  ordersDueToDeliver,
  ordersDueToShip,
  shipDueOrders,
} from './orders/fulfilment';
import { getAccount } from './accounts';
import { createWebhook, deleteWebhook, listWebhooks, pointDemoWebhooksAt, webhookTargets } from './webhooks/registrations';
import { claimDeliveries, deliveryLog, enqueueDeliveries, recordDeliveryAttempt, releaseDeliveries } from './webhooks/deliveries';
import { createTestDelivery, deliveryRecord, listDeliveryRecords, setWebhookActive } from './webhooks/delivery-records';
import { pruneIdempotency, pruneIdempotencyWhenDue } from './idempotency-pruning';
import { preparedFeedPage, readCatalogChanges } from './catalog/change-feed';
import { pruneCatalogRemovalsWhenDue } from './catalog/change-pruning';
import { guardStorableText } from './storable-text';
import { probeStorage } from './storage-probe';

export interface SqlStoreOptions {
  publicBaseUrl: PublicBaseUrl;
  /** The clock for the few writes whose Store method takes no time (webhook deletion, queueing). */
  now?: () => Date;
  /** Releases the connection; the store built on a transaction (seeding) has nothing to release. */
  close?: () => Promise<void>;
  /** The listings index, when the caller read it already (see ListingIndexKeeper.prepare); else one is made, read on first use. */
  listingIndex?: ListingIndexKeeper;
  /** How a listing page's statement and the change feed's reach the database (default 'built'; see PageStatements). */
  pageStatements?: PageStatements;
}

/**
 * How the store sends a listing page's statement and the change feed's page statement:
 * - 'prepared': SQL `PREPARE` once and `EXECUTE` by name (preparedPageRows, preparedFeedPage), for
 *   one database session (PGlite, whose driver has no named statements);
 * - 'named': named in the wire protocol, so parsed once on each connection of node-postgres' pool
 *   (namedPageRows), where an SQL `PREPARE` would live on one connection only;
 * - 'built': built by drizzle for every page (productRowsInOrder), for any database.
 */
export type PageStatements = 'prepared' | 'named' | 'built';

/** The page statements the service uses on a connection of this kind. */
export function pageStatementsFor(kind: 'pglite' | 'postgres'): PageStatements {
  return kind === 'pglite' ? 'prepared' : 'named';
}

/** The Store on a drizzle database: the same code for PGlite and PostgreSQL. */
export function createSqlStore(db: Database, options: SqlStoreOptions): Store {
  const now = options.now ?? (() => new Date());
  const { publicBaseUrl } = options;
  const listingIndex = options.listingIndex ?? new ListingIndexKeeper(db);
  const statements = options.pageStatements ?? 'built';
  const pageRows =
    statements === 'prepared'
      ? preparedPageRows(db)
      : statements === 'named'
        ? namedPageRows(db)
        : (ordinals: ArrayLike<number>, shape: PageShape) => productRowsInOrder(db, ordinals, shape);
  const listings: CatalogListings = { db, index: listingIndex, orderedIds: new OrderedIdCache(), lowered: new Map(), pageRows };
  const supplierCounts = new VersionedValue<ReadonlyMap<string, number>>();
  const feedPage = statements === 'prepared' ? preparedFeedPage(db) : async () => null;
  return guardStorableText({
    authenticate: (apiKey) => authenticate(db, apiKey),
    listSuppliers: (query) => listSuppliers(db, listingIndex, query),
    listSupplierProducts: (supplierId, query) => listSupplierProducts(listings, publicBaseUrl, supplierId, query),
    listProducts: (query) => listProducts(listings, publicBaseUrl, query),
    getProduct: (productId) => getProduct(db, publicBaseUrl, supplierCounts, listingIndex, productId),
    catalogStamp: () => catalogStamp(db),
    placeOrder: (caller, body, idempotency, at) => placeOrder(db, caller, body, idempotency, at),
    listOrders: (accountId, query) => listOrders(db, accountId, query),
    getOrder: (accountId, orderId) => loadOrder(db, orderId, accountId),
    getAccount: (accountId) => getAccount(db, accountId),
    listWebhooks: (accountId) => listWebhooks(db, accountId),
    createWebhook: (accountId, body, secret, at) => createWebhook(db, accountId, body, secret, at),
    deleteWebhook: (accountId, webhookId) => deleteWebhook(db, accountId, webhookId, now()),
    webhookTargets: (accountId, event) => webhookTargets(db, accountId, event),
    ordersDueToShip: (before, limit) => ordersDueToShip(db, before, limit),
    ordersDueToDeliver: (before, limit) => ordersDueToDeliver(db, before, limit),
    shipDueOrders: (before, limit, shipment, at) => shipDueOrders(db, before, limit, shipment, at),
    deliverDueOrders: (before, limit, at) => deliverDueOrders(db, before, limit, at),
    markShipped: (orderId, shipment, at) => markShipped(db, orderId, shipment, at),
    markDelivered: (orderId, at) => markDelivered(db, orderId, at),
    markCancelled: (orderId, at) => markCancelled(db, orderId, at),
    enqueueDeliveries: (deliveries) => enqueueDeliveries(db, deliveries, now()),
    claimDeliveries: (claim) => claimDeliveries(db, claim),
    recordDeliveryAttempt: (attempt) => recordDeliveryAttempt(db, attempt),
    releaseDeliveries: (instanceId) => releaseDeliveries(db, instanceId),
    deliveryLog: (webhookId, limit) => deliveryLog(db, webhookId, limit),
    cancelOrder: (accountId, orderId, at) => cancelOrder(db, accountId, orderId, at),
    listDeliveryRecords: (accountId, webhookId, query) => listDeliveryRecords(db, accountId, webhookId, query),
    deliveryRecord: (deliveryId) => deliveryRecord(db, deliveryId),
    catalogChanges: async (since, limit) => readCatalogChanges(db, publicBaseUrl, since, limit, await feedPage()),
    setWebhookActive: (accountId, webhookId, active) => setWebhookActive(db, accountId, webhookId, active),
    createTestDelivery: (accountId, webhookId, claim) => createTestDelivery(db, accountId, webhookId, claim),
    pruneIdempotency: (olderThan) => pruneIdempotency(db, olderThan),
    pruneIdempotencyWhenDue: (at, olderThan, everyMs) => pruneIdempotencyWhenDue(db, at, olderThan, everyMs),
    pruneCatalogRemovalsWhenDue: (at, olderThan, everyMs) => pruneCatalogRemovalsWhenDue(db, at, olderThan, everyMs),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    probeStorage: () => probeStorage(db),
    pointDemoWebhooksAt: (url) => pointDemoWebhooksAt(db, url),
    close: async () => {
      listingIndex.close();
      await options.close?.();
    },
  });
}
