import { existsSync } from 'node:fs';
import path from 'node:path';

/** The main process's bundles: bundle name → source file, from the repository root. */
export const MAIN_ENTRIES = {
  index: 'electron/main/index.ts',
  'embedded-service': 'electron/main/embedded-service-process.ts',
  'offline-worker': 'electron/core/offline/offline-worker.ts',
  // Found beside the offline worker's bundle by electron/core/offline/wal-checkpoints.ts (checkpointWorkerEntry).
  'checkpoint-worker': 'electron/core/offline/checkpoint-worker.ts',
  // Found beside the embedded service's bundle by server/demo/product-source.ts (productWorkerEntry).
  'demo-product-worker': 'server/demo/product-worker.ts',
  // Not the desktop app's: the browser shell, which `npm run web` runs when it is current (scripts/web.mjs).
  'web-shell': 'electron/web/web-shell.ts',
} as const;

/**
 * The entries with absolute paths. A source that does not exist fails the build here, naming it,
 * instead of leaving a bundle out (the app would then fail only when it starts that bundle).
 */
export function mainEntryPaths(root: string, entries: Record<string, string> = MAIN_ENTRIES, exists: (file: string) => boolean = existsSync): Record<string, string> {
  const resolved = Object.entries(entries).map(([name, source]) => [name, path.join(root, source)] as const);
  const missing = resolved.filter(([, file]) => !exists(file)).map(([name]) => `${name} (${entries[name]})`);
  if (missing.length > 0) throw new Error(`vite.config.ts: the main-process entry ${missing.join(', ')} names a file that does not exist.`);
  return Object.fromEntries(resolved);
}

/**
 * Packages the main process loads at run time from node_modules instead of bundling (vite.config.ts).
 * zod is bundled: the shell and the offline worker load it as they start, and from node_modules its
 * ~60 files cost each thread about 40-80 ms more CPU to resolve and compile than one bundled chunk.
 */
export const MAIN_PROCESS_EXTERNALS: readonly string[] = [
  'electron',
  'electron-store',
  '@electric-sql/pglite',
  'pg',
  'pg-native',
  'fastify',
  '@fastify/rate-limit',
  'drizzle-orm',
  'minisearch',
  // A native module: loaded from node_modules, rebuilt for Electron's ABI by the packaging step.
  'better-sqlite3',
  'write-file-atomic',
  'p-limit',
];
