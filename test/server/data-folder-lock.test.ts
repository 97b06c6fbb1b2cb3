import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  APP_DATA_FOLDER_LOCK_FILE,
  DATA_FOLDER_LOCK_FILE,
  DataFolderInUseError,
  LockHolder,
  isDataFolderInUse,
  lockDataFolder,
  systemLockEnvironment,
  takeDataFolder,
  type LockEnvironment,
} from '../../server/data-folder-lock';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
const folder = () => {
  const made = mkdtempSync(join(tmpdir(), 'caseworks-lock-'));
  folders.push(made);
  return made;
};

/** A machine where the given processes run (pid → start time). */
function machine(processes: Record<number, string>, overrides: Partial<LockEnvironment> = {}): LockEnvironment {
  return {
    pid: 100,
    host: 'workstation',
    bootId: 'boot-1',
    bootTime: 1_700_000_000,
    processStart: (pid) => processes[pid] ?? null,
    processExists: (pid) => pid in processes,
    ...overrides,
  };
}

const lockFile = (dir: string) => join(dir, DATA_FOLDER_LOCK_FILE);
const holderIn = (dir: string) => LockHolder.parse(JSON.parse(readFileSync(lockFile(dir), 'utf8')));

function refusal(take: () => unknown): DataFolderInUseError {
  try {
    take();
  } catch (error) {
    expect(isDataFolderInUse(error)).toBe(true);
    return error as DataFolderInUseError;
  }
  throw new Error('the second take was not refused');
}

describe('lockDataFolder', () => {
  it('refuses a second holder while the first lives, naming its pid, start and port; released, the folder is free again', () => {
    const dir = folder();
    const first = lockDataFolder(dir, machine({ 100: '5000' }), new Date('2026-03-01T09:00:00.000Z'));
    first.setPort(4108);
    const second = machine({ 100: '5000', 200: '6000' }, { pid: 200 });
    const refused = refusal(() => lockDataFolder(dir, second));
    expect(refused).toBeInstanceOf(DataFolderInUseError);
    expect(refused.code).toBe('data_folder_in_use');
    expect(refused.holder).toMatchObject({ pid: 100, port: 4108, started_at: '2026-03-01T09:00:00.000Z' });
    expect(refused.checkedHere).toBe(true);
    expect(refused.message).toContain(dir);
    expect(refused.message).toMatch(/pid 100, started 2026-03-01T09:00:00\.000Z, port 4108/);

    first.release();
    expect(existsSync(lockFile(dir))).toBe(false);
    const taken = lockDataFolder(dir, second);
    expect(holderIn(dir).pid).toBe(200);
    taken.release();
  });

  it('refuses a second take in the same process (one process, one owner)', () => {
    const dir = folder();
    const here = machine({ 100: '5000' });
    const first = lockDataFolder(dir, here);
    expect(refusal(() => lockDataFolder(dir, here)).holder.nonce).toBe(first.holder.nonce);
    first.release();
  });

  const holder = machine({ 100: '5000' });
  it.each([
    ['whose process is gone', holder, machine({ 300: '7000' }, { pid: 300 })],
    ['whose pid now belongs to another process (pid reuse)', holder, machine({ 100: '9999', 300: '7000' }, { pid: 300 })],
    ['written before the machine rebooted', holder, machine({ 100: '5000', 300: '7000' }, { pid: 300, bootId: 'boot-2' })],
    [
      'written before a reboot, where there is no boot id (the boot time moved)',
      machine({ 100: '5000' }, { bootId: null }),
      machine({ 100: '5000', 300: '7000' }, { pid: 300, bootId: null, bootTime: 1_700_090_000 }),
    ],
  ])('takes over a lock %s', (_case, before, next) => {
    const dir = folder();
    lockDataFolder(dir, before);
    const taken = lockDataFolder(dir, next);
    expect(holderIn(dir)).toMatchObject({ pid: 300, nonce: taken.holder.nonce });
    expect(readdirSync(dir)).toEqual([DATA_FOLDER_LOCK_FILE]);
  });

  it('keeps refusing a holder whose pid and start time still match, where there is no boot id', () => {
    const dir = folder();
    lockDataFolder(dir, machine({ 100: '5000' }, { bootId: null }));
    const refused = refusal(() => lockDataFolder(dir, machine({ 100: '5000', 300: '7000' }, { pid: 300, bootId: null, bootTime: 1_700_000_030 })));
    expect(refused.holder.pid).toBe(100);
  });

  it('refuses a holder on another machine (a shared folder) and says which file to remove if it is gone', () => {
    const dir = folder();
    lockDataFolder(dir, machine({ 100: '5000' }, { host: 'other-machine' }));
    const refused = refusal(() => lockDataFolder(dir, machine({ 300: '7000' }, { pid: 300 })));
    expect(refused.checkedHere).toBe(false);
    expect(refused.message).toContain('on host other-machine');
    expect(refused.message).toContain(lockFile(dir));
  });

  it('takes over a damaged lock file, and a takeover left half done by a starter that died', () => {
    const dir = folder();
    writeFileSync(lockFile(dir), '{"pid": 12');
    lockDataFolder(dir, machine({ 300: '7000' }, { pid: 300 })).release();

    lockDataFolder(dir, machine({ 100: '5000' }));
    const stale = holderIn(dir);
    // A starter (pid 400, now dead) created the takeover marker of this holding and died.
    writeFileSync(`${lockFile(dir)}.takeover-${stale.nonce}`, JSON.stringify({ ...stale, pid: 400, nonce: 'marker' }));
    const taken = lockDataFolder(dir, machine({ 300: '7000' }, { pid: 300 }));
    expect(holderIn(dir).nonce).toBe(taken.holder.nonce);
    expect(readdirSync(dir)).toEqual([DATA_FOLDER_LOCK_FILE]);
  });

  it('reads this machine: its own process is alive with a start time (Linux), and a pid that does not exist is not', () => {
    const here = systemLockEnvironment();
    expect(here.processExists(process.pid)).toBe(true);
    expect(here.processExists(2 ** 22 + 1)).toBe(false);
    if (process.platform === 'linux') {
      expect(here.processStart(process.pid)).toMatch(/^\d+$/);
      expect(here.bootId).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

/** The app's form of the same lock: its own file in its data folder, refusals as values, the holder named by program and page. */
describe('takeDataFolder (the app and the browser shell)', () => {
  const appLock = (dir: string) => join(dir, APP_DATA_FOLDER_LOCK_FILE);
  const take = (dir: string, here: LockEnvironment, program = 'npm run web') => takeDataFolder(dir, { lockFile: APP_DATA_FOLDER_LOCK_FILE, program, here });

  it('takes a free folder, refuses a second taker naming the holder and its page, and is free again once released', () => {
    const dir = folder();
    const first = take(dir, machine({ 100: '5000' }));
    if (!first.ok) throw new Error('the folder was free');
    first.lock.setAddress('http://127.0.0.1:4321/');

    const second = take(dir, machine({ 100: '5000', 200: '6000' }, { pid: 200 }), 'the Caseworks app');
    if (second.ok) throw new Error('the second taker was let in');
    expect(second.refusal.code).toBe('data_folder_in_use');
    expect(second.refusal.holder).toMatchObject({ pid: 100, program: 'npm run web', address: 'http://127.0.0.1:4321/' });
    expect(second.refusal.message).toMatch(/in use by npm run web \(pid 100, started .*; its page is http:\/\/127\.0\.0\.1:4321\//);
    expect(readdirSync(dir), 'no file of the refused taker is left behind').toEqual([APP_DATA_FOLDER_LOCK_FILE]);

    first.lock.release();
    expect(readdirSync(dir)).toEqual([]);
    const third = take(dir, machine({ 200: '6000' }, { pid: 200 }));
    expect(third.ok).toBe(true);
    if (third.ok) third.lock.release();
  });

  it('of several takers of the same stale lock, exactly one gets the folder', () => {
    for (let round = 0; round < 5; round += 1) {
      const dir = folder();
      take(dir, machine({ 100: '5000' }));
      // Its holder (pid 100) is gone; 101, 102 and 103 live.
      const alive = { 101: '1', 102: '2', 103: '3' };
      const takers = [101, 102, 103].map((pid) => take(dir, machine(alive, { pid }), `taker ${pid}`));
      expect(takers.filter((taker) => taker.ok), `round ${round}`).toHaveLength(1);
      const winner = takers.find((taker) => taker.ok);
      expect(JSON.parse(readFileSync(appLock(dir), 'utf8')).program).toBe(winner?.ok ? winner.lock.holder.program : 'none');
    }
  });

  it('does not remove a lock that is no longer its own', () => {
    const dir = folder();
    const mine = take(dir, machine({ 100: '5000' }));
    if (!mine.ok) throw new Error('the folder was free');
    writeFileSync(appLock(dir), JSON.stringify({ ...mine.lock.holder, nonce: 'someone-else' }));
    mine.lock.release();
    expect(JSON.parse(readFileSync(appLock(dir), 'utf8')).nonce).toBe('someone-else');
  });

  it('reads the lock an earlier version of the app wrote: a live holder is refused, a gone one taken over', () => {
    const earlier = (pid: number) => ({ pid, host: 'workstation', bootId: 'boot-1', program: 'the Caseworks app', startedAt: '2026-11-22T09:00:00.000Z', address: null, nonce: 'old' });
    const dir = folder();
    writeFileSync(appLock(dir), JSON.stringify(earlier(100)));
    const refused = take(dir, machine({ 100: '5000', 300: '7000' }, { pid: 300 }));
    expect(refused.ok ? null : refused.refusal.holder).toMatchObject({ pid: 100, program: 'the Caseworks app', started_at: '2026-11-22T09:00:00.000Z' });

    writeFileSync(appLock(dir), JSON.stringify(earlier(200)));
    const taken = take(dir, machine({ 300: '7000' }, { pid: 300 }));
    expect(taken.ok).toBe(true);
  });

  it('keeps the app and the service apart: each its own lock file', () => {
    const dir = folder();
    const here = machine({ 100: '5000' });
    const app = take(dir, here);
    const service = lockDataFolder(dir, here);
    expect(app.ok).toBe(true);
    expect(readdirSync(dir).sort()).toEqual([APP_DATA_FOLDER_LOCK_FILE, DATA_FOLDER_LOCK_FILE].sort());
    service.release();
    if (app.ok) app.lock.release();
  });
});
