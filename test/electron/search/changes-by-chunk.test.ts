import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHUNK_SIZE } from '../../../electron/core/search/posting-chunks';
import { changesByChunk } from '../../../electron/core/search/posting-store';

/** Each position put in its chunk one by one, removed ones first: the split as it was made before runs were cut. */
function oneByOne(added: number[], removed: number[]) {
  const byChunk = new Map<number, { added: number[]; removed: number[] }>();
  const at = (position: number) => {
    const index = Math.floor(position / CHUNK_SIZE);
    if (!byChunk.has(index)) byChunk.set(index, { added: [], removed: [] });
    return byChunk.get(index)!;
  };
  for (const position of removed) at(position).removed.push(position % CHUNK_SIZE);
  for (const position of added) at(position).added.push(position % CHUNK_SIZE);
  return byChunk;
}

const position = fc.integer({ min: 0, max: 6 * CHUNK_SIZE });
const change = fc.oneof(
  fc.record({ added: fc.array(position, { maxLength: 80 }), removed: fc.array(position, { maxLength: 20 }) }),
  fc.uniqueArray(position, { maxLength: 300 }).map((positions) => ({ added: positions.sort((a, b) => a - b), removed: [] as number[] })),
);

describe('changesByChunk', () => {
  it('splits a change by chunk as putting each position in its chunk does, increasing runs included', () => {
    fc.assert(
      fc.property(change, ({ added, removed }) => {
        expect([...changesByChunk({ added, removed })]).toEqual([...oneByOne(added, removed)]);
      }),
      { numRuns: 2_000 },
    );
  });
});
