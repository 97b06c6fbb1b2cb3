import type { BridgeOutput } from '../../../shared/bridge/contract';
import { succeed } from '../../core/failure';
import type { HandlerGroup } from '../handler-types';

export interface SyncHandlerDeps {
  status(): Promise<BridgeOutput<'getSyncStatus'>>;
  /** Starts a sync in the background unless one runs; false when it could not start (offline, signed out). */
  syncNow(): boolean;
  clearCache(): Promise<number>;
}

export function createSyncHandlers(deps: SyncHandlerDeps) {
  return {
    getSyncStatus: async () => succeed(await deps.status()),
    async syncNow() {
      return succeed({ started: deps.syncNow() });
    },
    async clearCache() {
      return succeed({ freedBytes: await deps.clearCache() });
    },
  } satisfies HandlerGroup<'getSyncStatus' | 'syncNow' | 'clearCache'>;
}
