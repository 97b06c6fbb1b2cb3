/**
 * Which products hold a term, one chunk of positions at a time (roaring bitmaps' idea, at a smaller
 * chunk): a chunk covers `CHUNK_SIZE` consecutive product positions and is stored as the sorted
 * offsets of the positions it holds when they are few, or as a bitmap of the whole chunk when they
 * are many. Both fit in 512 bytes, so a chunk is one small row of the database and a term's chunks
 * are read in one range of row ids.
 */

/** Positions per chunk: 4,096, so a chunk's bitmap is 512 bytes. */
export const CHUNK_BITS = 12;
export const CHUNK_SIZE = 1 << CHUNK_BITS;
/** 32-bit words of a chunk's bitmap. */
export const CHUNK_WORDS = CHUNK_SIZE / 32;
/**
 * A chunk holding at most this many positions is stored as their sorted offsets (2 bytes each, at
 * most 510 bytes); more, as the 512-byte bitmap. The two are told apart by their length.
 */
export const ARRAY_MAX = CHUNK_WORDS * 2 - 1;
const BITMAP_BYTES = CHUNK_WORDS * 4;

/** Sorted offsets within the chunk, or the chunk's bitmap (`CHUNK_WORDS` words). */
export type Chunk = Uint16Array | Uint32Array;

export const isBitmap = (chunk: Chunk): chunk is Uint32Array => chunk instanceof Uint32Array;

/** How many positions a chunk holds. */
export function chunkCardinality(chunk: Chunk): number {
  if (!isBitmap(chunk)) return chunk.length;
  let count = 0;
  for (let index = 0; index < CHUNK_WORDS; index += 1) count += popcount(chunk[index]!);
  return count;
}

export function popcount(word: number): number {
  let value = word - ((word >>> 1) & 0x55555555);
  value = (value & 0x33333333) + ((value >>> 2) & 0x33333333);
  return (((value + (value >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Sets the chunk's positions in `target`, a bitmap of all positions, whose word `wordOffset` is the chunk's first. */
export function orChunkInto(target: Uint32Array, wordOffset: number, chunk: Chunk): void {
  if (isBitmap(chunk)) {
    for (let index = 0; index < CHUNK_WORDS; index += 1) target[wordOffset + index]! |= chunk[index]!;
    return;
  }
  for (let index = 0; index < chunk.length; index += 1) {
    const offset = chunk[index]!;
    target[wordOffset + (offset >>> 5)]! |= 1 << (offset & 31);
  }
}

/** The chunk as a bitmap (a new one). */
function toBitmap(chunk: Chunk | null): Uint32Array {
  const bitmap = new Uint32Array(CHUNK_WORDS);
  if (chunk) orChunkInto(bitmap, 0, chunk);
  return bitmap;
}

/** The smaller form of a bitmap: its sorted offsets when it holds at most `ARRAY_MAX`; null when empty. */
function compact(bitmap: Uint32Array): Chunk | null {
  let count = 0;
  for (let index = 0; index < CHUNK_WORDS; index += 1) count += popcount(bitmap[index]!);
  if (count === 0) return null;
  if (count > ARRAY_MAX) return bitmap;
  const offsets = new Uint16Array(count);
  let next = 0;
  for (let index = 0; index < CHUNK_WORDS; index += 1) {
    let word = bitmap[index]!;
    while (word !== 0) {
      const lowest = word & -word;
      offsets[next++] = (index << 5) + 31 - Math.clz32(lowest);
      word ^= lowest;
    }
  }
  return offsets;
}

/** Whether offsets are strictly increasing and all past `after`. */
function increasingPast(offsets: readonly number[], after: number): boolean {
  let last = after;
  for (const offset of offsets) {
    if (offset <= last) return false;
    last = offset;
  }
  return true;
}

/**
 * The chunk with `added` offsets set and `removed` ones cleared; null when nothing is left.
 * Two cases skip the bitmap made and compacted again, each giving what it would: offsets added
 * past a chunk's last that keep it at most `ARRAY_MAX` long (a sync appends its new products at
 * the catalog's end), and offsets added to a bitmap, which only grows. Most of a first sync's
 * changes to a term are one of them.
 */
export function updateChunk(chunk: Chunk | null, added: readonly number[], removed: readonly number[]): Chunk | null {
  if (removed.length === 0 && added.length > 0) {
    if (chunk && isBitmap(chunk)) {
      const grown = chunk.slice();
      for (const offset of added) grown[offset >>> 5]! |= 1 << (offset & 31);
      return grown;
    }
    const length = chunk ? chunk.length : 0;
    if (length + added.length <= ARRAY_MAX && increasingPast(added, length > 0 ? chunk![length - 1]! : -1)) {
      const appended = new Uint16Array(length + added.length);
      if (chunk) appended.set(chunk);
      appended.set(added, length);
      return appended;
    }
  }
  const bitmap = toBitmap(chunk);
  for (const offset of removed) bitmap[offset >>> 5]! &= ~(1 << (offset & 31));
  for (const offset of added) bitmap[offset >>> 5]! |= 1 << (offset & 31);
  return compact(bitmap);
}

/** The bytes stored for a chunk (little-endian, as typed arrays are on every platform Electron runs on). */
export function encodeChunk(chunk: Chunk): Buffer {
  return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

/** A stored chunk read back; throws on bytes that cannot be a chunk. */
export function decodeChunk(bytes: Uint8Array): Chunk {
  if (bytes.byteLength === BITMAP_BYTES) {
    const bitmap = new Uint32Array(CHUNK_WORDS);
    new Uint8Array(bitmap.buffer).set(bytes);
    return bitmap;
  }
  if (bytes.byteLength % 2 !== 0 || bytes.byteLength > ARRAY_MAX * 2) throw new Error(`a posting chunk of ${bytes.byteLength} bytes`);
  const offsets = new Uint16Array(bytes.byteLength / 2);
  new Uint8Array(offsets.buffer).set(bytes);
  return offsets;
}

export const chunkBytes = (chunk: Chunk) => chunk.byteLength;
