import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { collectGarbage, nativeHeapTrim, releaseFreedMemory, runsOnGlibc } from '../../../server/db/release-memory';

const nextJob = () => new Promise((resolve) => setImmediate(resolve));

/** This process's resident memory in bytes, from /proc. */
const residentBytes = () => Number(readFileSync('/proc/self/statm', 'utf8').split(' ')[1]) * 4096;

describe('collectGarbage', () => {
  it('collects, at once, an object nothing references any more', async () => {
    let ref: WeakRef<object> | undefined;
    (() => {
      ref = new WeakRef({ rows: new Array(10_000).fill(0) });
    })();
    // A WeakRef keeps its target alive until the end of the job that made or read it.
    await nextJob();
    const heldBefore = ref!.deref() !== undefined;
    await nextJob();
    collectGarbage();
    // Booleans, not the object: an assertion given the object would keep it alive.
    expect({ heldBefore, heldAfter: ref!.deref() !== undefined }).toEqual({ heldBefore: true, heldAfter: false });
  });
});

describe('releaseFreedMemory', () => {
  it('trims the C heap after collecting, and says whether pages went back', () => {
    const calls: number[] = [];
    expect(releaseFreedMemory((pad) => (calls.push(pad), 1))).toBe(true);
    expect(releaseFreedMemory((pad) => (calls.push(pad), 0))).toBe(false);
    expect(calls).toEqual([0, 0]);
    // Where there is no trim (not glibc, or koffi missing), it only collects.
    expect(releaseFreedMemory(null)).toBe(false);
  });

  it.runIf(runsOnGlibc())('gives back freed memory that glibc kept resident in the middle of its heap', async () => {
    const trim = nativeHeapTrim();
    expect(trim).not.toBeNull();
    // 60 MB of buffers of 100 KB (below glibc's mmap threshold, so they come from a malloc heap),
    // touched so they are resident, then one kept after them so the heap's top cannot shrink.
    const fillThenDrop = () => {
      const buffers = Array.from({ length: 600 }, () => Buffer.alloc(100 * 1024, 1));
      return { pin: Buffer.alloc(100 * 1024, 2), filled: buffers.reduce((sum, buffer) => sum + buffer.length, 0) };
    };
    const { pin, filled } = fillThenDrop();
    collectGarbage();
    // V8 frees array buffers' memory on a background thread after the collection.
    await new Promise((resolve) => setTimeout(resolve, 200));
    collectGarbage();
    const before = residentBytes();
    releaseFreedMemory(trim);
    const after = residentBytes();
    expect({ filled, pinned: pin.length, gaveBackAtLeast30MB: before - after >= 30e6 }).toEqual({ filled: 600 * 100 * 1024, pinned: 100 * 1024, gaveBackAtLeast30MB: true });
  });
});
