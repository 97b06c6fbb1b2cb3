import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAIN_ENTRIES, mainEntryPaths } from '../../scripts/main-entries';

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
