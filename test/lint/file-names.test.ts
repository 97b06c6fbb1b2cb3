import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ignoredFolders } from './doc-references';

const root = path.resolve(import.meta.dirname, '../..');

/** Every file and folder of the repository, relative and with `/`, outside what git ignores. */
function repoEntries(): string[] {
  const ignored = ignoredFolders(root);
  const entries: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      if (relative === '' && ignored.has(entry.name)) continue;
      const name = relative === '' ? entry.name : `${relative}/${entry.name}`;
      entries.push(name);
      if (entry.isDirectory()) walk(name);
    }
  };
  walk('');
  return entries;
}

/**
 * Groups of entries that one case-insensitive disk (macOS, Windows) cannot tell apart: the same
 * path but for case, or, for files, the same module name but for case (`countAndOrder.ts` and
 * `CountAndOrder.tsx`: `./countAndOrder` names either, and one hides the other).
 */
export function caseClashes(entries: readonly string[]): string[][] {
  const stem = (entry: string) => entry.replace(/(?<=[^/])\.[^./]+$/, '');
  const groups = new Map<string, Set<string>>();
  for (const entry of entries) {
    const key = stem(entry).toLowerCase();
    groups.set(key, (groups.get(key) ?? new Set<string>()).add(entry));
  }
  // Entries whose stems differ only by case (`countAndOrder` and `CountAndOrder`); the same stem
  // in the same case with two extensions (`orders.ts` and the folder `orders`) is no clash.
  return [...groups.values()].map((group) => [...group].sort()).filter((group) => new Set(group.map(stem)).size > 1);
}

describe('no two names differ only by case', () => {
  it('finds files and folders that differ only by case, and files whose module names do', () => {
    expect(
      caseClashes([
        'renderer/features/guides/countAndOrder.ts',
        'renderer/features/guides/CountAndOrder.tsx',
        'renderer/features/guides/guideForm.ts',
        'docs/Readme.md',
        'docs/README.md',
        'server/Http',
        'server/http',
        'server/store/orders.ts',
        'server/store/orders',
        'test/a.test.ts',
        'test/a.ts',
      ]),
    ).toEqual([
      ['renderer/features/guides/CountAndOrder.tsx', 'renderer/features/guides/countAndOrder.ts'],
      ['docs/README.md', 'docs/Readme.md'],
      ['server/Http', 'server/http'],
    ]);
  });

  it('holds for every file and folder of the repository', () => {
    expect(caseClashes(repoEntries())).toEqual([]);
  });
});
