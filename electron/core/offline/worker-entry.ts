import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { startWorker, type WorkerEntry } from '../../../server/threads/start-worker';

export { startWorker, type WorkerEntry };

/** The TypeScript source next to this file (a plain path, so bundlers leave it alone). */
export const sourceWorkerEntry = (): string => join(dirname(fileURLToPath(import.meta.url)), 'offline-worker.ts');

/**
 * The offline worker started ahead of the handle that will use it (offline-database.ts adopts it
 * at its first request): its thread boots (Node's own start, its modules, the SQLite driver) while
 * the main thread is still loading the rest of the app. The worker reads nothing in `dataDir` until
 * it is asked, so it may start before the data folder's lock is taken. Not referenced: it keeps no
 * process alive; an error before adoption ends it, and the handle then starts another.
 */
export function startOfflineWorker(dataDir: string, workerEntry: WorkerEntry = sourceWorkerEntry()): Worker {
  const worker = startWorker(workerEntry, { dataDir });
  worker.unref();
  // Until the handle adopts it (and listens itself), an error must not go unhandled.
  worker.on('error', () => {});
  return worker;
}
