import { describe, expect, it } from 'vitest';
import type { DatasetName } from '../../../shared/bridge';
import { datasetQueryRoots, queryKeys, type QueryRoot } from '../../../renderer/lib/queryKeys';

/** The first element of every key `queryKeys` can make (functions are called with placeholder arguments). */
function rootsOfQueryKeys(): Set<unknown> {
  return new Set(
    Object.values(queryKeys).map((entry) => (typeof entry === 'function' ? (entry as (...args: unknown[]) => readonly unknown[])('x', 'x', 'x', 1) : entry)[0]),
  );
}

describe('datasetQueryRoots', () => {
  it('names only roots that queryKeys makes, so a change event invalidates real queries', () => {
    const roots = rootsOfQueryKeys();
    for (const dataset of Object.keys(datasetQueryRoots) as DatasetName[]) {
      for (const root of datasetQueryRoots[dataset]) expect(roots.has(root), `${dataset}: ${root}`).toBe(true);
    }
  });

  it('is typed against queryKeys: a misspelt root does not compile', () => {
    // @ts-expect-error 'prodcut' is no root of queryKeys (tsc -p tsconfig.web.json fails if this compiles)
    const misspelt: QueryRoot = 'prodcut';
    const spelt: QueryRoot = 'product';
    expect([misspelt, spelt]).toHaveLength(2);
  });
});
