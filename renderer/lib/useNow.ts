import { useSyncExternalStore } from 'react';

/** How often ages on screen ("3 min ago") are worked out again; the coarsest unit shown is a minute. */
export const AGE_TICK_MS = 15_000;

let now = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === null) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of [...listeners]) notify();
    }, AGE_TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/**
 * The time now, renewed every AGE_TICK_MS while something on screen shows an age: one clock for
 * every age, so "just now" turns into "1 min ago" on its own instead of staying until the screen
 * is opened again.
 */
export function useNow(): number {
  return useSyncExternalStore(subscribe, () => now);
}
