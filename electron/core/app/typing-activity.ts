import type { BridgeMethod } from '../../../shared/bridge/contract';

/** The calls of search as you type: one per keystroke, each wanted on screen at once. */
const TYPING_CALLS: ReadonlySet<BridgeMethod> = new Set(['searchCatalog', 'lookupProductCode']);

export const countsAsTyping = (method: BridgeMethod) => TYPING_CALLS.has(method);

export const TYPING_QUIET_MS = 1_000;
/** However long the buyer types, each background request goes after this wait, so details keep arriving for offline use. */
export const LONGEST_BACKGROUND_WAIT_MS = 5_000;

/**
 * When the buyer last typed a search. Background work (product details, images, the periodic
 * re-sync) holds each request until typing has stopped for `quietMs`, or at most `longestWaitMs`:
 * on a machine with two cores, the downloads and the service answering them measurably slowed
 * each keystroke.
 */
export function createTypingActivity({
  quietMs = TYPING_QUIET_MS,
  longestWaitMs = LONGEST_BACKGROUND_WAIT_MS,
  now = () => performance.now(),
} = {}) {
  let lastCall = Number.NEGATIVE_INFINITY;
  return {
    touch(): void {
      lastCall = now();
    },
    async whenQuiet(): Promise<void> {
      const giveUpAt = now() + longestWaitMs;
      for (;;) {
        const remaining = Math.min(lastCall + quietMs, giveUpAt) - now();
        if (remaining <= 0) return;
        await new Promise((resolve) => setTimeout(resolve, remaining));
      }
    },
  };
}

export type TypingActivity = ReturnType<typeof createTypingActivity>;
