import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, RENDERER_DIST, rendererBuildIsCurrent } from '../../electron/web/renderer-build';

export { REPO_ROOT, RENDERER_DIST, rendererBuildIsCurrent };
const RENDERER_INDEX = path.join(RENDERER_DIST, 'index.html');

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
