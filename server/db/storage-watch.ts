import { databaseUnavailableReason } from './unavailable';

/** How often readiness tries a write while the disk is known full. */
export const STORAGE_PROBE_EVERY_MS = 5_000;

/**
 * Knows whether the disk under the database was found full. Any failure of a request or of
 * background work is shown to it; one that says "disk full" (SQLSTATE 53100, ENOSPC, EDQUOT)
 * marks storage full, and readiness fails from then on. While full, readiness tries a real write
 * (`probe`, at most every `probeEveryMs`); the first that succeeds clears it, so the instance comes
 * back by itself once space returns. A plain `select 1` cannot tell: it needs no space.
 */
export interface StorageWatch {
  noteFailure(error: unknown): void;
  /** 'full' while the disk is known full and no probe has succeeded since. */
  check(): Promise<'ok' | 'full'>;
}

export interface StorageWatchOptions {
  probe: () => Promise<void>;
  probeEveryMs?: number;
  now?: () => number;
}

export function createStorageWatch({ probe, probeEveryMs = STORAGE_PROBE_EVERY_MS, now = Date.now }: StorageWatchOptions): StorageWatch {
  let full = false;
  let lastProbeAt = Number.NEGATIVE_INFINITY;
  let probing: Promise<'ok' | 'full'> | null = null;
  return {
    noteFailure(error) {
      if (databaseUnavailableReason(error) !== 'storage_full') return;
      full = true;
      lastProbeAt = now();
    },
    check() {
      if (!full) return Promise.resolve('ok');
      if (probing) return probing;
      if (now() - lastProbeAt < probeEveryMs) return Promise.resolve('full');
      lastProbeAt = now();
      probing = probe().then(
        () => {
          full = false;
          return 'ok' as const;
        },
        () => 'full' as const,
      );
      void probing.finally(() => {
        probing = null;
      });
      return probing;
    },
  };
}
