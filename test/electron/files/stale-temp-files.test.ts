import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCaseworksCore, EMBEDDED_SERVICE_FOLDER, type CaseworksCoreHandle } from '../../../electron/app/app-core';
import { isAtomicWriteLeftover, removeStaleTempFiles } from '../../../electron/core/files/stale-temp-files';
import { createTestPlatform } from '../../support/fake-core';

const HOUR_MS = 3_600_000;
let dataDir = '';
let core: CaseworksCoreHandle | null = null;

afterEach(async () => {
  await core?.close();
  core = null;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = '';
});

/** Writes a file under the data folder, last modified `ageMs` ago (negative: in the future). */
function file(relative: string, ageMs: number, contents = 'x'): string {
  const full = path.join(dataDir, relative);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, contents);
  const at = new Date(Date.now() - ageMs);
  utimesSync(full, at, at);
  return full;
}

/** What a SIGKILL between write-file-atomic's write and rename (or electron-store's) leaves. */
const LEFTOVERS = [
  'outbox.json.2549947841',
  'outbox.json.damaged-20261122T090000Z.17',
  'settings.json.tmp-1795433573a1b2c3',
  'offline/service-0123456789abcdef/public/catalog.cache.3141592653',
  'offline/service-0123456789abcdef/account-fedcba9876543210/orders.cache.42',
  'search/service-0123456789abcdef.snapshot.2718281828',
  'images/4f2a.img.1234567',
  `${EMBEDDED_SERVICE_FOLDER}/demo-credentials.json.99`,
];
const KEPT = [
  'outbox.json',
  'settings.json',
  'offline/service-0123456789abcdef/public/catalog.cache',
  'offline/service-0123456789abcdef/public/catalog.cache.bad',
  'images/4f2a.img',
  `${EMBEDDED_SERVICE_FOLDER}/demo-credentials.json`,
  `${EMBEDDED_SERVICE_FOLDER}/base/1/1259`,
  `${EMBEDDED_SERVICE_FOLDER}/base/1/pg_filenode.map.json.12`,
];

describe('leftovers of interrupted atomic writes', () => {
  it('are recognised by name', () => {
    for (const name of LEFTOVERS) expect(isAtomicWriteLeftover(path.basename(name)), name).toBe(true);
    for (const name of ['outbox.json', 'catalog.cache.bad', 'PG_VERSION', '1259', 'notes.txt.123']) expect(isAtomicWriteLeftover(name), name).toBe(false);
  });

  it('are removed when the core starts, everywhere the app writes atomically; real files and the database stay', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'caseworks-leftovers-'));
    const leftovers = LEFTOVERS.map((name) => file(name, HOUR_MS));
    const kept = KEPT.map((name) => file(name, HOUR_MS, name === 'outbox.json' ? '{"format":"caseworks-outbox","version":1,"entries":[]}' : 'x'));
    const logged: string[] = [];
    core = createCaseworksCore(createTestPlatform({ dataDir, log: (message) => logged.push(message) }), {
      startEmbedded: () => Promise.reject(new Error('no demo service in this test')),
      syncIntervalMs: 0,
    });
    await core.ready;
    for (const leftover of leftovers) expect(existsSync(leftover), leftover).toBe(false);
    for (const real of kept) expect(existsSync(real), real).toBe(true);
    expect(logged).toContain(`removed ${LEFTOVERS.length} temporary files left by an interrupted write`);
  });

  it('spare a temporary file written after the start (a write in progress)', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'caseworks-leftovers-'));
    const old = file('outbox.json.11', HOUR_MS);
    const inProgress = file('outbox.json.12', -HOUR_MS);
    const removed = await removeStaleTempFiles(dataDir, { before: new Date() });
    expect(removed).toEqual([old]);
    expect(existsSync(inProgress)).toBe(true);
  });
});
