import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** How to start a worker thread: a built `.js` file, or a TypeScript source run through tsx. */
export type WorkerEntry = string | URL;

/**
 * Starts a worker from a .js file directly, or from a .ts file through tsx's loader (the service
 * and the browser shell run from source under tsx, and so do tests and benchmarks). A bundle
 * passes its built .js path. Throws when a .ts entry is given and tsx is not installed.
 */
export function startWorker(entry: WorkerEntry, workerData: unknown): Worker {
  const path = entry instanceof URL ? fileURLToPath(entry) : entry;
  if (!path.endsWith('.ts')) return new Worker(path, { workerData });
  const tsxApi = pathToFileURL(join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
  if (!existsSync(fileURLToPath(tsxApi))) throw new Error('tsx is needed to run a worker from its TypeScript source');
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(pathToFileURL(path).href)}); });`;
  return new Worker(bootstrap, { eval: true, workerData });
}
