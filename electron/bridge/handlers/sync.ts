import type { BridgeOutput } from '../../../shared/bridge/contract';
import type { HandlerGroup } from '../handler-types';

export interface SyncHandlerDeps {
  status(): Promise<BridgeOutput<'getSyncStatus'>>;
  /** Starts a sync in the background unless one runs; false when it could not start (offline, signed out). */
  syncNow(): boolean;
  clearCache(): Promise<number>;
}

export function createSyncHandlers(deps: SyncHandlerDeps) {
  return {
    getSyncStatus: () => deps.status(),
    async syncNow() {
      return { started: deps.syncNow() };
    },
    async clearCache() {
      return { freedBytes: await deps.clearCache() };
    },
  } satisfies HandlerGroup<'getSyncStatus' | 'syncNow' | 'clearCache'>;
}
