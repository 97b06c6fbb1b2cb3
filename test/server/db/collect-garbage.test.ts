import { describe, expect, it } from 'vitest';
import { collectGarbage } from '../../../server/db/collect-garbage';

describe('collectGarbage', () => {
  it('collects, at once, an object nothing references any more', async () => {
    let ref: WeakRef<object> | undefined;
    (() => {
      ref = new WeakRef({ rows: new Array(10_000).fill(0) });
    })();
    const nextJob = () => new Promise((resolve) => setImmediate(resolve));
    // A WeakRef keeps its target alive until the end of the job that made or read it.
    await nextJob();
    const heldBefore = ref!.deref() !== undefined;
    await nextJob();
    collectGarbage();
    // Booleans, not the object: an assertion given the object would keep it alive.
    expect({ heldBefore, heldAfter: ref!.deref() !== undefined }).toEqual({ heldBefore: true, heldAfter: false });
  });
});
