import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILT_OFFLINE_WORKER, BUILT_WEB_SHELL, currentOfflineWorkerBuild, currentWebShellBuild } from '../../../electron/web/main-build';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A repository-shaped folder: the worker's sources under electron/, shared/ and server/, its bundle in dist-electron/main. */
function repository({ changedSeconds, builtSeconds, shellSeconds = null }: { changedSeconds: number; builtSeconds: number | null; shellSeconds?: number | null }): string {
  const root = mkdtempSync(path.join(tmpdir(), 'caseworks-worker-build-'));
  roots.push(root);
  const files = ['electron/core/offline/offline-worker.ts', 'shared/index.ts', 'server/threads/start-worker.ts'];
  for (const file of files) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), 'export {};');
    utimesSync(path.join(root, file), 1_000, 1_000);
  }
  utimesSync(path.join(root, 'server/threads/start-worker.ts'), changedSeconds, changedSeconds);
  if (builtSeconds !== null) {
    mkdirSync(path.dirname(path.join(root, BUILT_OFFLINE_WORKER)), { recursive: true });
    writeFileSync(path.join(root, BUILT_OFFLINE_WORKER), '');
    utimesSync(path.join(root, BUILT_OFFLINE_WORKER), builtSeconds, builtSeconds);
  }
  if (shellSeconds !== null) {
    mkdirSync(path.dirname(path.join(root, BUILT_WEB_SHELL)), { recursive: true });
    writeFileSync(path.join(root, BUILT_WEB_SHELL), '');
    utimesSync(path.join(root, BUILT_WEB_SHELL), shellSeconds, shellSeconds);
  }
  return root;
}

describe('currentOfflineWorkerBuild (npm run web runs the built worker when it is current)', () => {
  it('names the built worker when it is newer than every source file', () => {
    const root = repository({ changedSeconds: 2_000, builtSeconds: 3_000 });
    expect(currentOfflineWorkerBuild(root)).toBe(path.join(root, BUILT_OFFLINE_WORKER));
  });

  it('is null when a source the worker is built from changed after the build', () => {
    expect(currentOfflineWorkerBuild(repository({ changedSeconds: 4_000, builtSeconds: 3_000 }))).toBeNull();
  });

  it('is null when there is no build', () => {
    expect(currentOfflineWorkerBuild(repository({ changedSeconds: 2_000, builtSeconds: null }))).toBeNull();
  });
});

describe('currentWebShellBuild (npm run web runs the built shell when it is current, scripts/web.mjs)', () => {
  it('names the built shell and worker when both are newer than every source file', () => {
    const root = repository({ changedSeconds: 2_000, builtSeconds: 3_000, shellSeconds: 3_000 });
    expect(currentWebShellBuild(root)).toEqual({ shell: path.join(root, BUILT_WEB_SHELL), offlineWorker: path.join(root, BUILT_OFFLINE_WORKER) });
  });

  it('is null when a source changed after the shell was built', () => {
    expect(currentWebShellBuild(repository({ changedSeconds: 4_000, builtSeconds: 5_000, shellSeconds: 3_000 }))).toBeNull();
  });

  it('is null when the worker it would run is stale, though the shell is not', () => {
    expect(currentWebShellBuild(repository({ changedSeconds: 4_000, builtSeconds: 3_000, shellSeconds: 5_000 }))).toBeNull();
  });

  it('is null when there is no built shell', () => {
    expect(currentWebShellBuild(repository({ changedSeconds: 2_000, builtSeconds: 3_000 }))).toBeNull();
  });
});
