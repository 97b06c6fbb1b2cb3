import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createImageCache } from '../../../electron/core/images/image-cache';

const png = (size: number) => new Uint8Array(size).fill(7);

function fakeFetch(routes: Record<string, { status?: number; type?: string; body: Uint8Array | string }>) {
  const calls: string[] = [];
  const fetchImpl = (async (input: string | URL | Request) => {
    const url = String(input);
    calls.push(url);
    const route = routes[url];
    if (!route) throw new TypeError('fetch failed');
    return new Response(route.body as ConstructorParameters<typeof Response>[0], { status: route.status ?? 200, headers: route.type ? { 'content-type': route.type } : {} });
  }) as typeof fetch;
  return { fetchImpl, calls };
}

describe('image cache', () => {
  let dir: string;
  let clock: number;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'caseworks-images-'));
    clock = 1_000_000;
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('downloads once, then answers from disk, also after a restart and offline', async () => {
    const { fetchImpl, calls } = fakeFetch({ 'https://img.test/a.png': { type: 'image/png', body: png(100) } });
    const cache = createImageCache({ dir, fetch: fetchImpl, now: () => clock });
    const first = await cache.get('https://img.test/a.png');
    expect(first).toMatchObject({ ok: true, contentType: 'image/png', fromCache: false });
    const second = await cache.get('https://img.test/a.png');
    expect(second).toMatchObject({ ok: true, fromCache: true });
    expect(calls).toHaveLength(1);

    const offline = createImageCache({ dir, fetch: fakeFetch({}).fetchImpl });
    const reread = await offline.get('https://img.test/a.png');
    expect(reread.ok && reread.bytes.equals(Buffer.from(png(100)))).toBe(true);
    expect(await offline.get('https://img.test/other.png')).toMatchObject({ ok: false, retryable: true });
  });

  it('refuses what is not an image, too large, or not http(s), and stores nothing', async () => {
    const { fetchImpl } = fakeFetch({
      'https://img.test/page': { type: 'text/html', body: '<html>' },
      'https://img.test/huge.png': { type: 'image/png', body: png(2_000) },
      'https://img.test/missing.png': { status: 404, type: 'image/png', body: '' },
    });
    const cache = createImageCache({ dir, fetch: fetchImpl, maxImageBytes: 1_000 });
    expect(await cache.get('https://img.test/page')).toMatchObject({ ok: false, failure: 'not_image', error: 'The address did not return an image.' });
    expect(await cache.get('https://img.test/huge.png')).toMatchObject({ ok: false, failure: 'too_large', error: 'The image is too large to keep offline.' });
    expect(await cache.get('https://img.test/missing.png')).toMatchObject({ ok: false, retryable: false });
    expect(await cache.get('file:///etc/passwd')).toMatchObject({ ok: false });
    expect(await readdir(dir)).toEqual([]);
  });

  it('evicts the least recently used images once over the size bound', async () => {
    const routes = Object.fromEntries(['a', 'b', 'c'].map((name) => [`https://img.test/${name}.png`, { type: 'image/png', body: png(400) }]));
    const { fetchImpl, calls } = fakeFetch(routes);
    const cache = createImageCache({ dir, fetch: fetchImpl, maxBytes: 1_000, now: () => clock });
    await cache.get('https://img.test/a.png');
    clock += 1;
    await cache.get('https://img.test/b.png');
    clock += 1;
    await cache.get('https://img.test/a.png');
    clock += 1;
    await cache.get('https://img.test/c.png');
    expect(await cache.has('https://img.test/b.png')).toBe(false);
    expect(await cache.has('https://img.test/a.png')).toBe(true);
    expect(await cache.has('https://img.test/c.png')).toBe(true);
    expect(await cache.sizeOnDisk()).toBeLessThanOrEqual(1_000);
    expect(calls.filter((url) => url.endsWith('a.png'))).toHaveLength(1);
  });

  it('a damaged file is dropped and downloaded again; clear reports the bytes freed', async () => {
    const { fetchImpl, calls } = fakeFetch({ 'https://img.test/a.png': { type: 'image/png', body: png(50) } });
    const cache = createImageCache({ dir, fetch: fetchImpl });
    await cache.get('https://img.test/a.png');
    const [file] = await readdir(dir);
    await writeFile(join(dir, file!), 'garbage without a header line');
    const restarted = createImageCache({ dir, fetch: fetchImpl });
    expect(await restarted.get('https://img.test/a.png')).toMatchObject({ ok: true, fromCache: false });
    expect(calls).toHaveLength(2);
    const size = await restarted.sizeOnDisk();
    expect(size).toBeGreaterThan(50);
    expect(await restarted.clear()).toBe(size);
    expect(await readdir(dir)).toEqual([]);
  });

  it('downloads an image requested twice at once only once', async () => {
    const { fetchImpl, calls } = fakeFetch({ 'https://img.test/a.png': { type: 'image/png; charset=binary', body: png(10) } });
    const cache = createImageCache({ dir, fetch: fetchImpl });
    const [one, two] = await Promise.all([cache.get('https://img.test/a.png'), cache.get('https://img.test/a.png')]);
    expect(one).toMatchObject({ ok: true, contentType: 'image/png' });
    expect(two).toMatchObject({ ok: true });
    expect(calls).toHaveLength(1);
  });
});
