import { existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, writeFileSync, writeSync, closeSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import Database from 'better-sqlite3';
import { createOfflineHost, DAMAGED_MESSAGE, DISK_FULL_MESSAGE } from '../../../electron/core/offline/offline-host';
import type { OfflineNotice } from '../../../electron/core/offline/offline-protocol';
import { openServiceFile, serviceDatabaseFile } from '../../../electron/core/offline/service-files';
import { createServiceDatabase } from '../../../electron/core/offline/service-database';
import { createCatalogSearch } from '../../../electron/core/search/catalog-search';
import { CatalogSearchInput } from '../../../shared/bridge';
import { makeCatalog } from '../search/catalog-fixture';
import { fullDiskDriver } from './full-disk-driver';
import { inlineCheckpoints } from '../../../electron/core/offline/wal-checkpoints';

const baseUrl = 'http://127.0.0.1:9/api/v1';
const catalog = makeCatalog(600).map((product) => product.item);
const page = (n: number) => catalog.slice((n - 1) * 100, n * 100);

/** A data folder with a buyer's queued order beside the offline copy. */
function dataFolder() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'caseworks-offline-host-'));
  mkdirSync(path.join(dataDir, 'accounts', 'a1'), { recursive: true });
  const outbox = path.join(dataDir, 'accounts', 'a1', 'outbox.json');
  writeFileSync(outbox, JSON.stringify({ format: 'caseworks-outbox', version: 1, entries: [{ id: 'out_1', state: 'queued' }] }));
  return { dataDir, outbox, outboxBytes: readFileSync(outbox) };
}

function withCatalog(dataDir: string, pages: number) {
  const host = createOfflineHost({ dataDir });
  for (let n = 1; n <= pages; n += 1) host.service(baseUrl, 'writeCatalogPage', [n, `"p${n}"`, page(n)]);
  host.service(baseUrl, 'finishCatalog', [pages, '2026-11-22T09:00:00.000Z']);
  host.close();
}

/** Overwrites every 16th page of the file from its ninth on, leaving the header and the schema's first pages whole. */
function damageMiddlePages(file: string) {
  const size = statSync(file).size;
  const handle = openSync(file, 'r+');
  for (let offset = 8 * 4096; offset < size - 4096; offset += 16 * 4096) writeSync(handle, Buffer.alloc(4096, 0x5a), 0, 4096, offset);
  closeSync(handle);
}

/** How many products a search finds, or the answer when the copy could not give one. */
function searched(host: ReturnType<typeof createOfflineHost>) {
  const answer = host.service(baseUrl, 'searchItemsJson', [{ text: '', offset: 0, limit: 1 }]);
  return answer.ok ? { ok: true as const, total: (answer.value as { total: number }).total } : answer;
}

function total(host: ReturnType<typeof createOfflineHost>): number {
  const answer = searched(host);
  if (!answer.ok) throw new Error(`the search was refused: ${answer.message}`);
  return answer.total;
}

describe('the offline worker’s host', () => {
  it('answers the main thread’s search with the page’s products as one JSON text of their stored rows, parsing none of them in the worker', () => {
    const { dataDir } = dataFolder();
    withCatalog(dataDir, 3);
    const query = { text: 'cabernet', offset: 0, limit: 50 };
    // The same search answered with objects, in this thread, on the same file.
    const referenceDatabase = createServiceDatabase(openServiceFile(serviceDatabaseFile(dataDir, baseUrl), baseUrl));
    const { items, ...rest } = createCatalogSearch(referenceDatabase).search(CatalogSearchInput.parse(query));
    referenceDatabase.db.close();
    const host = createOfflineHost({ dataDir });
    host.service(baseUrl, 'searchItemsJson', [query]);
    const parse = vi.spyOn(JSON, 'parse');
    const crossing = host.service(baseUrl, 'searchItemsJson', [query]);
    const parses = parse.mock.calls.length;
    parse.mockRestore();
    host.close();
    if (!crossing.ok) throw new Error('the search was refused');
    const { itemsJson, ...crossed } = crossing.value as { itemsJson: string };
    // Cloned between threads as objects, 50 products cost about three times the CPU of one string and one parse on arrival.
    expect(parses).toBe(0);
    expect(typeof itemsJson).toBe('string');
    expect(JSON.parse(itemsJson)).toEqual(items);
    expect(items.length).toBeGreaterThan(0);
    expect({ ...crossed, tookMs: 0 }).toEqual({ ...rest, tookMs: 0 });
  });

  it('leaves the search index unread after a first browse answered from its saved answer until `readSearchIndex` asks (the catalog painted, the page idle)', async () => {
    const { dataDir } = dataFolder();
    withCatalog(dataDir, 3);
    const host = createOfflineHost({ dataDir });
    const firstBrowse = host.service(baseUrl, 'searchItemsJson', [{ text: '', offset: 0, limit: 60 }]);
    expect(firstBrowse.ok && (firstBrowse.value as { total: number }).total).toBe(300);
    // What the worker does once the answer has gone: nothing read behind the page's rendering of it.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(host.service(baseUrl, 'readSearchIndex', []), 'this call read the index').toEqual({ ok: true, value: true });
    expect(host.service(baseUrl, 'readSearchIndex', []), 'read already').toEqual({ ok: true, value: false });
    host.close();
  });

  it('warms the first searches in later turns once `readSearchIndex` read the index, answering a search sent meanwhile, and stops when the copy closes', async () => {
    const { dataDir } = dataFolder();
    withCatalog(dataDir, 3);
    const host = createOfflineHost({ dataDir });
    host.service(baseUrl, 'searchItemsJson', [{ text: '', offset: 0, limit: 60 }]);
    expect(host.service(baseUrl, 'readSearchIndex', [])).toEqual({ ok: true, value: true });
    const typed = host.service(baseUrl, 'searchItemsJson', [{ text: 'cab', offset: 0, limit: 60 }]);
    expect(typed.ok && (typed.value as { total: number }).total).toBeGreaterThan(0);
    await new Promise((resolve) => setImmediate(resolve));
    host.close();
    // The warm-up's next turns meet a closed copy: they stop, nothing thrown.
    for (let turn = 0; turn < 30; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  });

  it('answers a search typed before the index was asked for as the index answers it, reading the index for it', () => {
    const { dataDir } = dataFolder();
    withCatalog(dataDir, 3);
    const query = { text: 'cabernet', offset: 0, limit: 50 };
    const referenceDatabase = createServiceDatabase(openServiceFile(serviceDatabaseFile(dataDir, baseUrl), baseUrl));
    referenceDatabase.index.ready();
    const { items, ...rest } = createCatalogSearch(referenceDatabase).search(CatalogSearchInput.parse(query));
    referenceDatabase.db.close();
    const host = createOfflineHost({ dataDir });
    host.service(baseUrl, 'searchItemsJson', [{ text: '', offset: 0, limit: 60 }]);
    const typed = host.service(baseUrl, 'searchItemsJson', [query]);
    if (!typed.ok) throw new Error('the search was refused');
    const { itemsJson, ...crossed } = typed.value as { itemsJson: string };
    expect(items.length).toBeGreaterThan(0);
    expect(JSON.parse(itemsJson)).toEqual(items);
    expect({ ...crossed, tookMs: 0 }).toEqual({ ...rest, tookMs: 0 });
    expect(host.service(baseUrl, 'readSearchIndex', []), 'the typed search read it').toEqual({ ok: true, value: false });
    host.close();
  });

  it('sets a database that is not one aside, tells the buyer in plain words, and starts an empty one; the buyer’s files stay as they were', async () => {
    const { dataDir, outbox, outboxBytes } = dataFolder();
    withCatalog(dataDir, 3);
    const file = serviceDatabaseFile(dataDir, baseUrl);
    writeFileSync(file, 'this is not a database at all, just some words where the header should be'.repeat(100));
    const notices: OfflineNotice[] = [];
    const host = createOfflineHost({ dataDir, notify: (notice) => notices.push(notice) });
    expect(total(host)).toBe(0);
    const problems = notices.filter((notice) => notice.notice === 'problem');
    expect(notices).toEqual([expect.objectContaining({ notice: 'problem', baseUrl, file, movedTo: expect.stringMatching(/\.damaged-\d+$/) })]);
    expect(problems[0]!.message.startsWith(DAMAGED_MESSAGE)).toBe(true);
    expect(existsSync(problems[0]!.movedTo!)).toBe(true);
    // The next sync fills it again.
    host.service(baseUrl, 'writeCatalogPage', [1, null, page(1)]);
    expect(total(host)).toBe(100);
    expect(readFileSync(outbox)).toEqual(outboxBytes);
    host.close();
  });

  it('sets aside a database whose pages are damaged in the middle (the header is fine)', () => {
    const { dataDir, outbox, outboxBytes } = dataFolder();
    withCatalog(dataDir, 6);
    const file = serviceDatabaseFile(dataDir, baseUrl);
    damageMiddlePages(file);
    const notices: OfflineNotice[] = [];
    const host = createOfflineHost({ dataDir, notify: (notice) => notices.push(notice) });
    // The damage is met when the pages are read: that call fails in plain words, the file is set aside.
    const answered = searched(host);
    if (answered.ok) expect(answered.total).toBe(0);
    else expect(answered).toMatchObject({ code: 'damaged', message: DAMAGED_MESSAGE });
    expect(total(host)).toBe(0);
    expect(notices).toHaveLength(1);
    expect(readdirSync(path.dirname(file)).filter((name) => name.includes('.damaged-'))).toHaveLength(1);
    expect(readFileSync(outbox)).toEqual(outboxBytes);
    host.close();
  });

  it('carries the rep’s choice of suppliers from a damaged copy to the one rebuilt in its place, which then keeps only them', () => {
    const { dataDir } = dataFolder();
    withCatalog(dataDir, 6);
    const kept = catalog[0]!.supplier.id;
    const choice = { keep: 'suppliers', supplierIds: [kept] };
    const before = createOfflineHost({ dataDir });
    expect(before.service(baseUrl, 'setOfflineChoice', [choice])).toMatchObject({ ok: true });
    before.close();
    const file = serviceDatabaseFile(dataDir, baseUrl);
    damageMiddlePages(file);
    const notices: OfflineNotice[] = [];
    const host = createOfflineHost({ dataDir, notify: (notice) => notices.push(notice) });
    searched(host);
    expect(notices).toHaveLength(1);
    expect(host.service(baseUrl, 'offlineChoice', [])).toEqual({ ok: true, value: choice });
    host.service(baseUrl, 'writeCatalogPage', [1, null, page(1)]);
    expect(total(host)).toBe(page(1).filter((item) => item.supplier.id === kept).length);
    expect(total(host)).toBeLessThan(100);
    host.close();
  });

  it('rebuilds a copy whose choice cannot be read from the damaged one keeping everything', () => {
    const { dataDir } = dataFolder();
    withCatalog(dataDir, 3);
    const file = serviceDatabaseFile(dataDir, baseUrl);
    writeFileSync(file, 'not a database'.repeat(400));
    const host = createOfflineHost({ dataDir });
    expect(total(host)).toBe(0);
    expect(host.service(baseUrl, 'offlineChoice', [])).toEqual({ ok: true, value: { keep: 'all' } });
    host.close();
  });

  it('on a full disk fails the write in plain words and keeps the copy at its last complete state', () => {
    const { dataDir, outbox, outboxBytes } = dataFolder();
    withCatalog(dataDir, 2);
    const file = serviceDatabaseFile(dataDir, baseUrl);
    const Tight = fullDiskDriver(file);
    const host = createOfflineHost({ dataDir, load: () => Tight });
    expect(total(host)).toBe(200);
    let failure: ReturnType<typeof host.service> | null = null;
    for (let n = 3; n <= 6 && !failure; n += 1) {
      const answer = host.service(baseUrl, 'writeCatalogPage', [n, `"p${n}"`, page(n)]);
      if (!answer.ok) failure = answer;
    }
    expect(failure).toEqual({ ok: false, code: 'disk_full', message: DISK_FULL_MESSAGE });
    // Whole pages only: the one that did not fit is not there at all.
    expect(total(host) % 100).toBe(0);
    expect(total(host)).toBeGreaterThanOrEqual(200);
    expect(readFileSync(outbox)).toEqual(outboxBytes);
    host.close();
    const check = new Database(file, { readonly: true });
    expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
    check.close();
  });

  it('truncates the log after a choice’s VACUUM with no checkpoint of the thread under way (a checkpoint then would leave the log at its size)', () => {
    const { dataDir } = dataFolder();
    withCatalog(dataDir, 6);
    let exclusiveRuns = 0;
    const checkpoints = { ...inlineCheckpoints, exclusive: <T>(act: () => T): T => ((exclusiveRuns += 1), act()) };
    const host = createOfflineHost({ dataDir, checkpoints });
    expect(host.service(baseUrl, 'setOfflineChoice', [{ keep: 'suppliers', supplierIds: ['sup_napa'] }])).toMatchObject({ ok: true, value: { removing: true } });
    let step = { lastPos: 0, done: false };
    while (!step.done) step = expectValue(host.service(baseUrl, 'removeLeftOut', [step.lastPos, 1_000])) as typeof step;
    const before = exclusiveRuns;
    expect(host.service(baseUrl, 'finishChoiceRemoval', [])).toMatchObject({ ok: true, value: { vacuumed: true } });
    expect(exclusiveRuns - before, 'the truncation ran as the checkpoint thread’s exclusive act').toBe(1);
    // The rebuilt file went through the log; after the truncation it holds the removal's last write only.
    expect(statSync(`${serviceDatabaseFile(dataDir, baseUrl)}-wal`).size).toBeLessThan(16 * 1024);
    host.close();
  });
});

function expectValue(answer: ReturnType<ReturnType<typeof createOfflineHost>['service']>): unknown {
  if (!answer.ok) throw new Error(`refused: ${answer.message}`);
  return answer.value;
}
