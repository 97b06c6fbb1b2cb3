import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const RENDERER_DIST = path.join(REPO_ROOT, 'dist', 'renderer');
const RENDERER_INDEX = path.join(RENDERER_DIST, 'index.html');
/** What the built renderer is made of: a change in any of these makes the build stale. */
const RENDERER_SOURCES = ['renderer', 'shared'].map((folder) => path.join(REPO_ROOT, folder));

function newestModification(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    const modified = entry.isDirectory() ? newestModification(full) : statSync(full).mtimeMs;
    if (modified > newest) newest = modified;
  }
  return newest;
}

export function rendererBuildIsCurrent(): boolean {
  if (!existsSync(RENDERER_INDEX)) return false;
  const built = statSync(RENDERER_INDEX).mtimeMs;
  return RENDERER_SOURCES.every((folder) => newestModification(folder) <= built);
}

/**
 * Builds the renderer into dist/renderer when it is missing or older than its sources, so the
 * end-to-end tests run on a fresh clone. Only the renderer: `VITEST=1` leaves the Electron
 * bundles out of the build, which the browser never loads.
 */
export function ensureRendererBuilt(): void {
  if (rendererBuildIsCurrent()) return;
  const started = Date.now();
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'error'], {
    cwd: REPO_ROOT,
    // NODE_ENV is `test` inside vitest; inherited, it would make vite bundle React's slow development build.
    env: { ...process.env, VITEST: '1', NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  if (build.status !== 0 || !existsSync(RENDERER_INDEX)) {
    throw new Error(`Building the renderer for the end-to-end tests failed (npx vite build):\n${build.stdout}\n${build.stderr}`);
  }
  console.log(`[e2e] built the renderer in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
