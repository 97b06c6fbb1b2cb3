import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, newestModifications, type NewestModification } from './renderer-build';

/** Where `vite build` puts the offline worker as one file (scripts/main-entries.ts), as the desktop app runs it. */
export const BUILT_OFFLINE_WORKER = path.join('dist-electron', 'main', 'offline-worker.js');
/** Where `vite build` puts the browser shell (`npm run web` runs it through scripts/web.mjs). */
export const BUILT_WEB_SHELL = path.join('dist-electron', 'main', 'web-shell.js');
/** What the main process's bundles are made of: a change in any of these makes them stale. */
const MAIN_SOURCES = ['electron', 'shared', 'server'];

/** Each of `files` (relative to `root`) when every one exists and is newer than every file of the sources; else null. */
function currentBuilds(root: string, files: readonly string[], newest: NewestModification): string[] | null {
  const built = files.map((file) => path.join(root, file));
  if (!built.every((file) => existsSync(file))) return null;
  const oldest = Math.min(...built.map((file) => statSync(file).mtimeMs));
  const sources = MAIN_SOURCES.filter((folder) => existsSync(path.join(root, folder)));
  return sources.every((folder) => newest(folder) <= oldest) ? built : null;
}

/**
 * The built offline worker when it is newer than every file of its sources, else null (the shell
 * then runs the TypeScript source through tsx). Built, the worker starts without compiling, which
 * through tsx took most of a cold start's wait for the first page of the catalog.
 */
export function currentOfflineWorkerBuild(root: string = REPO_ROOT, newest: NewestModification = newestModifications(root)): string | null {
  return currentBuilds(root, [BUILT_OFFLINE_WORKER], newest)?.[0] ?? null;
}

/**
 * The built browser shell and the built offline worker it then runs, when both are newer than
 * every file of their sources; else null, and `npm run web` runs the shell's TypeScript source
 * through tsx. Built, the shell prints its address without compiling about 400 modules first (2.1 s
 * of CPU through tsx against 0.4 s, docs/benchmarks.md).
 */
export function currentWebShellBuild(
  root: string = REPO_ROOT,
  newest: NewestModification = newestModifications(root),
): { shell: string; offlineWorker: string } | null {
  const built = currentBuilds(root, [BUILT_WEB_SHELL, BUILT_OFFLINE_WORKER], newest);
  return built ? { shell: built[0]!, offlineWorker: built[1]! } : null;
}
