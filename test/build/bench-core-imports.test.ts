import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Every module `entry` loads when it starts: its static imports, followed through the repository
 * (packages are not followed, but named). What it imports with `import()` later is left out.
 */
async function loadedAtStart(entry: string): Promise<{ files: string[]; packages: string[] }> {
  const result = await build({ entryPoints: [path.join(root, entry)], bundle: true, write: false, metafile: true, platform: 'node', format: 'esm', packages: 'external', logLevel: 'silent', absWorkingDir: root });
  const inputs: Metafile['inputs'] = result.metafile.inputs;
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const imported of inputs[file]?.imports ?? []) {
      if (imported.kind !== 'import-statement') continue;
      if (imported.external) packages.add(imported.path);
      else visit(imported.path);
    }
  };
  visit(entry);
  return { files: [...files], packages: [...packages] };
}

const benchOwn = (file: string) => file.startsWith('test/') || (file.startsWith('bench/') && !['bench/query-set.ts', 'bench/feed-timeline.ts', 'bench/searched.ts', 'bench/plain-feed.ts', 'bench/core.ts', 'bench/core-memory.ts'].includes(file));

describe("bench:core measures the core, not the benchmark's own modules", () => {
  // Its browser, its app shell and its service held 45-50 MB of the main thread's heap (140 MB
  // resident) that bench:core reported as the core's, and made each of its garbage collections
  // during the sync longer.
  it.each(['bench/core.ts', 'bench/core-memory.ts'])('%s loads neither the browser nor the app phase at start', async (entry) => {
    const { files, packages } = await loadedAtStart(entry);
    expect(files.filter(benchOwn)).toEqual([]);
    expect(packages.filter((name) => name.includes('playwright'))).toEqual([]);
  });
});
