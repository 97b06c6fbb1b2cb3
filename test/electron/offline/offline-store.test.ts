import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CacheProblem } from '../../../electron/core/offline/cache-format';
import { createOfflineStore, type StoreScope } from '../../../electron/core/offline/offline-store';

const alice: StoreScope = { baseUrl: 'http://127.0.0.1:4000/api/v1', accountId: 'org_alice' };
const bob: StoreScope = { ...alice, accountId: 'org_bob' };
const savedAt = '2026-11-22T08:00:00.000Z';

describe('offline store', () => {
  let dataDir: string;
  let problems: CacheProblem[];
  let store: ReturnType<typeof createOfflineStore>;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'caseworks-store-'));
    problems = [];
    store = createOfflineStore({ dataDir, onProblem: (problem) => problems.push(problem) });
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  const writeSuppliers = () =>
    store.write('suppliers', alice, {
      savedAt,
      etags: { 'page:1': 'W/"a"' },
      count: 2,
      records: [{ id: 'sup_1', name: 'One\nwith a line break' }, { id: 'sup_2', name: 'Two' }],
      meta: { totalPages: 1 },
    });

  it('round-trips records, ETags and meta through a file', async () => {
    await writeSuppliers();
    const read = await store.read<{ id: string; name: string }>('suppliers', alice);
    expect(read?.records.map((record) => record.name)).toEqual(['One\nwith a line break', 'Two']);
    expect(read?.header).toMatchObject({ format: 'caseworks-cache', version: 1, savedAt, count: 2, etags: { 'page:1': 'W/"a"' }, meta: { totalPages: 1 } });
    expect((await store.readHeader('suppliers', alice))?.count).toBe(2);
    expect(problems).toEqual([]);
  });

  it('writes atomically: no temporary files remain and a rewrite replaces the whole file', async () => {
    await writeSuppliers();
    await store.write('suppliers', alice, { savedAt, etags: {}, count: 0, records: [] });
    const folder = join(store.pathOf('suppliers', alice), '..');
    expect(await readdir(folder)).toEqual(['suppliers.cache']);
    expect((await store.read('suppliers', alice))?.records).toEqual([]);
  });

  it('public data is shared across accounts of one service, private data is not', async () => {
    await writeSuppliers();
    await store.write('orders', alice, { savedAt, etags: {}, count: 1, records: [{ id: 'ord_1' }] });
    expect((await store.read('suppliers', bob))?.header.count).toBe(2);
    expect(await store.read('orders', bob)).toBeNull();
    expect((await store.read('orders', alice))?.records).toEqual([{ id: 'ord_1' }]);
  });

  it('clearAccount removes only that account’s private data and reports the freed bytes', async () => {
    await writeSuppliers();
    await store.write('orders', alice, { savedAt, etags: {}, count: 1, records: [{ id: 'ord_1' }] });
    await store.write('account', bob, { savedAt, etags: {}, count: 1, records: [{ id: 'org_bob' }] });
    const freed = await store.clearAccount(alice);
    expect(freed).toBeGreaterThan(0);
    expect(await store.read('orders', alice)).toBeNull();
    expect(await store.read('account', bob)).not.toBeNull();
    expect(await store.read('suppliers', alice)).not.toBeNull();
  });

  it('clearAll removes everything and reports exactly the bytes that were on disk', async () => {
    await writeSuppliers();
    await store.write('orders', alice, { savedAt, etags: {}, count: 1, records: [{ id: 'ord_1' }] });
    const before = await store.sizeOnDisk();
    const expected = (await stat(store.pathOf('suppliers', alice))).size + (await stat(store.pathOf('orders', alice))).size;
    expect(before).toBe(expected);
    expect(await store.clearAll()).toBe(before);
    expect(await store.sizeOnDisk()).toBe(0);
    expect(await store.read('suppliers', alice)).toBeNull();
  });

  it('a truncated file is moved aside, reported and read as absent', async () => {
    await writeSuppliers();
    const file = store.pathOf('suppliers', alice);
    await truncate(file, (await stat(file)).size - 5);
    expect(await store.read('suppliers', alice)).toBeNull();
    expect(problems).toEqual([expect.objectContaining({ dataset: 'suppliers', reason: 'truncated', movedTo: `${file}.bad` })]);
    expect(await readdir(join(file, '..'))).toEqual(['suppliers.cache.bad']);
    await writeSuppliers();
    expect((await store.read('suppliers', alice))?.header.count).toBe(2);
  });

  it('a file with flipped bytes in its body fails the checksum', async () => {
    await writeSuppliers();
    const file = store.pathOf('suppliers', alice);
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace('"Two"', '"Tw0"'));
    expect(await store.read('suppliers', alice)).toBeNull();
    expect(problems[0]?.reason).toBe('corrupt');
  });

  it('garbage, a foreign file and another version are all discarded without throwing', async () => {
    const file = store.pathOf('suppliers', alice);
    await writeSuppliers();
    await writeFile(file, Buffer.from([0xff, 0x00, 0x13, 0x37]));
    expect(await store.read('suppliers', alice)).toBeNull();

    await writeFile(file, '{"name":"some other program"}\n[]\n');
    expect(await store.read('suppliers', alice)).toBeNull();

    await writeSuppliers();
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace('"version":1', '"version":0'));
    expect(await store.readHeader('suppliers', alice)).toBeNull();

    expect(problems.map((problem) => problem.reason)).toEqual(['corrupt', 'foreign', 'outdated']);
  });

  it('a file copied from another account is refused as foreign', async () => {
    await store.write('orders', alice, { savedAt, etags: {}, count: 1, records: [{ id: 'ord_1' }] });
    const { copyFile, mkdir } = await import('node:fs/promises');
    await mkdir(join(store.pathOf('orders', bob), '..'), { recursive: true });
    await copyFile(store.pathOf('orders', alice), store.pathOf('orders', bob));
    expect(await store.read('orders', bob)).toBeNull();
    expect(problems).toEqual([expect.objectContaining({ reason: 'foreign', dataset: 'orders' })]);
  });

  describe('serialized lines', () => {
    const pages = [
      { page: 1, items: [{ id: 'p1', name: 'Rosé d’été' }] },
      { page: 2, items: [{ id: 'p2', name: 'Two\nlines' }, { id: 'p3', name: '🍷' }] },
    ];
    const line = (record: unknown) => Buffer.from(JSON.stringify(record), 'utf8');

    it('serialized lines are written byte for byte as write() would write the same records', async () => {
      await store.writeLines('catalog', alice, { savedAt, etags: { 'page:1': '"a"' }, count: 3, lines: pages.map(line), meta: { totalPages: 2 } });
      const fromLines = await readFile(store.pathOf('catalog', alice));
      await store.write('catalog', alice, { savedAt, etags: { 'page:1': '"a"' }, count: 3, records: pages, meta: { totalPages: 2 } });
      expect(await readFile(store.pathOf('catalog', alice))).toEqual(fromLines);
      expect((await store.read('catalog', alice))?.records).toEqual(pages);
    });

    it('readLines returns each record as the bytes of its line, unparsed and verified', async () => {
      await store.writeLines('catalog', alice, { savedAt, etags: {}, count: 3, lines: pages.map(line) });
      const read = await store.readLines('catalog', alice);
      expect(read?.header).toMatchObject({ records: 2, count: 3 });
      expect(read?.records.map((bytes) => bytes.toString('utf8'))).toEqual(pages.map((record) => JSON.stringify(record)));
      expect(await store.readLines('catalog', bob)).toEqual(await store.readLines('catalog', alice));
      expect(await store.readLines('orders', alice)).toBeNull();
      expect(problems).toEqual([]);
    });

    it('an empty dataset round-trips as no lines', async () => {
      await store.writeLines('catalog', alice, { savedAt, etags: {}, count: 0, lines: [] });
      expect((await store.readLines('catalog', alice))?.records).toEqual([]);
      expect((await store.read('catalog', alice))?.records).toEqual([]);
    });

    it('a body whose last record lost its newline is corrupt even when its length and checksum were forged to match', async () => {
      const body = Buffer.from(`${JSON.stringify(pages[0])}\n${JSON.stringify(pages[1])}`, 'utf8');
      const header = await store.writeLines('catalog', alice, { savedAt, etags: {}, count: 3, lines: pages.map(line) });
      const forged = { ...header, bodyBytes: body.length, sha256: createHash('sha256').update(body).digest('hex') };
      await writeFile(store.pathOf('catalog', alice), Buffer.concat([Buffer.from(`${JSON.stringify(forged)}\n`), body]));
      expect(await store.readLines('catalog', alice)).toBeNull();
      expect(problems).toEqual([expect.objectContaining({ reason: 'corrupt', detail: 'the last record is incomplete' })]);
    });

    it('a line that is not JSON makes read() refuse the file, while readLines leaves parsing to its caller', async () => {
      await store.writeLines('suppliers', alice, { savedAt, etags: {}, count: 1, lines: [Buffer.from('{"page":1,')] });
      expect((await store.readLines('suppliers', alice))?.records).toHaveLength(1);
      expect(await store.read('suppliers', alice)).toBeNull();
      expect(problems).toEqual([expect.objectContaining({ reason: 'corrupt', detail: 'a record is not valid JSON' })]);
    });
  });
});

describe('offline store headers', () => {
  it('reads a header larger than one read (many page ETags) without mistaking it for damage', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'caseworks-store-'));
    const store = createOfflineStore({ dataDir });
    const etags = Object.fromEntries(Array.from({ length: 5_000 }, (_, page) => [`page:${page + 1}`, `"etag-for-page-${page + 1}"`]));
    await store.write('catalog', alice, { savedAt, etags, count: 0, records: [] });
    expect(Object.keys((await store.readHeader('catalog', alice))?.etags ?? {})).toHaveLength(5_000);
    await rm(dataDir, { recursive: true, force: true });
  });
});
