import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { newestModifications, rendererBuildIsCurrent } from '../../../electron/web/renderer-build';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A repository-shaped folder: sources under renderer/ and shared/, a build in dist/renderer. */
function repository({ sourceSeconds, builtSeconds }: { sourceSeconds: number; builtSeconds: number | null }): string {
  const root = mkdtempSync(path.join(tmpdir(), 'caseworks-renderer-build-'));
  roots.push(root);
  for (const file of ['renderer/features/catalog/CatalogScreen.tsx', 'shared/index.ts']) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), 'export {};');
    utimesSync(path.join(root, file), 1_000, 1_000);
  }
  utimesSync(path.join(root, 'renderer/features/catalog/CatalogScreen.tsx'), sourceSeconds, sourceSeconds);
  if (builtSeconds !== null) {
    mkdirSync(path.join(root, 'dist', 'renderer'), { recursive: true });
    writeFileSync(path.join(root, 'dist', 'renderer', 'index.html'), '<!doctype html>');
    utimesSync(path.join(root, 'dist', 'renderer', 'index.html'), builtSeconds, builtSeconds);
  }
  return root;
}

describe('rendererBuildIsCurrent (npm run web skips the build when it holds)', () => {
  it('is true when the build is newer than every source file', () => {
    expect(rendererBuildIsCurrent(repository({ sourceSeconds: 2_000, builtSeconds: 3_000 }))).toBe(true);
  });

  it('is false when a source file, however deep, changed after the build', () => {
    expect(rendererBuildIsCurrent(repository({ sourceSeconds: 4_000, builtSeconds: 3_000 }))).toBe(false);
  });

  it('is false when there is no build', () => {
    expect(rendererBuildIsCurrent(repository({ sourceSeconds: 2_000, builtSeconds: null }))).toBe(false);
  });
});

describe('newestModifications (one walk of each source folder for a start’s freshness checks)', () => {
  it('walks a folder once however often it is asked for, and gives its newest file', () => {
    const root = repository({ sourceSeconds: 2_000, builtSeconds: 3_000 });
    const newest = newestModifications(root);
    expect(newest('renderer')).toBe(2_000_000);
    utimesSync(path.join(root, 'renderer/features/catalog/CatalogScreen.tsx'), 4_000, 4_000);
    expect(newest('renderer'), 'the first walk’s answer').toBe(2_000_000);
    expect(rendererBuildIsCurrent(root, newest)).toBe(true);
    expect(rendererBuildIsCurrent(root), 'a new walk sees the change').toBe(false);
    expect(newestModifications(root)('renderer')).toBe(4_000_000);
  });
});
