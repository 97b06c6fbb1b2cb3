import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createOfflineDatabase } from '../../../electron/core/offline/offline-database';
import { startOfflineWorker } from '../../../electron/core/offline/worker-entry';
import { createOfflineHost, UPGRADE_DISK_FULL_MESSAGE, UPGRADE_RETRY_ROOM_BYTES } from '../../../electron/core/offline/offline-host';
import type { OfflineNotice, OfflineUpgradeNotice } from '../../../electron/core/offline/offline-protocol';
import { SCHEMA_VERSION, UPGRADE_STEP_POSITIONS } from '../../../electron/core/offline/offline-schema';
import { serviceDatabaseFile } from '../../../electron/core/offline/service-files';
import { tableDigests, versionFourCopy } from './version-four-file';
import { fullDiskDriver } from './full-disk-driver';

const baseUrl = 'http://127.0.0.1:9/api/v1';
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A data folder whose offline copy of the service is a version 4 file of 150 × `copies` products. */
function folderWithVersionFour(copies: number): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'caseworks-upgrade-progress-'));
  folders.push(dataDir);
  versionFourCopy(serviceDatabaseFile(dataDir, baseUrl), copies);
  return dataDir;
}

/** The notices told are those of an upgrade: from 0, one step at a time, to all of them, then finished. */
function expectWholeUpgrade(notices: OfflineUpgradeNotice[], steps: number) {
  expect(notices.map(({ done, total, finished }) => [done, total, finished])).toEqual([
    ...Array.from({ length: steps + 1 }, (_, done) => [done, steps, false]),
    [steps, steps, true],
  ]);
  expect(new Set(notices.map((notice) => notice.baseUrl))).toEqual(new Set([baseUrl]));
  expect(notices.every((notice) => notice.problem === null)).toBe(true);
}

describe('opening an offline copy written by schema version 4 (the upgrade holds the worker)', () => {
  it('tells how far the upgrade has come, a step at a time, then that it is over; an opened copy tells nothing more', () => {
    // 300 copies: 45,000 products, two steps of positions, then the old table dropped, three indexes, the size and the commit.
    const dataDir = folderWithVersionFour(300);
    const notices: OfflineNotice[] = [];
    const host = createOfflineHost({ dataDir, notify: (notice) => notices.push(notice) });
    expect(host.service(baseUrl, 'countDetails', [])).toEqual({ ok: true, value: 45_000 });
    expect(Math.ceil(45_000 / UPGRADE_STEP_POSITIONS)).toBe(2);
    expectWholeUpgrade(notices as OfflineUpgradeNotice[], 2 + 6);
    host.service(baseUrl, 'countDetails', []);
    expect(notices).toHaveLength(2 + 6 + 2);
    host.close();
  });

  it('through the worker: the core hears each step and the end before the request that opened the copy is answered', async () => {
    const dataDir = folderWithVersionFour(1);
    const heard: OfflineUpgradeNotice[] = [];
    const database = createOfflineDatabase({ dataDir, onUpgrade: (notice) => heard.push(notice) });
    try {
      const answer = await database.answer(baseUrl, 'countDetails');
      expect(answer).toEqual({ ok: true, value: 150 });
      expectWholeUpgrade(heard, 1 + 6);
    } finally {
      await database.close();
    }
  });

  it('a worker that stops during the upgrade is told as the upgrade’s end, so nothing waits on a message that will not come', async () => {
    const dataDir = folderWithVersionFour(300);
    const worker = startOfflineWorker(dataDir);
    const heard: OfflineUpgradeNotice[] = [];
    const database = createOfflineDatabase({
      dataDir,
      started: worker,
      onUpgrade: (notice) => {
        heard.push(notice);
        if (heard.length === 1) void worker.terminate();
      },
    });
    try {
      const answer = await database.answer(baseUrl, 'countDetails');
      expect(answer.ok).toBe(false);
      expect(heard.at(-1)).toMatchObject({ baseUrl, finished: true });
      expect(heard.filter((notice) => notice.finished)).toHaveLength(1);
    } finally {
      await database.close();
    }
  });

  it('a copy at today’s version opens without a word', async () => {
    const dataDir = folderWithVersionFour(1);
    const host = createOfflineHost({ dataDir });
    host.service(baseUrl, 'countDetails', []);
    host.close();
    const heard: OfflineUpgradeNotice[] = [];
    const database = createOfflineDatabase({ dataDir, onUpgrade: (notice) => heard.push(notice) });
    try {
      await expect(database.answer(baseUrl, 'countDetails')).resolves.toEqual({ ok: true, value: 150 });
      expect(heard).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('on a full disk: rolled back, the copy readable at version 4 with every row as it was, the buyer told in plain words; tried again only once there is more room', () => {
    const dataDir = folderWithVersionFour(20);
    const file = serviceDatabaseFile(dataDir, baseUrl);
    mkdirSync(path.join(dataDir, 'accounts', 'a1'), { recursive: true });
    const outbox = path.join(dataDir, 'accounts', 'a1', 'outbox.json');
    writeFileSync(outbox, JSON.stringify({ format: 'caseworks-outbox', version: 1, entries: [{ id: 'out_1', state: 'queued' }] }));
    const outboxBytes = readFileSync(outbox);
    const before = new Database(file, { readonly: true });
    const held = tableDigests(before);
    before.close();
    expect(held.products!.rows).toBe(3_000);
    const Tight = fullDiskDriver(file);
    let free = 5_000_000;
    const notices: OfflineNotice[] = [];
    const host = createOfflineHost({ dataDir, load: () => Tight, notify: (notice) => notices.push(notice), freeBytes: () => free });
    const refused = { ok: false, code: 'disk_full', message: UPGRADE_DISK_FULL_MESSAGE };
    expect(host.service(baseUrl, 'countDetails', [])).toEqual(refused);
    expect(notices.at(-1)).toMatchObject({ notice: 'upgrade', finished: true, problem: { code: 'disk_full', message: UPGRADE_DISK_FULL_MESSAGE } });
    expect(UPGRADE_DISK_FULL_MESSAGE).toMatch(/^The disk is full, so the offline copy could not be updated/);

    const check = new Database(file, { readonly: true });
    expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(check.pragma('user_version', { simple: true })).toBe(4);
    expect(tableDigests(check), 'every row as it was, the details keyed by id').toEqual(held);
    check.close();
    expect(readFileSync(outbox)).toEqual(outboxBytes);

    // No more room: refused at once, not upgraded again for a minute at a million products.
    const told = notices.length;
    free += UPGRADE_RETRY_ROOM_BYTES - 1;
    expect(host.service(baseUrl, 'searchItemsJson', [{ text: '', offset: 0, limit: 1 }])).toEqual(refused);
    expect(notices).toHaveLength(told);
    // Room made: tried again (here the disk is still as full, so it stops again, as it was).
    free += 1;
    expect(host.service(baseUrl, 'countDetails', [])).toEqual(refused);
    expect(notices.slice(told).map((notice) => notice.notice === 'upgrade' && notice.done)[0]).toBe(0);
    host.close();

    // With room, the next open upgrades it, nothing lost.
    const roomy = createOfflineHost({ dataDir });
    expect(roomy.service(baseUrl, 'countDetails', [])).toEqual({ ok: true, value: 3_000 });
    roomy.close();
    const after = new Database(file, { readonly: true });
    expect(after.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(tableDigests(after, ['product_details', 'datasets'])).toEqual(Object.fromEntries(Object.entries(held).filter(([name]) => name !== 'product_details' && name !== 'datasets')));
    after.close();
    expect(readFileSync(outbox)).toEqual(outboxBytes);
  });
});
