import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { packageRootOf } from '../core/files/package-root';

/** The repository, from the source or from the built shell (dist-electron/main/web-shell.js). */
export const REPO_ROOT = packageRootOf(import.meta.url);
export const RENDERER_DIST = path.join(REPO_ROOT, 'dist', 'renderer');
/** What the built renderer is made of: a change in any of these makes the build stale. */
const RENDERER_SOURCES = ['renderer', 'shared'];

/** The latest modification time of any file under `folder`. */
export function newestModification(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    const modified = entry.isDirectory() ? newestModification(full) : statSync(full).mtimeMs;
    if (modified > newest) newest = modified;
  }
  return newest;
}

/** True when `<root>/dist/renderer` exists and is newer than every file of its sources. */
export function rendererBuildIsCurrent(root: string = REPO_ROOT): boolean {
  const index = path.join(root, 'dist', 'renderer', 'index.html');
  if (!existsSync(index)) return false;
  const built = statSync(index).mtimeMs;
  return RENDERER_SOURCES.every((folder) => newestModification(path.join(root, folder)) <= built);
}
