import type { DatasetName } from '../../../shared/bridge/datasets';
import type { OfflineReads } from '../../bridge/handlers/offline-reads';
import type { SyncEngine } from '../sync/sync-engine';

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

  return {
    suppliers: () => read('suppliers', (current) => current.copy.get('suppliers')),
    orders: () => read('orders', (current) => current.copy.get('orders')),
    orderDetail: (id) => read('orders', (current) => current.copy.orderDetail(id)),
    productDetail: (id) => read('productDetails', (current) => current.copy.productDetail(id)),
    account: () => read('account', (current) => current.copy.get('account')),
    webhooks: () => read('webhooks', (current) => current.copy.get('webhooks')),
  };
}
