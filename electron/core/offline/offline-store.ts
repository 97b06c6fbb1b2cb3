/**
 * The offline copy on disk: `createOfflineStore({ dataDir })` keeps each dataset in its own
 * versioned file under `<dataDir>/offline/`. Public datasets (suppliers, catalog, product details)
 * are scoped to the service's base URL; private ones (orders, order details, account, webhooks) to
 * the service and the account, so `clearAccount()` on sign-out removes exactly one buyer's data.
 * A file that cannot be trusted is moved aside, reported through `onProblem`, and read as absent,
 * so the next sync rebuilds it.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { CacheContents, CacheHeader, CacheLinesWrite, CacheProblem, StoreScope, CacheWrite } from './cache-format';
import { readCacheFile, readCacheHeader, readCacheLines, writeCacheFile, writeCacheLines, type CacheReadResult } from './cache-file';
import { bytesUnder } from './disk-usage';

export const STORED_DATASETS = [
  'suppliers',
  'catalog',
  'productDetails',
  'productFacts',
  'orders',
  'orderDetails',
  'account',
  'webhooks',
  'syncState',
] as const;
export type StoredDataset = (typeof STORED_DATASETS)[number];

const PRIVATE_DATASETS: ReadonlySet<StoredDataset> = new Set(['orders', 'orderDetails', 'account', 'webhooks', 'syncState']);
export const isPrivateDataset = (dataset: StoredDataset) => PRIVATE_DATASETS.has(dataset);

/** Where this service's (and account's) data lives; defined with the file header it is checked against. */
export type { StoreScope };

export interface OfflineStoreOptions {
  dataDir: string;
  onProblem?: (problem: CacheProblem) => void;
}

export type OfflineStore = ReturnType<typeof createOfflineStore>;

const shortHash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

export function createOfflineStore({ dataDir, onProblem = () => {} }: OfflineStoreOptions) {
  const root = join(dataDir, 'offline');

  const serviceDir = (baseUrl: string) => join(root, `service-${shortHash(baseUrl)}`);
  const accountDir = (scope: StoreScope) => {
    if (!scope.accountId) throw new Error('private data needs an account');
    return join(serviceDir(scope.baseUrl), `account-${shortHash(scope.accountId)}`);
  };

  /** The scope written into (and demanded from) a file's header. */
  const fileScope = (dataset: StoredDataset, scope: StoreScope): StoreScope =>
    isPrivateDataset(dataset) ? { baseUrl: scope.baseUrl, accountId: scope.accountId } : { baseUrl: scope.baseUrl, accountId: null };

  const pathOf = (dataset: StoredDataset, scope: StoreScope) =>
    join(isPrivateDataset(dataset) ? accountDir(scope) : join(serviceDir(scope.baseUrl), 'public'), `${dataset}.cache`);

  async function setAside(dataset: StoredDataset, file: string, reason: CacheProblem['reason'], detail: string) {
    const movedTo = `${file}.bad`;
    let moved: string | null = movedTo;
    try {
      await rename(file, movedTo);
    } catch {
      moved = null;
      await rm(file, { force: true }).catch(() => undefined);
    }
    onProblem({ dataset, file, reason, detail, movedTo: moved });
  }

  async function settle<T>(dataset: StoredDataset, file: string, result: CacheReadResult<never> | T) {
    const outcome = result as { kind: string; reason?: CacheProblem['reason']; detail?: string };
    if (outcome.kind === 'invalid' && outcome.reason !== 'unreadable') {
      await setAside(dataset, file, outcome.reason!, outcome.detail!);
    } else if (outcome.kind === 'invalid') {
      onProblem({ dataset, file, reason: 'unreadable', detail: outcome.detail!, movedTo: null });
    }
  }

  return {
    root,
    pathOf,
    fileScope,

    /** The dataset's records, or null when there is none or it could not be trusted. */
    async read<R>(dataset: StoredDataset, scope: StoreScope): Promise<CacheContents<R> | null> {
      const file = pathOf(dataset, scope);
      const result = await readCacheFile<R>(file, { dataset, scope: fileScope(dataset, scope) });
      await settle(dataset, file, result);
      return result.kind === 'ok' ? result.contents : null;
    },

    /** The dataset's records as the bytes of their lines, unparsed (null as for `read`). */
    async readLines(dataset: StoredDataset, scope: StoreScope): Promise<CacheContents<Buffer> | null> {
      const file = pathOf(dataset, scope);
      const result = await readCacheLines(file, { dataset, scope: fileScope(dataset, scope) });
      await settle(dataset, file, result);
      return result.kind === 'ok' ? result.contents : null;
    },

    /** Only the header (age, count, ETags) without reading the records. */
    async readHeader(dataset: StoredDataset, scope: StoreScope): Promise<CacheHeader | null> {
      const file = pathOf(dataset, scope);
      const result = await readCacheHeader(file, { dataset, scope: fileScope(dataset, scope) });
      await settle(dataset, file, result);
      return result.kind === 'header' ? result.header : null;
    },

    async write<R>(dataset: StoredDataset, scope: StoreScope, contents: CacheWrite<R>): Promise<CacheHeader> {
      const file = pathOf(dataset, scope);
      await mkdir(dirname(file), { recursive: true });
      const { header } = await writeCacheFile(file, { dataset, scope: fileScope(dataset, scope) }, contents);
      return header;
    },

    /** Like `write`, for records already serialized (one JSON text per line, without the newline). */
    async writeLines(dataset: StoredDataset, scope: StoreScope, contents: CacheLinesWrite): Promise<CacheHeader> {
      const file = pathOf(dataset, scope);
      await mkdir(dirname(file), { recursive: true });
      const { header } = await writeCacheLines(file, { dataset, scope: fileScope(dataset, scope) }, contents);
      return header;
    },

    async remove(dataset: StoredDataset, scope: StoreScope): Promise<void> {
      await rm(pathOf(dataset, scope), { force: true });
    },

    /** Sign-out: removes one account's private data for one service. Returns the bytes freed. */
    async clearAccount(scope: StoreScope): Promise<number> {
      if (!scope.accountId) return 0;
      const dir = accountDir(scope);
      const freed = await bytesUnder(dir);
      await rm(dir, { recursive: true, force: true });
      return freed;
    },

    /** Settings → clear cache: removes every dataset of every service and account. Returns the bytes freed. */
    async clearAll(): Promise<number> {
      const freed = await bytesUnder(root);
      const entries = await readdir(root).catch(() => [] as string[]);
      for (const entry of entries) await rm(join(root, entry), { recursive: true, force: true });
      return freed;
    },

    async sizeOnDisk(): Promise<number> {
      return bytesUnder(root);
    },
  };
}
