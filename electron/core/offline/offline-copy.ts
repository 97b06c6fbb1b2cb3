/**
 * `createOfflineCopy({ store, scope })`: the offline copy as the app reads it, each read a query
 * of the offline worker (nothing of the catalog is held here). The supplier list, short and read
 * often, is kept until the sync writes a new one (`forget`). A read that fails is unexpected for
 * the screens' reads: it rejects (`valueOrFault`) and the bridge says so as an internal error.
 */
import type { Account, Order, OrderListItem, Product, Supplier, Webhook } from '../../../shared';
import type { DetailRecord, OrderDetailRecord, ProductDetailRecord } from './dataset-records';
import { valueOrFault } from './offline-database';
import type { OfflineStore, StoreScope } from './offline-store';

export interface OfflineCopyOptions {
  store: OfflineStore;
  scope: () => StoreScope;
}

export type OfflineCopy = ReturnType<typeof createOfflineCopy>;

export function createOfflineCopy({ store, scope }: OfflineCopyOptions) {
  let suppliers: { baseUrl: string; list: Promise<Supplier[]> } | null = null;
  const now = () => new Date().toISOString();

  return {
    suppliers(): Promise<Supplier[]> {
      const current = scope();
      if (suppliers?.baseUrl !== current.baseUrl) {
        const list = valueOrFault(store.readSuppliers(current));
        suppliers = { baseUrl: current.baseUrl, list };
        list.catch(() => {
          if (suppliers?.list === list) suppliers = null;
        });
      }
      return suppliers.list;
    },
    async orders(): Promise<OrderListItem[]> {
      return scope().accountId ? valueOrFault(store.readOrders(scope())) : [];
    },
    async orderDetails(): Promise<Map<string, OrderDetailRecord>> {
      if (!scope().accountId) return new Map();
      return new Map((await valueOrFault(store.readOrderDetails(scope()))).map((record) => [record.detail.id, record]));
    },
    async account(): Promise<Account | null> {
      return scope().accountId ? valueOrFault(store.readAccount(scope())) : null;
    },
    async webhooks(): Promise<Webhook[]> {
      return scope().accountId ? valueOrFault(store.readWebhooks(scope())) : [];
    },
    productDetailRecord(id: string): Promise<ProductDetailRecord | null> {
      return valueOrFault(store.productDetail(scope(), id));
    },
    async productDetail(id: string): Promise<Product | null> {
      return (await valueOrFault(store.productDetail(scope(), id)))?.detail ?? null;
    },
    async orderDetailRecord(id: string): Promise<DetailRecord<Order> | null> {
      return scope().accountId ? valueOrFault(store.orderDetail(scope(), id)) : null;
    },
    async orderDetail(id: string): Promise<Order | null> {
      return (await this.orderDetailRecord(id))?.detail ?? null;
    },
    /**
     * A detail just read from the service joins the offline copy, so what was viewed can be viewed
     * offline. No validator is kept, so the sync reads such a detail in full next time.
     */
    async keepProductDetail(product: Product): Promise<void> {
      await valueOrFault(store.putProductDetails(scope(), [{ detail: product, etag: null, fetchedAt: now() }]));
    },
    async keepOrderDetail(order: Order): Promise<void> {
      if (!scope().accountId) return;
      await valueOrFault(store.putOrderDetails(scope(), [{ detail: order, etag: null, fetchedAt: now() }], false));
    },
    /** Forgets what is kept (after a sync wrote suppliers, sign-out or clearing the cache). */
    forget() {
      suppliers = null;
    },
  };
}
