import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { newCheckpointLock, takeForCheckpoint, withoutCheckpoint } from '../../../electron/core/offline/checkpoint-lock';
import { checkpointFile } from '../../../electron/core/offline/checkpoint-run';
import { createOfflineHost } from '../../../electron/core/offline/offline-host';
import { serviceDatabaseFile } from '../../../electron/core/offline/service-files';
import { openSqlite, WAL_FILE_LIMIT_BYTES, type SqliteConstructor } from '../../../electron/core/offline/sqlite-driver';
import { threadCheckpoints, WRITER_CHECKPOINT_FACTOR, type CheckpointAnswer } from '../../../electron/core/offline/wal-checkpoints';
import { makeCatalog } from '../search/catalog-fixture';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
const folder = () => {
  const made = mkdtempSync(path.join(tmpdir(), 'caseworks-checkpoints-'));
  folders.push(made);
  return made;
};

const Driver = Database as unknown as SqliteConstructor;
const baseUrl = 'http://127.0.0.1:9/api/v1';
const catalog = makeCatalog(1_200).map((product) => product.item);
/** The log's state as another connection reads it (no checkpoint: `NOOP`). */
function logOf(file: string) {
  const probe = new Driver(file, { fileMustExist: true });
  try {
    return (probe.pragma('wal_checkpoint(NOOP)') as { log: number; checkpointed: number }[])[0]!;
  } finally {
    probe.close();
  }
}
const turn = () => new Promise((resolve) => setImmediate(resolve));
/** Waits (at most 5 s) until `done()`: the thread answers through this thread's event loop. */
async function until(done: () => boolean) {
  for (let wait = 0; !done() && wait < 500; wait += 1) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** A table in WAL mode, and a write of `rows` rows of 3 KiB (about one database page each). */
function walDatabase(file: string) {
  const db = openSqlite(Driver, file);
  db.exec('CREATE TABLE t (x BLOB)');
  const insert = db.prepare('INSERT INTO t VALUES (randomblob(3000))');
  return { db, write: (rows: number) => db.transaction(() => Array.from({ length: rows }, () => insert.run()))() };
}

describe('the offline databases’ logs checkpointed by a thread of their own', () => {
  it('leaves the copy of a full log to the thread: the commit that filled it copied nothing, the thread copied it all, and the log started over', async () => {
    const dataDir = folder();
    const answers: CheckpointAnswer[] = [];
    const checkpoints = threadCheckpoints({ walPages: 32, onAnswer: (answer) => answers.push(answer) });
    const host = createOfflineHost({ dataDir, checkpoints });
    const file = serviceDatabaseFile(dataDir, baseUrl);
    try {
      let page = 0;
      let filled = { log: 0, checkpointed: 0 };
      while (filled.log < 32) {
        page += 1;
        host.service(baseUrl, 'writeCatalogPage', [page, `"p${page}"`, catalog.slice((page - 1) * 100, page * 100)]);
        filled = logOf(file);
      }
      page += 1;
      // SQLite's own checkpoint at a commit would have copied the log before the write answered.
      expect(filled.checkpointed, 'pages copied by the commit itself').toBe(0);
      await until(() => answers.length > 0);
      expect(answers[0]).toEqual({ file, outcome: { ran: true, log: filled.log, copied: filled.log } });
      // Every page of the log is in the file: the next transaction starts the log over.
      host.service(baseUrl, 'writeCatalogPage', [page, `"p${page}"`, catalog.slice(0, 10)]);
      expect(logOf(file).log).toBeLessThan(filled.log);
    } finally {
      host.close();
      await checkpoints.stop();
    }
  });

  it('goes back to the writer’s own checkpoints when the thread cannot start, and says so once', async () => {
    const dir = folder();
    const broken = path.join(dir, 'broken-checkpoint-worker.mjs');
    writeFileSync(broken, "throw new Error('no checkpoints here');\n");
    const failures: string[] = [];
    const checkpoints = threadCheckpoints({ entry: broken, walPages: 16, onFailure: (message) => failures.push(message) });
    const file = path.join(dir, 'copy.db');
    const { db, write } = walDatabase(file);
    try {
      checkpoints.adopt(file, db);
      expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(16 * WRITER_CHECKPOINT_FACTOR);
      write(20);
      checkpoints.afterRequest(file, db);
      await until(() => failures.length > 0);
      expect(failures).toEqual([expect.stringContaining('no checkpoints here')]);
      expect(db.pragma('wal_autocheckpoint', { simple: true }), 'the writer checkpoints at the threshold again').toBe(16);
      write(20);
      checkpoints.afterRequest(file, db);
      await turn();
      expect(failures).toHaveLength(1);
    } finally {
      db.close();
      await checkpoints.stop();
    }
  });
});

describe('the checkpoint thread when nothing is asked of it', () => {
  it('ends after idleMs, and the next checkpoint starts it again (not a failure)', async () => {
    const dir = folder();
    const answers: CheckpointAnswer[] = [];
    const failures: string[] = [];
    const checkpoints = threadCheckpoints({ walPages: 16, idleMs: 100, onAnswer: (answer) => answers.push(answer), onFailure: (message) => failures.push(message) });
    const file = path.join(dir, 'copy.db');
    const { db, write } = walDatabase(file);
    const answered = async (count: number) => {
      await until(() => answers.length >= count);
      expect(answers).toHaveLength(count);
    };
    try {
      checkpoints.adopt(file, db);
      write(20);
      checkpoints.afterRequest(file, db);
      await answered(1);
      expect(checkpoints.running).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(checkpoints.running, 'ended once idle').toBe(false);
      write(20);
      checkpoints.afterRequest(file, db);
      await answered(2);
      expect(answers[1]).toMatchObject({ file, outcome: { ran: true } });
      expect(failures, 'an idle end is no failure: the writer still leaves its checkpoints to the thread').toEqual([]);
      expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(16 * WRITER_CHECKPOINT_FACTOR);
    } finally {
      db.close();
      await checkpoints.stop();
    }
  });
});

describe('one checkpoint in the thread (checkpointFile)', () => {
  it('copies the log into the file and says how much it copied', () => {
    const file = path.join(folder(), 'copy.db');
    const { db, write } = walDatabase(file);
    db.pragma('wal_autocheckpoint = 0');
    write(50);
    const before = logOf(file);
    expect(before.checkpointed).toBe(0);
    expect(checkpointFile(Driver, file, newCheckpointLock())).toEqual({ ran: true, log: before.log, copied: before.log });
    db.close();
  });

  it('does not make a removed file again as an empty database', () => {
    const file = path.join(folder(), 'removed.db');
    expect(checkpointFile(Driver, file, newCheckpointLock())).toEqual({ ran: false, skipped: 'gone' });
    expect(existsSync(file)).toBe(false);
  });

  it('runs no checkpoint while the worker closes connections or removes files', () => {
    const file = path.join(folder(), 'copy.db');
    const { db, write } = walDatabase(file);
    db.pragma('wal_autocheckpoint = 0');
    write(10);
    const lock = newCheckpointLock();
    const during = withoutCheckpoint(lock, () => checkpointFile(Driver, file, lock));
    expect(during).toEqual({ ran: false, skipped: 'closing' });
    expect(logOf(file).checkpointed).toBe(0);
    expect(checkpointFile(Driver, file, lock)).toMatchObject({ ran: true });
    db.close();
  });
});

describe('the lock between the worker and the checkpoint thread', () => {
  it('makes the worker wait for a checkpoint under way before it closes anything', async () => {
    const lock = newCheckpointLock();
    // Another thread holds the lock as a checkpoint would, for 150 ms.
    const holder = new Worker(
      `const { workerData, parentPort } = require('node:worker_threads');
       const lock = workerData.lock;
       Atomics.compareExchange(lock, 0, 0, 1);
       parentPort.postMessage('held');
       Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 150);
       Atomics.store(lock, 0, 0);
       Atomics.notify(lock, 0);`,
      { eval: true, workerData: { lock } },
    );
    await new Promise((resolve) => holder.once('message', resolve));
    expect(takeForCheckpoint(lock), 'a second checkpoint meanwhile').toBe(false);
    const started = performance.now();
    const waited = withoutCheckpoint(lock, () => performance.now() - started);
    expect(waited).toBeGreaterThanOrEqual(100);
    expect(takeForCheckpoint(lock), 'free again once the worker is done').toBe(true);
    await holder.terminate();
  });
});

describe('the log’s file on disk', () => {
  it('is cut back to WAL_FILE_LIMIT_BYTES once the log starts over, after growing past it', () => {
    const file = path.join(folder(), 'copy.db');
    const { db, write } = walDatabase(file);
    db.pragma('wal_autocheckpoint = 0');
    // A log larger than the limit, as one written while the thread copied, or by a VACUUM.
    write(Math.ceil((WAL_FILE_LIMIT_BYTES * 1.25) / 4096));
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(WAL_FILE_LIMIT_BYTES);
    expect(checkpointFile(Driver, file, newCheckpointLock())).toMatchObject({ ran: true });
    // The next transaction starts the log over; its commit cuts the file back.
    write(1);
    expect(statSync(`${file}-wal`).size).toBeLessThanOrEqual(WAL_FILE_LIMIT_BYTES);
    db.close();
  });
});
