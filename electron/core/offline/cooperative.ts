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
