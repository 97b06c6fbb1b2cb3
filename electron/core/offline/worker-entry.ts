import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** How to start the offline worker: the built `offline-worker.js`, or the TypeScript source under tsx. */
export type WorkerEntry = string | URL;

/** The TypeScript source next to this file (a plain path, so bundlers leave it alone). */
export const sourceWorkerEntry = (): string => join(dirname(fileURLToPath(import.meta.url)), 'offline-worker.ts');

/**
 * Starts a worker from a .js file directly, or from a .ts file through tsx's loader (tests, the
 * benchmark, the browser shell under tsx). Electron passes the built .js path.
 */
export function startWorker(entry: WorkerEntry, workerData: unknown): Worker {
  const path = entry instanceof URL ? fileURLToPath(entry) : entry;
  if (!path.endsWith('.ts')) return new Worker(path, { workerData });
  const tsxApi = pathToFileURL(join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
  if (!existsSync(fileURLToPath(tsxApi))) throw new Error('tsx is needed to run the offline worker from source');
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(pathToFileURL(path).href)}); });`;
  return new Worker(bootstrap, { eval: true, workerData });
}
