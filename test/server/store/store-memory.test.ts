import { describe, expect, it } from 'vitest';
import { runsOnGlibc } from '../../../server/db/release-memory';
import { openStore } from '../../../server/store';
import { largeBuffersFreed } from '../db/large-buffers';

// A file of its own: glibc's threshold is the process's, and each test file runs in a fresh one.
describe.runIf(runsOnGlibc())('the memory of a process that opened a store', () => {
  it('gives freed buffers of a megabyte and more back at once (openStore sets glibc to map them on their own)', { timeout: 180_000 }, async () => {
    let close = async () => {};
    const freed = await largeBuffersFreed(async () => {
      const opened = await openStore({ catalogSize: 50, publicBaseUrl: () => '', releaseMemory: () => undefined });
      close = () => opened.store.close();
    });
    await close();
    expect(freed).toEqual({ rose: true, keptUnder20MB: true, pinned: 40 });
  });
});
