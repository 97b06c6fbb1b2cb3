import { DATASETS, type DatasetName, type DatasetStatus } from '../../../shared/bridge';
import { isPrivateDataset, type OfflineStore, type StoreScope } from '../offline/offline-store';

/** Datasets with a file of their own (images live in the image cache, order details under orders). */
const FILE_BACKED = ['suppliers', 'catalog', 'productDetails', 'orders', 'account', 'webhooks'] as const;

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
      if (current.accountId) {
        const saved = await store.read<DatasetStatus>('syncState', current);
        for (const status of saved?.records ?? []) {
          if (DATASETS.includes(status.name)) statuses.set(status.name, { ...status, error: null });
        }
      }
      for (const name of FILE_BACKED) {
        if (isPrivateDataset(name) && !current.accountId) continue;
        const header = await store.readHeader(name, current);
        const known = statuses.get(name)!;
        statuses.set(name, header ? { ...known, count: header.count, updatedAt: known.updatedAt ?? header.savedAt } : emptyStatus(name));
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
