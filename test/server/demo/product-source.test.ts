import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { createHash } from 'node:crypto';
import { demoCopyInput, demoProductsHere, demoProductsInWorker, type ChunkShare, type DemoProductSource } from '../../../server/demo/product-source';

const options = { catalogSize: 12_345, now: new Date('2026-11-22T09:00:00.000Z'), seed: 7, listingIndex: true };

async function drain(source: DemoProductSource): Promise<{ text: string; counts: number[]; people: unknown }> {
  const decoder = new TextDecoder();
  let text = '';
  const counts: number[] = [];
  try {
    for await (const chunk of source.chunks()) {
      text += decoder.decode(chunk.bytes);
      counts.push(chunk.count);
    }
    return { text, counts, people: await source.people() };
  } finally {
    await source.close();
  }
}

describe('the demo products as COPY text', () => {
  it('are the same made in a worker thread as on this one: suppliers, every line, and the people drawn after', { timeout: 120_000 }, async () => {
    const here = demoProductsHere(options);
    const inWorker = await demoProductsInWorker(options);
    expect(inWorker.suppliers).toEqual(here.suppliers);
    const [fromHere, fromWorker] = [await drain(here), await drain(inWorker)];
    expect(fromWorker.counts).toEqual(fromHere.counts);
    expect(fromWorker.counts.reduce((sum, count) => sum + count, 0)).toBe(options.catalogSize);
    expect(fromWorker.text).toBe(fromHere.text);
    expect(fromWorker.people).toEqual(fromHere.people);
  });

  it('are the same chunks written by sources sharing them in turns as by one, each drawing every product', () => {
    const digests = (share?: ChunkShare) =>
      [...demoCopyInput({ ...options, listingIndex: false, share }).chunks].map((chunk) => `${chunk.count} ${createHash('sha256').update(chunk.bytes).digest('hex')}`);
    const whole = digests();
    expect(whole).toHaveLength(3);
    expect([0, 1, 2].map((index) => digests({ index, of: 3 }))).toEqual(whole.map((chunk) => [chunk]));
    const [even, odd] = [0, 1].map((index) => digests({ index, of: 2 }));
    expect([even![0], odd![0], even![1]]).toEqual(whole);
    expect([even, odd].map((chunks) => chunks!.length)).toEqual([2, 1]);
  });

  it('are the same from one worker as from two', { timeout: 120_000 }, async () => {
    const [one, two] = [await drain(await demoProductsInWorker(options, undefined, 1)), await drain(await demoProductsInWorker(options, undefined, 2))];
    expect(one.counts).toEqual(two.counts);
    expect(one.text).toBe(two.text);
    expect(one.people).toEqual(two.people);
  });

  it('refuse the buyers before every product was taken', { timeout: 120_000 }, async () => {
    const source = await demoProductsInWorker(options);
    try {
      await expect(source.people()).rejects.toThrow('the demo products must all be taken');
    } finally {
      await source.close();
    }
  });

  it('collect no listings index when not asked to (seeding on PostgreSQL reads its own), here and in a worker', { timeout: 120_000 }, async () => {
    const unasked = { ...options, catalogSize: 2_000, listingIndex: false };
    for (const source of [demoProductsHere(unasked), await demoProductsInWorker(unasked)]) {
      await drain(source);
      expect(await source.listingIndex()).toBeNull();
    }
    const asked = demoProductsHere({ ...unasked, listingIndex: true });
    await drain(asked);
    expect((await asked.listingIndex())?.count).toBe(2_000);
  });

  it('are not made in a worker that cannot start: the promise rejects, so seeding makes them on its own thread', { timeout: 60_000 }, async () => {
    await expect(demoProductsInWorker(options, join(tmpdir(), 'no-such-product-worker.ts'))).rejects.toThrow();
  });
});
