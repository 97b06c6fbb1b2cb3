import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA_FOLDER_LOCK_FILE, describeHolder, lockDataFolder, type LockHolder } from '../../../electron/core/files/data-folder-lock';

const folder = () => mkdtempSync(path.join(tmpdir(), 'caseworks-lock-'));
const lockFile = (dir: string) => path.join(dir, DATA_FOLDER_LOCK_FILE);
/** The pid of a process that has exited. */
const DEAD_PID = spawnSync(process.execPath, ['-e', '0']).pid ?? 999_999;

function holderFile(dir: string, holder: Partial<LockHolder>): void {
  const full: LockHolder = { pid: 1, host: 'here', bootId: 'boot-1', program: 'npm run web', startedAt: '2026-11-22T09:00:00.000Z', address: null, nonce: 'old', ...holder };
  writeFileSync(lockFile(dir), JSON.stringify(full));
}

describe('the data folder lock', () => {
  it('takes a free folder, refuses a second taker naming the holder, and is free again once released', async () => {
    const dir = folder();
    const first = await lockDataFolder(dir, { program: 'npm run web', host: 'here', bootId: 'boot-1' });
    if (!first.ok) throw new Error('the folder was free');
    await first.lock.setAddress('http://127.0.0.1:4321/');

    const second = await lockDataFolder(dir, { program: 'npm run web', host: 'here', bootId: 'boot-1' });
    expect(second).toEqual({ ok: false, holder: expect.objectContaining({ pid: process.pid, program: 'npm run web', address: 'http://127.0.0.1:4321/' }) });
    expect(readdirSync(dir), 'no file of the refused taker is left behind').toEqual([DATA_FOLDER_LOCK_FILE]);

    await first.lock.release();
    expect(readdirSync(dir)).toEqual([]);
    const third = await lockDataFolder(dir, { program: 'npm run web' });
    expect(third.ok).toBe(true);
    if (third.ok) await third.lock.release();
  });

  it('takes a folder whose holder is gone: its process exited, or it is from before a reboot', async () => {
    for (const stale of [{ pid: DEAD_PID, bootId: 'boot-1' }, { pid: process.pid, bootId: 'boot-0' }]) {
      const dir = folder();
      holderFile(dir, stale);
      const taken = await lockDataFolder(dir, { program: 'npm run web', host: 'here', bootId: 'boot-1' });
      expect(taken.ok, JSON.stringify(stale)).toBe(true);
      expect(JSON.parse(readFileSync(lockFile(dir), 'utf8'))).toMatchObject({ pid: process.pid, bootId: 'boot-1' });
    }
  });

  it('takes a folder whose lock file is damaged', async () => {
    const dir = folder();
    writeFileSync(lockFile(dir), '{"pid":12');
    expect((await lockDataFolder(dir, { program: 'npm run web' })).ok).toBe(true);
  });

  it('does not judge a holder on another computer (a shared folder): refused, naming that computer', async () => {
    const dir = folder();
    holderFile(dir, { host: 'laptop-2', pid: DEAD_PID });
    const outcome = await lockDataFolder(dir, { program: 'npm run web', host: 'here', bootId: 'boot-1' });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(describeHolder(outcome.holder, dir)).toContain('on laptop-2');
  });

  it('of several processes clearing the same stale lock at once, exactly one gets the folder', async () => {
    for (let round = 0; round < 25; round += 1) {
      const dir = folder();
      const stalePid = DEAD_PID;
      holderFile(dir, { pid: stalePid, host: 'here', bootId: 'boot-1' });
      const takers = await Promise.all(
        [101, 102, 103].map((pid) => lockDataFolder(dir, { program: `taker ${pid}`, pid, host: 'here', bootId: 'boot-1', isAlive: (candidate) => candidate !== stalePid })),
      );
      expect(takers.filter((taker) => taker.ok), `round ${round}`).toHaveLength(1);
      const winner = takers.find((taker) => taker.ok);
      expect(JSON.parse(readFileSync(lockFile(dir), 'utf8')).program).toBe(winner?.ok ? winner.lock.holder.program : 'none');
    }
  });

  it('does not remove a lock that is no longer its own', async () => {
    const dir = folder();
    const mine = await lockDataFolder(dir, { program: 'npm run web' });
    if (!mine.ok) throw new Error('the folder was free');
    holderFile(dir, { pid: process.pid, nonce: 'someone-else', host: 'here' });
    await mine.lock.release();
    expect(JSON.parse(readFileSync(lockFile(dir), 'utf8')).nonce).toBe('someone-else');
  });
});
