import type { DatasetName } from '../../../shared/bridge/datasets';
import type { Account, Order, OrderListItem, Product, Supplier, Webhook } from '../../../shared/schemas';
import type { DetailRecord } from './dataset-records';
import { historyOrders, type HistoryOrder } from '../order-history';
import type { SyncEngine } from '../sync/sync-engine';

/** Data from the offline copy with the time the service last confirmed it (null: never). */
export interface Cached<T> {
  data: T;
  asOf: string | null;
}

/** What the handlers read from the offline copy, each with the time the service last confirmed it. */
export interface OfflineReads {
  suppliers(): Promise<Cached<Supplier[]> | null>;
  orders(): Promise<Cached<OrderListItem[]> | null>;
  orderDetail(id: string): Promise<Cached<Order> | null>;
  productDetail(id: string): Promise<Cached<Product> | null>;
  account(): Promise<Cached<Account> | null>;
  webhooks(): Promise<Cached<Webhook[]> | null>;
  /** The buyer's orders with the details the copy holds, newest first, as old as the orders dataset. */
  orderHistory(): Promise<Cached<HistoryOrder[]> | null>;
  /** A detail just read from the service joins the offline copy, so what was viewed can be viewed offline. */
  keepProductDetail(product: Product): Promise<void>;
  keepOrderDetail(order: Order): Promise<void>;
}

/**
 * The handlers' view of the offline copy of the current connection. A dataset that was never
 * synced reads as null (nothing to fall back on) rather than as an empty list.
 */
export function createOfflineReads(engine: () => SyncEngine | null): OfflineReads {
  async function read<T>(dataset: DatasetName, load: (current: SyncEngine) => Promise<T | null>) {
    const current = engine();
    if (!current) return null;
    const asOf = current.freshness(dataset).asOf;
    const data = await load(current);
    if (data === null || (asOf === null && Array.isArray(data) && data.length === 0)) return null;
    return { data, asOf };
  }

  /** A detail is as old as its own read, which may be newer than its dataset's last full pass. */
  async function detail<T>(record: Promise<DetailRecord<T> | null> | undefined) {
    const found = await record;
    return found ? { data: found.detail, asOf: found.fetchedAt } : null;
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
        return historyOrders(orders, (id) => details.get(id)?.detail ?? null);
      }),
    async keepProductDetail(product: Product) {
      await engine()?.copy.keepProductDetail(product);
    },
    async keepOrderDetail(order: Order) {
      const current = engine();
      if (!current || !current.accountId) return;
      await current.copy.keepOrderDetail(order);
    },
  };
}
