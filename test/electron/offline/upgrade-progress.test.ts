import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createOfflineDatabase } from '../../../electron/core/offline/offline-database';
import { startOfflineWorker } from '../../../electron/core/offline/worker-entry';
import { createOfflineHost } from '../../../electron/core/offline/offline-host';
import type { OfflineNotice, OfflineUpgradeNotice } from '../../../electron/core/offline/offline-protocol';
import { UPGRADE_STEP_POSITIONS } from '../../../electron/core/offline/offline-schema';
import { serviceDatabaseFile } from '../../../electron/core/offline/service-files';
import { versionFourCopy } from './version-four-file';

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
});
