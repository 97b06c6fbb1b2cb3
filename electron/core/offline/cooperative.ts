import { createHash } from 'node:crypto';

/** Long loops give the event loop a turn about this often, so the main process stays responsive. */
const SLICE_MS = 8;

export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs `step` for every index, yielding between slices of about 8 ms. Used for parsing and
 * serializing large datasets in the main process without blocking it for hundreds of milliseconds.
 */
export async function forEachCooperatively(count: number, step: (index: number) => void): Promise<void> {
  let sliceStart = performance.now();
  for (let index = 0; index < count; index += 1) {
    step(index);
    if ((index & 31) === 31 && performance.now() - sliceStart > SLICE_MS) {
      await yieldToEventLoop();
      sliceStart = performance.now();
    }
  }
}

const HASH_CHUNK_BYTES = 4 * 1024 * 1024;

/** SHA-256 of a buffer, hashed in chunks with a yield between them. */
export async function sha256Cooperatively(data: Buffer): Promise<string> {
  const hash = createHash('sha256');
  for (let start = 0; start < data.length; start += HASH_CHUNK_BYTES) {
    hash.update(data.subarray(start, start + HASH_CHUNK_BYTES));
    if (start + HASH_CHUNK_BYTES < data.length) await yieldToEventLoop();
  }
  return hash.digest('hex');
}

/**
 * Joins byte strings into one buffer, each followed by `terminator` when given, copying in slices
 * with yields between them: copying a 30 MB catalog in one go held the main thread for ~100 ms.
 */
export async function concatCooperatively(parts: readonly Uint8Array[], terminator?: number): Promise<Buffer> {
  const extra = terminator === undefined ? 0 : 1;
  let total = 0;
  for (const part of parts) total += part.byteLength + extra;
  const joined = Buffer.allocUnsafe(total);
  let offset = 0;
  await forEachCooperatively(parts.length, (index) => {
    const part = parts[index]!;
    joined.set(part, offset);
    offset += part.byteLength;
    if (terminator !== undefined) joined[offset++] = terminator;
  });
  return joined;
}

/** Splits a buffer at every `separator` byte without decoding it; a trailing separator ends the last part. */
export async function splitCooperatively(data: Buffer, separator: number): Promise<Buffer[]> {
  const parts: Buffer[] = [];
  let start = 0;
  let sliceStart = performance.now();
  while (start < data.length) {
    const end = data.indexOf(separator, start);
    if (end < 0) {
      parts.push(data.subarray(start));
      break;
    }
    parts.push(data.subarray(start, end));
    start = end + 1;
    if ((parts.length & 1023) === 0 && performance.now() - sliceStart > SLICE_MS) {
      await yieldToEventLoop();
      sliceStart = performance.now();
    }
  }
  return parts;
}
