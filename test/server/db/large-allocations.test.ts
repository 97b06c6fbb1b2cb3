import { describe, expect, it } from 'vitest';
import { mapLargeAllocations, runsOnGlibc } from '../../../server/db/release-memory';
import { largeBuffersFreed } from './large-buffers';

// A file of its own: glibc's threshold is the process's, and each test file runs in a fresh one.
describe.runIf(runsOnGlibc())('large allocations have mappings of their own', () => {
  it('after mapLargeAllocations, freed buffers of a megabyte and more leave memory at once, without a trim', async () => {
    expect(await largeBuffersFreed(async () => expect(mapLargeAllocations()).toBe(true))).toEqual({ rose: true, keptUnder20MB: true, pinned: 40 });
  });
});
