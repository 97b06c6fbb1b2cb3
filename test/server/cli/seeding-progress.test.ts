import { describe, expect, it } from 'vitest';
import { SEEDING_PROGRESS_FROM, seedingProgress } from '../../../server/seeding-progress';

describe('what the CLI says while it seeds', () => {
  it('says a line at each tenth of a large catalog, the last one naming the indexes next', () => {
    const progress = seedingProgress();
    const lines = Array.from({ length: 200 }, (_, chunk) => progress((chunk + 1) * 5_000, 1_000_000)).filter((line) => line !== null);
    expect(lines).toHaveLength(10);
    expect(lines[0]).toBe('seeding the demo catalog: 100,000 of 1,000,000 products written');
    expect(lines.at(-1)).toBe('seeding the demo catalog: 1,000,000 of 1,000,000 products written; building its indexes (a minute at a million)');
  });

  it('says each tenth once when a chunk passes more than one, and nothing for a small catalog', () => {
    const progress = seedingProgress();
    expect(progress(250_000, 1_000_000)).toBe('seeding the demo catalog: 250,000 of 1,000,000 products written');
    expect(progress(290_000, 1_000_000)).toBeNull();
    expect(progress(300_000, 1_000_000)).not.toBeNull();
    const small = seedingProgress();
    expect([5_000, 50_000].map((written) => small(written, SEEDING_PROGRESS_FROM - 1))).toEqual([null, null]);
  });
});
