import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { HEAP_GROWING_FLAG, HEAP_GROWING_PERCENT, tuneHeapGrowth } from '../../server/heap-growth';

const nodeAccepts = (flag: string) => spawnSync(process.execPath, [flag, '-e', '0'], { encoding: 'utf8' }).status;

describe('the service heap growth', () => {
  it('sets V8 heap growing factor by its flag', () => {
    const set: string[] = [];
    tuneHeapGrowth((flags) => set.push(flags));
    expect(set).toEqual([`--heap-growing-percent=${HEAP_GROWING_PERCENT}`]);
  });

  it('names a flag this Node knows (a misspelt one is refused)', () => {
    expect(nodeAccepts(HEAP_GROWING_FLAG)).toBe(0);
    expect(nodeAccepts(HEAP_GROWING_FLAG.replace('growing', 'grow'))).not.toBe(0);
  });
});
