import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAIN_ENTRIES, MAIN_PROCESS_EXTERNALS, mainEntryPaths } from '../../scripts/main-entries';

const root = path.resolve(import.meta.dirname, '../..');

describe("the main process's build entries (vite.config.ts)", () => {
  it('names files that exist', () => {
    expect(Object.keys(mainEntryPaths(root))).toEqual(Object.keys(MAIN_ENTRIES));
  });

  it('fails the build on an entry whose file is missing, naming it', () => {
    expect(() => mainEntryPaths(root, { ...MAIN_ENTRIES, 'search-worker': 'electron/core/search/serch-worker.ts' })).toThrow(
      /search-worker \(electron\/core\/search\/serch-worker\.ts\)/,
    );
  });
});

describe("the main process's bundles", () => {
  // The browser shell and the offline worker load zod as they start; from node_modules (about 60
  // files to resolve and compile) it cost each thread 40-80 ms more CPU than a bundled chunk.
  it('bundle zod rather than load it from node_modules', () => {
    expect(MAIN_PROCESS_EXTERNALS).not.toContain('zod');
  });
});
