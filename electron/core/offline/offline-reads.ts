import type { DatasetName } from '../../../shared/bridge/datasets';
import type { Account, Order, OrderListItem, Product, Supplier, Webhook } from '../../../shared/schemas';
import type { DetailRecord } from './dataset-records';
import { succeed, type Outcome } from '../failure';
import { historyOrders, type HistoryOrder } from '../order-history';
import type { SyncEngine } from '../sync/sync-engine';

/** Data from the offline copy with the time the service last confirmed it (null: never). */
export interface Cached<T> {
  data: T;
  asOf: string | null;
}

/** A read of the offline copy: what it holds (null: nothing), or the copy's refusal (offline-refusal.ts). */
export type CachedRead<T> = Outcome<Cached<T> | null>;

/** What the handlers read from the offline copy, each with the time the service last confirmed it. */
export interface OfflineReads {
  suppliers(): Promise<CachedRead<Supplier[]>>;
  orders(): Promise<CachedRead<OrderListItem[]>>;
  orderDetail(id: string): Promise<CachedRead<Order>>;
  productDetail(id: string): Promise<CachedRead<Product>>;
  account(): Promise<CachedRead<Account>>;
  webhooks(): Promise<CachedRead<Webhook[]>>;
  /** The buyer's orders with the details the copy holds, newest first, as old as the orders dataset. */
  orderHistory(): Promise<CachedRead<HistoryOrder[]>>;
  /**
   * A detail just read from the service joins the offline copy, so what was viewed can be viewed
   * offline; best-effort: a refusal of the copy is answered, for the caller to pass over.
   */
  keepProductDetail(product: Product): Promise<Outcome<void>>;
  keepOrderDetail(order: Order): Promise<Outcome<void>>;
}

/**
 * The handlers' view of the offline copy of the current connection. A dataset that was never
 * synced reads as null (nothing to fall back on) rather than as an empty list; a refusal of the
 * copy is the read's Failure.
 */
export function createOfflineReads(engine: () => SyncEngine | null): OfflineReads {
  async function read<T>(dataset: DatasetName, load: (current: SyncEngine) => Promise<Outcome<T | null>>): Promise<CachedRead<T>> {
    const current = engine();
    if (!current) return succeed(null);
    const asOf = current.freshness(dataset).asOf;
    const loaded = await load(current);
    if (!loaded.ok) return loaded;
    const data = loaded.data;
    if (data === null || (asOf === null && Array.isArray(data) && data.length === 0)) return succeed(null);
    return succeed({ data, asOf });
  }

  /** A detail is as old as its own read, which may be newer than its dataset's last full pass. */
  async function detail<T>(record: Promise<Outcome<DetailRecord<T> | null>> | undefined): Promise<CachedRead<T>> {
    if (!record) return succeed(null);
    const found = await record;
    if (!found.ok) return found;
    return succeed(found.data ? { data: found.data.detail, asOf: found.data.fetchedAt } : null);
  }

  return {
    suppliers: () => read('suppliers', (current) => current.copy.suppliers()),
    orders: () => read('orders', (current) => current.copy.orders()),
    orderDetail: (id) => detail(engine()?.copy.orderDetailRecord(id)),
    productDetail: (id) => detail(engine()?.copy.productDetailRecord(id)),
    account: () => read('account', (current) => current.copy.account()),
    webhooks: () => read('webhooks', (current) => current.copy.webhooks()),
    orderHistory: () =>
      read('orders', async (current) => {
        const [orders, details] = await Promise.all([current.copy.orders(), current.copy.orderDetails()]);
        if (!orders.ok) return orders;
        if (!details.ok) return details;
        return succeed(historyOrders(orders.data, (id) => details.data.get(id)?.detail ?? null));
      }),
    async keepProductDetail(product: Product) {
      return (await engine()?.copy.keepProductDetail(product)) ?? succeed(undefined);
    },
    async keepOrderDetail(order: Order) {
      const current = engine();
      if (!current || !current.accountId) return succeed(undefined);
      return current.copy.keepOrderDetail(order);
    },
  };
}
