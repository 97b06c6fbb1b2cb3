import type { OfflineUpgradeProblem } from '../../../shared/bridge/events';
import type { CatalogSearch } from '../search/catalog-search';
import type { OfflineChoiceOps } from './offline-choice-ops';
import type { ServiceDatabase } from './service-database';

/** What the offline worker does for one service: its database's reads and writes, and catalog search. */
export type ServiceOps = Omit<ServiceDatabase, InternalParts> &
  Omit<CatalogSearch, 'asOf' | 'search'> & { catalogAsOf: CatalogSearch['asOf'] } & OfflineChoiceOps & {
    /** Reads the search index unless it was read: true when this call read it (`prepareSearch`: the catalog painted, the page idle). */
    readSearchIndex(): boolean;
  };
/** What the service database keeps to itself and its neighbours in the worker. */
type InternalParts = 'db' | 'sql' | 'transaction' | 'index' | 'choice' | 'removeProduct' | 'catalogTransaction';
export type ServiceOp = keyof ServiceOps;

/** What it does for the data folder as a whole. */
export interface FolderOps {
  sizeOnDisk(): number;
  clearAll(): number;
  memory(): { heapUsed: number };
}
export type FolderOp = keyof FolderOps;

export type OfflineRequest =
  | { id: number; scope: 'service'; baseUrl: string; op: ServiceOp; args: unknown[] }
  | { id: number; scope: 'folder'; op: FolderOp; args: unknown[] };

/**
 * A failure crosses as its message (for people) and its code (for code): `unavailable` (the
 * database module could not be loaded), `disk_full`, `damaged` (the file was set aside), or null.
 */
export type OfflineFailureCode = 'unavailable' | 'disk_full' | 'damaged';

export type OfflineResponse =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; message: string; code: OfflineFailureCode | null };

/** Told without being asked: a database was damaged and set aside (it is rebuilt by the next sync). */
export interface OfflineProblemNotice {
  notice: 'problem';
  baseUrl: string;
  file: string;
  movedTo: string | null;
  message: string;
}

/**
 * Told without being asked: a service's database is being upgraded to this version's schema as it
 * opens (offline-schema.ts), which holds the worker (about 40 s at a million products): `done` of
 * `total` steps (offline-schema.ts), then `finished` once it is over, with the `problem` that
 * stopped it (a full disk), if any.
 */
export interface OfflineUpgradeNotice {
  notice: 'upgrade';
  baseUrl: string;
  done: number;
  total: number;
  finished: boolean;
  problem: OfflineUpgradeProblem | null;
}

/**
 * Told without being asked: words for the app's log, for engineers, that nobody needs to act on (the
 * checkpoint thread could not start, so SQLite's own checkpoints copy the logs again).
 */
export interface OfflineLogNotice {
  notice: 'log';
  message: string;
}

export type OfflineNotice = OfflineProblemNotice | OfflineUpgradeNotice | OfflineLogNotice;

export type OfflineMessage = OfflineResponse | OfflineNotice;
