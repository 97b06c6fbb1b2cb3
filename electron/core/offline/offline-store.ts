/**
 * The offline copy on disk, as the main process sees it: `createOfflineStore({ dataDir })` starts
 * the offline worker (see offline-database.ts), which keeps one SQLite database per service under
 * `<dataDir>/offline/`. Public datasets (suppliers, catalog, product details) belong to the
 * service; private ones (orders, order details, account, webhooks, saved ages) to the service and
 * the account, so `clearAccount()` on sign-out removes exactly one buyer's rows. Every method is
 * one message to the worker; each write is one transaction there. A dataset's reads and writes
 * answer an `OfflineResult` (a full disk is a value the sync step decides on); sign-out's and
 * Settings' calls (`clearAccount`, `clearAll`, `sizeOnDisk`) reject instead, as nothing expects
 * them to fail (`valueOrFault`).
 */
import type { Account, CatalogProduct, ContentCoding, Order, OrderListItem, Product, Supplier, Webhook } from '../../../shared';
import type { DatasetStatus } from '../../../shared/bridge';
import type { CatalogChange } from '../../../shared/schemas/catalog-changes';
import type { DetailRecord } from './dataset-records';
import { createOfflineDatabase, type OfflineDatabase, type OfflineDatabaseOptions, type OfflineResult } from './offline-database';
import { PUBLIC } from './offline-schema';
import type { DatasetInfo } from './service-database';

/** Where a dataset's data lives: the service (its base URL) and, for private data, the account. */
export interface StoreScope {
  baseUrl: string;
  accountId: string | null;
}

export const PRIVATE_DATASETS = ['orders', 'orderDetails', 'account', 'webhooks', 'syncState'] as const;
export type StoredDataset = 'suppliers' | 'catalog' | 'productDetails' | (typeof PRIVATE_DATASETS)[number];
export const isPrivateDataset = (dataset: string) => (PRIVATE_DATASETS as readonly string[]).includes(dataset);

const accountOf = (scope: StoreScope): string => {
  if (!scope.accountId) throw new Error('private data needs an account');
  return scope.accountId;
};

export type OfflineStore = ReturnType<typeof createOfflineStore>;

export function createOfflineStore(options: OfflineDatabaseOptions & { database?: OfflineDatabase }) {
  const database = options.database ?? createOfflineDatabase(options);
  const on = (scope: StoreScope) => scope.baseUrl;

  return {
    database,
    /** A dataset's size, age and validators (null: never stored). */
    datasetInfo(dataset: StoredDataset, scope: StoreScope): Promise<OfflineResult<DatasetInfo | null>> {
      return database.answer(on(scope), 'datasetInfo', isPrivateDataset(dataset) ? accountOf(scope) : PUBLIC, dataset);
    },

    writeCatalogPage: (scope: StoreScope, page: number, etag: string | null, items: CatalogProduct[]) => database.answer(on(scope), 'writeCatalogPage', page, etag, items),
    finishCatalog: (scope: StoreScope, totalPages: number, savedAt: string) => database.answer(on(scope), 'finishCatalog', totalPages, savedAt),
    applyChanges: (scope: StoreScope, changes: CatalogChange[], cursor: string, savedAt: string) => database.answer(on(scope), 'applyChanges', changes, cursor, savedAt),
    /**
     * A feed page as the service's bytes (compressed in `coding`, or not), inflated, decoded, parsed,
     * checked and written by the worker: the bytes' buffer moves to the worker (`bytes` is empty
     * after the call), so the main thread never copies, inflates or decodes a page.
     */
    applyChangesBytes: (scope: StoreScope, bytes: Uint8Array, coding: ContentCoding | null, since: string | null, savedAt: string) =>
      database.answerMoving(on(scope), 'applyChangesBytes', [bytes.buffer as ArrayBuffer], bytes, coding, since, savedAt),
    /** The same in two calls: the page read and checked (its cursor known), then written; the next page is fetched in between. */
    readChangesBytes: (scope: StoreScope, bytes: Uint8Array, coding: ContentCoding | null, since: string | null) =>
      database.answerMoving(on(scope), 'readChangesBytes', [bytes.buffer as ArrayBuffer], bytes, coding, since),
    writeReadChanges: (scope: StoreScope, savedAt: string) => database.answer(on(scope), 'writeReadChanges', savedAt),
    startFeedBootstrap: (scope: StoreScope) => database.answer(on(scope), 'startFeedBootstrap'),
    finishFeedBootstrap: (scope: StoreScope) => database.answer(on(scope), 'finishFeedBootstrap'),
    clearCatalog: (scope: StoreScope) => database.answer(on(scope), 'clearCatalog'),

    readSuppliers: (scope: StoreScope) => database.answer(on(scope), 'readList', 'suppliers', PUBLIC) as Promise<OfflineResult<Supplier[]>>,
    readOrders: (scope: StoreScope) => database.answer(on(scope), 'readList', 'orders', accountOf(scope)) as Promise<OfflineResult<OrderListItem[]>>,
    replaceSuppliers: (scope: StoreScope, items: Supplier[], etags: Record<number, string>, totalPages: number, savedAt: string) =>
      database.answer(on(scope), 'replaceList', 'suppliers', PUBLIC, items, etags, totalPages, savedAt),
    replaceOrders: (scope: StoreScope, items: OrderListItem[], etags: Record<number, string>, totalPages: number, savedAt: string) =>
      database.answer(on(scope), 'replaceList', 'orders', accountOf(scope), items, etags, totalPages, savedAt),

    readAccount: (scope: StoreScope) => database.answer(on(scope), 'readAccount', accountOf(scope)),
    writeAccount: (scope: StoreScope, account: Account, etag: string | null, savedAt: string) => database.answer(on(scope), 'writeAccount', accountOf(scope), account, etag, savedAt),
    readWebhooks: (scope: StoreScope) => database.answer(on(scope), 'readWebhooks', accountOf(scope)),
    writeWebhooks: (scope: StoreScope, hooks: Webhook[], etag: string | null, savedAt: string) => database.answer(on(scope), 'writeWebhooks', accountOf(scope), hooks, etag, savedAt),

    readOrderDetails: (scope: StoreScope) => database.answer(on(scope), 'readOrderDetails', accountOf(scope)),
    orderDetail: (scope: StoreScope, id: string) => database.answer(on(scope), 'orderDetail', accountOf(scope), id),
    putOrderDetails: (scope: StoreScope, records: DetailRecord<Order>[], replaceAll: boolean) => database.answer(on(scope), 'putOrderDetails', accountOf(scope), records, replaceAll),

    productDetail: (scope: StoreScope, id: string) => database.answer(on(scope), 'productDetail', id),
    putProductDetails: (scope: StoreScope, records: DetailRecord<Product>[]) => database.answer(on(scope), 'putProductDetails', records),
    touchProductDetails: (scope: StoreScope, ids: string[], fetchedAt: string) => database.answer(on(scope), 'touchProductDetails', ids, fetchedAt),
    detailsToFetch: (scope: StoreScope, input: { staleBefore: string; afterPos: number; limit: number; skip: string[] }) => database.answer(on(scope), 'detailsToFetch', input),
    detailCoverage: (scope: StoreScope, staleBefore: string) => database.answer(on(scope), 'detailCoverage', staleBefore),
    dropOrphanDetails: (scope: StoreScope) => database.answer(on(scope), 'dropOrphanDetails'),
    setDetailsDataset: (scope: StoreScope, savedAt: string) => database.answer(on(scope), 'setDetailsDataset', savedAt),
    imageUrls: (scope: StoreScope, limit: number) => database.answer(on(scope), 'imageUrls', limit),

    readStatuses: (scope: StoreScope) => database.answer(on(scope), 'readStatuses', accountOf(scope)),
    saveStatuses: (scope: StoreScope, statuses: DatasetStatus[]) => database.answer(on(scope), 'saveStatuses', accountOf(scope), statuses),

    /** Sign-out: removes one account's private data for one service. Returns about how many bytes it held. */
    async clearAccount(scope: StoreScope): Promise<number> {
      if (!scope.accountId) return 0;
      return database.service(on(scope), 'clearAccount', scope.accountId);
    },
    /** Settings → clear cache: every service's database. Returns the bytes freed. */
    clearAll: () => database.folder('clearAll'),
    sizeOnDisk: () => database.folder('sizeOnDisk'),
    close: () => database.close(),
  };
}
