import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export { startWorker, type WorkerEntry } from '../../../server/threads/start-worker';

/** The TypeScript source next to this file (a plain path, so bundlers leave it alone). */
export const sourceWorkerEntry = (): string => join(dirname(fileURLToPath(import.meta.url)), 'offline-worker.ts');
