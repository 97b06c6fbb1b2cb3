import { describe, expect, it } from 'vitest';
import { launchOrder } from '../../bench/launch-order';

describe('launchOrder (bench:ui launches two trees in turn, each first in every other pair)', () => {
  it('launches the trees as given on even runs and reversed on odd ones', () => {
    expect([0, 1, 2, 3].map((run) => launchOrder(['this tree', 'the other'], run))).toEqual([
      ['this tree', 'the other'],
      ['the other', 'this tree'],
      ['this tree', 'the other'],
      ['the other', 'this tree'],
    ]);
  });

  it('leaves a single tree alone', () => {
    expect(launchOrder(['this tree'], 1)).toEqual(['this tree']);
  });
});
