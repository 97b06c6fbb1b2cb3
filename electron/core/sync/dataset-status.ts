import { DATASETS, type DatasetName, type DatasetStatus } from '../../../shared/bridge';
import type { OfflineStore, StoreScope } from '../offline/offline-store';

const emptyStatus = (name: DatasetName): DatasetStatus => ({ name, updatedAt: null, count: 0, error: null });

/**
 * The age, size and last error of every dataset, as the UI shows them. `updatedAt` is when the
 * service last confirmed the data (a 304 counts), not when the file was last rewritten, so it is
 * kept in a small file of its own and an unchanged re-sync never rewrites a large dataset.
 */
export function createStatusBook(store: OfflineStore, scope: () => StoreScope) {
  const statuses = new Map<DatasetName, DatasetStatus>(DATASETS.map((name) => [name, emptyStatus(name)]));

  return {
    all(): DatasetStatus[] {
      return DATASETS.map((name) => ({ ...statuses.get(name)! }));
    },
    get(name: DatasetName): DatasetStatus {
      return { ...statuses.get(name)! };
    },
    succeeded(name: DatasetName, updatedAt: string, count: number) {
      statuses.set(name, { name, updatedAt, count, error: null });
    },
    failed(name: DatasetName, error: string) {
      statuses.set(name, { ...statuses.get(name)!, error });
    },
    setCount(name: DatasetName, count: number) {
      statuses.set(name, { ...statuses.get(name)!, count });
    },
    reset() {
      for (const name of DATASETS) statuses.set(name, emptyStatus(name));
    },

    /** Reads the saved statuses; a dataset whose file is gone starts over as never synced. */
    async load() {
      const current = scope();
      if (!current.accountId) return;
      const saved = await store.read<DatasetStatus>('syncState', current);
      for (const status of saved?.records ?? []) {
        if (DATASETS.includes(status.name)) statuses.set(status.name, { ...status, error: null });
      }
      const fileBacked = { suppliers: 'suppliers', catalog: 'catalog', productDetails: 'productDetails', orders: 'orders', account: 'account', webhooks: 'webhooks' } as const;
      for (const [name, dataset] of Object.entries(fileBacked) as [DatasetName, (typeof fileBacked)[keyof typeof fileBacked]][]) {
        const header = await store.readHeader(dataset, current);
        if (!header) statuses.set(name, emptyStatus(name));
        else statuses.set(name, { ...statuses.get(name)!, count: header.count, updatedAt: statuses.get(name)!.updatedAt ?? header.savedAt });
      }
    },

    async save(savedAt: string) {
      const current = scope();
      if (!current.accountId) return;
      const records = this.all();
      await store.write('syncState', current, { savedAt, etags: {}, count: records.length, records });
    },
  };
}

export type StatusBook = ReturnType<typeof createStatusBook>;
