import { describe, expect, it } from 'vitest';
import { topByScore } from '../../../electron/core/search/top-scores';

describe('topByScore', () => {
  it('returns the best entries in order, ties broken by the lower position, like a full sort', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647);
    const size = 5_000;
    const scores = Float32Array.from({ length: size }, () => Math.round(random() * 50) / 10);
    const positions = Int32Array.from({ length: size }, (_, index) => size - index);
    const candidates = Array.from({ length: size }, (_, index) => index).filter((index) => index % 3 !== 0);
    const sorted = [...candidates].sort((a, b) => scores[b]! - scores[a]! || positions[a]! - positions[b]!);
    for (const count of [1, 10, 60, 1_000, candidates.length, candidates.length + 5]) {
      expect(topByScore(candidates, scores, positions, count), String(count)).toEqual(sorted.slice(0, count));
    }
  });

  it('returns nothing for no candidates or no room', () => {
    expect(topByScore([], new Float32Array(0), new Int32Array(0), 10)).toEqual([]);
    expect(topByScore([0], Float32Array.of(1), Int32Array.of(0), 0)).toEqual([]);
  });
});
