import type { BridgeMethod } from '../../../shared/bridge/contract';

/** Calls the app makes on its own (status bars, the outbox list), which do not mean the buyer is busy. */
const SELF_INITIATED: ReadonlySet<BridgeMethod> = new Set(['getSession', 'getSyncStatus', 'listOutbox']);

export const countsAsForeground = (method: BridgeMethod) => !SELF_INITIATED.has(method);

export const FOREGROUND_QUIET_MS = 1_500;

/**
 * When the buyer last asked for something. Background downloads (product details, images) wait
 * until the app has been quiet for `quietMs`, so while the buyer types or browses, the core and
 * the service answer the buyer first.
 */
export function createForegroundActivity({ quietMs = FOREGROUND_QUIET_MS, now = () => performance.now() } = {}) {
  let lastCall = Number.NEGATIVE_INFINITY;
  return {
    touch(): void {
      lastCall = now();
    },
    async whenQuiet(): Promise<void> {
      for (;;) {
        const remaining = lastCall + quietMs - now();
        if (remaining <= 0) return;
        await new Promise((resolve) => setTimeout(resolve, remaining));
      }
    },
  };
}

export type ForegroundActivity = ReturnType<typeof createForegroundActivity>;
