import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, newestModification } from './renderer-build';

/** Where `vite build` puts the offline worker as one file (scripts/main-entries.ts), as the desktop app runs it. */
export const BUILT_OFFLINE_WORKER = path.join('dist-electron', 'main', 'offline-worker.js');
/** What the worker's bundle is made of: a change in any of these makes it stale. */
const WORKER_SOURCES = ['electron', 'shared', 'server'];

/**
 * The built offline worker when it is newer than every file of its sources, else null (the shell
 * then runs the TypeScript source through tsx). Built, the worker starts without compiling, which
 * through tsx took most of a cold start's wait for the first page of the catalog.
 */
export function currentOfflineWorkerBuild(root: string = REPO_ROOT): string | null {
  const built = path.join(root, BUILT_OFFLINE_WORKER);
  if (!existsSync(built)) return null;
  const builtAt = statSync(built).mtimeMs;
  return WORKER_SOURCES.every((folder) => !existsSync(path.join(root, folder)) || newestModification(path.join(root, folder)) <= builtAt) ? built : null;
}
