/**
 * `createOfflineCopy({ store, scope })`: the offline copy as the app reads it. Each dataset is read
 * from its file on first use and then kept in memory; the sync engine hands it fresh data as it
 * writes, so reads never wait on the network. Catalog search is not here: the catalog lives in
 * the search worker (see ../search/search-service.ts).
 */
import type { Account, Order, OrderListItem, Product, Supplier, Webhook } from '../../../shared';
import type { OrderDetailRecord, PageRecord, ProductDetailRecord } from './dataset-records';
import { flattenPages } from './dataset-records';
import type { OfflineStore, StoreScope } from './offline-store';

export interface OfflineCopyOptions {
  store: OfflineStore;
  scope: () => StoreScope;
}

interface Loaded {
  suppliers: Supplier[];
  orders: OrderListItem[];
  orderDetails: Map<string, OrderDetailRecord>;
  account: Account | null;
  webhooks: Webhook[];
  productDetails: Map<string, ProductDetailRecord>;
}
type CopyDataset = keyof Loaded;

export type OfflineCopy = ReturnType<typeof createOfflineCopy>;

export function createOfflineCopy({ store, scope }: OfflineCopyOptions) {
  const loaded = new Map<CopyDataset, Promise<unknown>>();

  const loaders: { [K in CopyDataset]: () => Promise<Loaded[K]> } = {
    suppliers: async () => flattenPages((await store.read<PageRecord<Supplier>>('suppliers', scope()))?.records ?? []),
    orders: async () => {
      if (!scope().accountId) return [];
      return flattenPages((await store.read<PageRecord<OrderListItem>>('orders', scope()))?.records ?? []);
    },
    orderDetails: async () => {
      if (!scope().accountId) return new Map();
      const records = (await store.read<OrderDetailRecord>('orderDetails', scope()))?.records ?? [];
      return new Map(records.map((record) => [record.detail.id, record]));
    },
    account: async () => {
      if (!scope().accountId) return null;
      return (await store.read<Account>('account', scope()))?.records[0] ?? null;
    },
    webhooks: async () => {
      if (!scope().accountId) return [];
      return (await store.read<Webhook>('webhooks', scope()))?.records ?? [];
    },
    productDetails: async () => {
      const records = (await store.read<ProductDetailRecord>('productDetails', scope()))?.records ?? [];
      return new Map(records.map((record) => [record.detail.id, record]));
    },
  };

  function get<K extends CopyDataset>(dataset: K): Promise<Loaded[K]> {
    let pending = loaded.get(dataset) as Promise<Loaded[K]> | undefined;
    if (!pending) {
      pending = loaders[dataset]();
      loaded.set(dataset, pending);
      pending.catch(() => loaded.delete(dataset));
    }
    return pending;
  }

  return {
    get,
    /** Called by sync after writing a dataset, so readers see the new data without re-reading the file. */
    replace<K extends CopyDataset>(dataset: K, value: Loaded[K]) {
      loaded.set(dataset, Promise.resolve(value));
    },
    /** Forgets what is in memory (after sign-out or clearing the cache); the next read goes to disk. */
    forget(datasets: CopyDataset[] = Object.keys(loaders) as CopyDataset[]) {
      for (const dataset of datasets) loaded.delete(dataset);
    },
    async productDetail(id: string): Promise<Product | null> {
      return (await get('productDetails')).get(id)?.detail ?? null;
    },
    async orderDetail(id: string): Promise<Order | null> {
      return (await get('orderDetails')).get(id)?.detail ?? null;
    },
  };
}
