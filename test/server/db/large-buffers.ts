import { readFileSync } from 'node:fs';
import { collectGarbage } from '../../../server/db/release-memory';

/** This process's resident memory in bytes, from /proc. */
export const residentBytes = () => Number(readFileSync('/proc/self/statm', 'utf8').split(' ')[1]) * 4096;

/**
 * Raises glibc's threshold as a freed 24 MB block does, then fills 80 MB of 2 MB buffers, each
 * followed by a small block that stays (as live objects sit between a heap's freed blocks, so no
 * freed buffer can leave by the heap's top shrinking), drops the buffers and collects: what rose,
 * and whether what stays resident afterwards is under 20 MB more than before.
 */
export async function largeBuffersFreed(setUp: () => Promise<unknown>): Promise<{ rose: boolean; keptUnder20MB: boolean; pinned: number }> {
  const raiseThreshold = () => Buffer.alloc(24 * 1024 * 1024, 1).length;
  raiseThreshold();
  collectGarbage();
  await new Promise((resolve) => setTimeout(resolve, 100));
  await setUp();
  collectGarbage();
  const start = residentBytes();
  const fillThenDrop = () => {
    const pins: Buffer[] = [];
    const buffers = Array.from({ length: 40 }, () => {
      const buffer = Buffer.alloc(2 * 1024 * 1024, 1);
      pins.push(Buffer.alloc(64 * 1024, 2));
      return buffer;
    });
    return { pins, peak: residentBytes() + 0 * buffers.length };
  };
  const { pins, peak } = fillThenDrop();
  collectGarbage();
  await new Promise((resolve) => setTimeout(resolve, 200));
  collectGarbage();
  return { rose: peak - start >= 60e6, keptUnder20MB: residentBytes() - start < 20e6, pinned: pins.length };
}
