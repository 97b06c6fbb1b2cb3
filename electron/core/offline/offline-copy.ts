/**
 * `createOfflineCopy({ store, scope })`: the offline copy as the app reads it, each read a query
 * of the offline worker (nothing of the catalog is held here). The supplier list, short and read
 * often, is kept until the sync writes a new one (`forget`). A read answers an `Outcome`: a refusal
 * of the offline copy (a full disk, a copy set aside, an unavailable database module) is its
 * `storage_error` in the worker's words (outcomeOfOffline), which the screen shows. Keeping a
 * detail just read from the service answers its `Outcome` too: the keep is best-effort, and the
 * caller still answers the buyer with what the service gave.
 */
import type { Account, Order, OrderListItem, Product, Supplier, Webhook } from '../../../shared';
import type { DetailRecord, OrderDetailRecord, ProductDetailRecord } from './dataset-records';
import { succeed, type Outcome } from '../failure';
import { outcomeOfOffline } from './offline-refusal';
import type { OfflineStore, StoreScope } from './offline-store';

export interface OfflineCopyOptions {
  store: OfflineStore;
  scope: () => StoreScope;
}

export type OfflineCopy = ReturnType<typeof createOfflineCopy>;

export function createOfflineCopy({ store, scope }: OfflineCopyOptions) {
  let suppliers: { baseUrl: string; list: Promise<Outcome<Supplier[]>> } | null = null;
  const none = <T>(value: T): Promise<Outcome<T>> => Promise.resolve(succeed(value));
  const now = () => new Date().toISOString();

  return {
    suppliers(): Promise<Outcome<Supplier[]>> {
      const current = scope();
      if (suppliers?.baseUrl !== current.baseUrl) {
        const list = outcomeOfOffline(store.readSuppliers(current));
        suppliers = { baseUrl: current.baseUrl, list };
        // A refusal or a fault is not kept: the next read asks again.
        const drop = () => {
          if (suppliers?.list === list) suppliers = null;
        };
        list.then((read) => {
          if (!read.ok) drop();
        }, drop);
      }
      return suppliers.list;
    },
    orders(): Promise<Outcome<OrderListItem[]>> {
      return scope().accountId ? outcomeOfOffline(store.readOrders(scope())) : none([]);
    },
    async orderDetails(): Promise<Outcome<Map<string, OrderDetailRecord>>> {
      if (!scope().accountId) return none(new Map());
      const read = await outcomeOfOffline(store.readOrderDetails(scope()));
      return read.ok ? succeed(new Map(read.data.map((record) => [record.detail.id, record]))) : read;
    },
    account(): Promise<Outcome<Account | null>> {
      return scope().accountId ? outcomeOfOffline(store.readAccount(scope())) : none(null);
    },
    webhooks(): Promise<Outcome<Webhook[]>> {
      return scope().accountId ? outcomeOfOffline(store.readWebhooks(scope())) : none([]);
    },
    productDetailRecord(id: string): Promise<Outcome<ProductDetailRecord | null>> {
      return outcomeOfOffline(store.productDetail(scope(), id));
    },
    async productDetail(id: string): Promise<Outcome<Product | null>> {
      const read = await this.productDetailRecord(id);
      return read.ok ? succeed(read.data?.detail ?? null) : read;
    },
    orderDetailRecord(id: string): Promise<Outcome<DetailRecord<Order> | null>> {
      return scope().accountId ? outcomeOfOffline(store.orderDetail(scope(), id)) : none(null);
    },
    async orderDetail(id: string): Promise<Outcome<Order | null>> {
      const read = await this.orderDetailRecord(id);
      return read.ok ? succeed(read.data?.detail ?? null) : read;
    },
    /**
     * A detail just read from the service joins the offline copy, so what was viewed can be viewed
     * offline. No validator is kept, so the sync reads such a detail in full next time.
     */
    async keepProductDetail(product: Product): Promise<Outcome<void>> {
      const kept = await outcomeOfOffline(store.putProductDetails(scope(), [{ detail: product, etag: null, fetchedAt: now() }]));
      return kept.ok ? succeed(undefined) : kept;
    },
    async keepOrderDetail(order: Order): Promise<Outcome<void>> {
      if (!scope().accountId) return succeed(undefined);
      const kept = await outcomeOfOffline(store.putOrderDetails(scope(), [{ detail: order, etag: null, fetchedAt: now() }], false));
      return kept.ok ? succeed(undefined) : kept;
    },
    /** Forgets what is kept (after a sync wrote suppliers, sign-out or clearing the cache). */
    forget() {
      suppliers = null;
    },
  };
}
