import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { packageRootOf } from '../core/files/package-root';

/** The repository, from the source or from the built shell (dist-electron/main/web-shell.js). */
export const REPO_ROOT = packageRootOf(import.meta.url);
export const RENDERER_DIST = path.join(REPO_ROOT, 'dist', 'renderer');
/** What the built renderer is made of: a change in any of these makes the build stale. */
const RENDERER_SOURCES = ['renderer', 'shared'];

/**
 * The latest modification time of any file under `folder`. Names are joined by hand: `path.join`
 * normalises every name again, and this runs for each of the repository's source files at every
 * start of `npm run web` (about 600).
 */
export function newestModification(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = `${folder}${path.sep}${entry.name}`;
    const modified = entry.isDirectory() ? newestModification(full) : statSync(full).mtimeMs;
    if (modified > newest) newest = modified;
  }
  return newest;
}

/** The latest modification time under a folder of the repository (its path relative to the root). */
export type NewestModification = (folder: string) => number;

/**
 * `newestModification` of each folder under `root`, each folder walked once however often it is
 * asked for: one start checks the main process's build and the renderer's, and both are built
 * from `shared/`.
 */
export function newestModifications(root: string = REPO_ROOT): NewestModification {
  const known = new Map<string, number>();
  return (folder) => {
    let newest = known.get(folder);
    if (newest === undefined) known.set(folder, (newest = newestModification(path.join(root, folder))));
    return newest;
  };
}

/** True when `<root>/dist/renderer` exists and is newer than every file of its sources. */
export function rendererBuildIsCurrent(root: string = REPO_ROOT, newest: NewestModification = newestModifications(root)): boolean {
  const index = path.join(root, 'dist', 'renderer', 'index.html');
  if (!existsSync(index)) return false;
  const built = statSync(index).mtimeMs;
  return RENDERER_SOURCES.every((folder) => newest(folder) <= built);
}
