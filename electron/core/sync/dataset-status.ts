import { DATASETS, type DatasetName, type DatasetStatus } from '../../../shared/bridge';
import { succeed, type Failure, type Outcome } from '../failure';
import { outcomeOfOffline } from '../offline/offline-refusal';
import type { OfflineStore, StoreScope, StoredDataset } from '../offline/offline-store';
import { isPrivateDataset } from '../offline/offline-store';

/** Datasets stored in the offline database (images live in the image cache, order details with orders). */
const STORED = ['suppliers', 'catalog', 'productDetails', 'orders', 'account', 'webhooks'] as const satisfies readonly StoredDataset[];

const emptyStatus = (name: DatasetName): DatasetStatus => ({ name, updatedAt: null, count: 0, error: null });

/**
 * The age, size and last error of every dataset, as the UI shows them. `updatedAt` is when the
 * service last confirmed the data (a 304 counts), not when it was last written, so it is saved on
 * its own (per account) and an unchanged re-sync never rewrites a large dataset.
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
    /** Something the buyer should know that is not an error; cleared with the next success. */
    notify(name: DatasetName, notice: string) {
      statuses.set(name, { ...statuses.get(name)!, notice });
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

    /**
     * Reads the saved statuses; a dataset that is not stored starts over as never synced. When the
     * offline copy refuses (a full disk, a copy set aside…), each stored dataset's error is the
     * refusal's words, so the status shows the copy's problem rather than "never synced"; the
     * refusal is answered too. A fault of the worker rejects (the session logs it).
     */
    async load(): Promise<Outcome<void>> {
      const current = scope();
      const refused = (failure: Failure) => {
        for (const name of STORED) {
          if (isPrivateDataset(name) && !current.accountId) continue;
          statuses.set(name, { ...statuses.get(name)!, error: failure.error.message });
        }
        return failure;
      };
      if (current.accountId) {
        const saved = await outcomeOfOffline(store.readStatuses(current));
        if (!saved.ok) return refused(saved);
        for (const status of saved.data) {
          if (DATASETS.includes(status.name)) statuses.set(status.name, { ...status, error: null });
        }
      }
      for (const name of STORED) {
        if (isPrivateDataset(name) && !current.accountId) continue;
        const info = await outcomeOfOffline(store.datasetInfo(name, current));
        if (!info.ok) return refused(info);
        const known = statuses.get(name)!;
        statuses.set(name, info.data?.savedAt ? { ...known, count: info.data.count, updatedAt: known.updatedAt ?? info.data.savedAt } : emptyStatus(name));
      }
      return succeed(undefined);
    },

    /** Saves them for the next start; one that could not be saved is written again after the next sync. */
    async save(): Promise<void> {
      const current = scope();
      if (!current.accountId) return;
      await store.saveStatuses(current, this.all());
    },
  };
}

export type StatusBook = ReturnType<typeof createStatusBook>;
