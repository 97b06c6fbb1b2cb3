import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ARRAY_MAX, CHUNK_SIZE, CHUNK_WORDS, isBitmap, updateChunk, type Chunk } from '../../../electron/core/search/posting-chunks';

/** A chunk as stored: sorted offsets when at most ARRAY_MAX, else the bitmap; null when empty. */
function chunkOf(offsets: Iterable<number>): Chunk | null {
  const sorted = [...new Set(offsets)].sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  if (sorted.length <= ARRAY_MAX) return Uint16Array.from(sorted);
  const bitmap = new Uint32Array(CHUNK_WORDS);
  for (const offset of sorted) bitmap[offset >>> 5]! |= 1 << (offset & 31);
  return bitmap;
}

function offsetsOf(chunk: Chunk | null): number[] {
  if (!chunk) return [];
  if (!isBitmap(chunk)) return [...chunk];
  const offsets: number[] = [];
  for (let offset = 0; offset < CHUNK_SIZE; offset += 1) if ((chunk[offset >>> 5]! & (1 << (offset & 31))) !== 0) offsets.push(offset);
  return offsets;
}

const offset = fc.integer({ min: 0, max: CHUNK_SIZE - 1 });

/** A chunk's offsets, the offsets added and the ones removed: random, or new offsets appended past the chunk's last (as a sync adds its new products). */
const changes = fc.oneof(
  fc.record({ held: fc.array(offset, { maxLength: 900 }), added: fc.array(offset, { maxLength: 300 }), removed: fc.array(offset, { maxLength: 300 }) }),
  fc
    .tuple(fc.integer({ min: 0, max: CHUNK_SIZE }), fc.array(offset, { maxLength: 900 }), fc.array(offset, { maxLength: 600 }))
    .map(([split, below, above]) => ({
      held: below.map((value) => value % Math.max(1, split)).filter((value) => value < split),
      added: [...new Set(above.filter((value) => value >= split))].sort((a, b) => a - b),
      removed: [] as number[],
    })),
  fc.record({ held: fc.array(offset, { minLength: ARRAY_MAX + 1, maxLength: 1_500 }), added: fc.array(offset, { maxLength: 300 }), removed: fc.constant([] as number[]) }),
);

describe('updateChunk', () => {
  it('gives the chunk of (held − removed) ∪ added, as stored: offsets when at most ARRAY_MAX, else a bitmap, null when empty', () => {
    fc.assert(
      fc.property(changes, ({ held, added, removed }) => {
        const before = chunkOf(held);
        const copy = before && before.slice();
        const next = updateChunk(before, added, removed);
        const expected = new Set(held);
        for (const value of removed) expected.delete(value);
        for (const value of added) expected.add(value);
        const want = chunkOf(expected);
        expect(next === null).toBe(want === null);
        expect(next !== null && isBitmap(next)).toBe(want !== null && isBitmap(want));
        expect(offsetsOf(next)).toEqual(offsetsOf(want));
        // The chunk it was given is left as it was (a term's cached chunks may still hold it).
        expect(before && [...before]).toEqual(copy && [...copy]);
      }),
      { numRuns: 400 },
    );
  });

  it('appends offsets past the last without a bitmap, and grows a bitmap in place of a copy', () => {
    const appended = updateChunk(Uint16Array.from([3, 9]), [10, 200], []);
    expect(appended).toBeInstanceOf(Uint16Array);
    expect([...appended!]).toEqual([3, 9, 10, 200]);
    const full = chunkOf(Array.from({ length: ARRAY_MAX + 1 }, (_, index) => index * 2))!;
    const grown = updateChunk(full, [1], []);
    expect(grown).not.toBe(full);
    expect(offsetsOf(grown)).toEqual([...offsetsOf(full), 1].sort((a, b) => a - b));
    // Past ARRAY_MAX offsets become a bitmap, as before.
    expect(isBitmap(updateChunk(Uint16Array.from(Array.from({ length: ARRAY_MAX }, (_, index) => index)), [ARRAY_MAX], [])!)).toBe(true);
  });
});
