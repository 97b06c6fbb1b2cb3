import type { BridgeEvent, DatasetName } from '../../../shared/bridge';
import type { ServiceClient } from '../api';
import type { OfflineCopy } from '../offline/offline-copy';
import type { OfflineFailure } from '../offline/offline-database';
import type { OfflineStore, StoreScope } from '../offline/offline-store';
import type { StatusBook } from './dataset-status';
import type { Limiter } from './paged-sync';

/**
 * The service calls sync makes: the service client satisfies it; tests pass a fake. With
 * `callBytes`, the change feed's pages are handed to the offline worker as bytes (decoded, parsed and
 * checked there); without it, they are parsed where they arrive.
 */
export type SyncApi = Pick<ServiceClient, 'call'> & Partial<Pick<ServiceClient, 'callBytes'>>;

export type SyncEvent = Extract<BridgeEvent, { type: 'sync-progress' | 'data-changed' | 'order-status' }>;

/** What every dataset's sync step works with. */
export interface SyncContext {
  api: SyncApi;
  store: OfflineStore;
  copy: OfflineCopy;
  statuses: StatusBook;
  scope: () => StoreScope;
  nowIso: () => string;
  emit: (event: SyncEvent) => void;
  pages: Limiter;
  perPage: number;
  /** Waited for before each page of the catalog (a feed page, or a list page) is handed to the offline worker to write (none: at once). */
  writeTurn?: () => Promise<void>;
  /** Whether the buyer is typing a search now: feed pages are then written one to a transaction, each write short (none: never). */
  buyerTyping?: () => boolean;
}

export function progress(context: SyncContext, dataset: DatasetName, done: number, total: number | null, finished = false) {
  context.emit({ type: 'sync-progress', dataset, done, total, finished });
}

export type StepOutcome = {
  dataset: DatasetName;
  result: 'changed' | 'unchanged' | 'failed' | 'skipped';
  /** For people: shown with the dataset. */
  error?: string;
  /** For code: the service error's code, when a service call failed. */
  errorCode?: string;
  /** How the catalog came: the service's change feed (details with it) or its list pages. */
  via?: 'feed' | 'pages';
};

/** A step that could not finish: the dataset keeps its previous copy and shows the error in plain words. */
export function stepFailed(context: SyncContext, dataset: DatasetName, error: string, errorCode?: string): StepOutcome {
  context.statuses.failed(dataset, error);
  progress(context, dataset, 0, null, true);
  return errorCode ? { dataset, result: 'failed', error, errorCode } : { dataset, result: 'failed', error };
}

/**
 * A step whose offline copy could not do what it asked (a full disk, a damaged file, no database
 * module): the worker's words are already plain, and its code (`disk_full`, …) goes with them.
 */
export function offlineFailed(context: SyncContext, dataset: DatasetName, failure: OfflineFailure): StepOutcome {
  return stepFailed(context, dataset, failure.message, failure.code ?? undefined);
}

/** The words for a write of the offline copy that threw (a fault no one expected). */
export const unexpectedCopyFault = (error: unknown) => `The offline copy could not be saved: ${error instanceof Error ? error.message : String(error)}`;

/**
 * A step that threw (a fault no one expected) fails like any other step instead of escaping. The
 * offline copy's expected failures do not come here: each step answers them (`offlineFailed`).
 */
export function guardStep(context: SyncContext, dataset: DatasetName, step: () => Promise<StepOutcome>): Promise<StepOutcome> {
  return step().catch((error: unknown) => stepFailed(context, dataset, unexpectedCopyFault(error)));
}
