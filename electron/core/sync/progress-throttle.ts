import type { DatasetName } from '../../../shared/bridge';
import type { SyncEvent } from './sync-context';

/** A progress bar moves smoothly enough at this pace; a message per product kept the page's main thread busy. */
export const PROGRESS_INTERVAL_MS = 250;

export interface ProgressThrottle {
  emit: (event: SyncEvent) => void;
  /** Drops progress still waiting to be sent (the account it belonged to is gone). */
  cancel(): void;
}

type ProgressEvent = Extract<SyncEvent, { type: 'sync-progress' }>;

/**
 * Passes every event on, except that unfinished progress of one dataset goes out at most once per
 * interval: the first at once, the latest of the rest at the end of the interval. A dataset's
 * finishing progress always goes out at once, and nothing older of it follows.
 */
export function throttleProgress(emit: (event: SyncEvent) => void, intervalMs = PROGRESS_INTERVAL_MS): ProgressThrottle {
  const lastSentAt = new Map<DatasetName, number>();
  const waiting = new Map<DatasetName, { event: ProgressEvent; timer: ReturnType<typeof setTimeout> }>();

  function dropWaiting(dataset: DatasetName) {
    const entry = waiting.get(dataset);
    if (entry) clearTimeout(entry.timer);
    waiting.delete(dataset);
  }

  function send(event: ProgressEvent) {
    dropWaiting(event.dataset);
    lastSentAt.set(event.dataset, Date.now());
    emit(event);
  }

  return {
    emit(event) {
      if (event.type !== 'sync-progress') return emit(event);
      if (event.finished) {
        send(event);
        lastSentAt.delete(event.dataset);
        return;
      }
      const sinceLast = Date.now() - (lastSentAt.get(event.dataset) ?? Number.NEGATIVE_INFINITY);
      if (sinceLast >= intervalMs) return send(event);
      const pending = waiting.get(event.dataset);
      if (pending) {
        pending.event = event;
        return;
      }
      const timer = setTimeout(() => {
        const latest = waiting.get(event.dataset);
        if (latest) send(latest.event);
      }, intervalMs - sinceLast);
      timer.unref?.();
      waiting.set(event.dataset, { event, timer });
    },
    cancel() {
      for (const dataset of [...waiting.keys()]) dropWaiting(dataset);
    },
  };
}
