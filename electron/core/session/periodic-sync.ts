/** How often the offline copy is refreshed while online, unless the platform says otherwise. */
export const DEFAULT_SYNC_INTERVAL_MS = 120_000;

/** Runs `tick` every `intervalMs` (0: never) without keeping the process alive; answers how to stop it. */
export function startPeriodicSync(intervalMs: number | undefined, tick: () => void): () => void {
  const every = intervalMs ?? DEFAULT_SYNC_INTERVAL_MS;
  if (every <= 0) return () => undefined;
  const timer = setInterval(tick, every);
  timer.unref();
  return () => clearInterval(timer);
}
