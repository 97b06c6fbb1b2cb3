/**
 * Who copies the offline databases' write-ahead logs into their files (checkpoints).
 *
 * In the app a thread of its own does (`threadCheckpoints`, checkpoint-worker.ts). Left to
 * SQLite, the commit that finds `WAL_PAGES_BEFORE_CHECKPOINT` pages in the log copies them
 * itself: at a million products that is one feed page in about twelve, taking 100–300 ms more
 * than the others, and a buyer's search waits behind it in the offline worker (docs/benchmarks.md).
 * The thread's checkpoints run beside the worker's writes and searches instead, on the other core.
 *
 * - After each request, the worker reads how many pages the log holds that are not yet in the file
 *   (`wal_checkpoint(NOOP)`: no checkpoint, a read of the log's header) and asks the thread for a
 *   checkpoint once there are `walPages`; one request per file at a time.
 * - The log starts over only at a transaction that begins with every page of it copied, and the
 *   writer is inside a transaction most of the time: the worker's connection keeps its own
 *   checkpoint at `WRITER_CHECKPOINT_FACTOR` times `walPages`, which copies what the thread has not
 *   and lets the log start over. Near it the thread is asked at `walPages / NEAR_WRITER_FRACTION`,
 *   so what is left to the writer is little (checkpoint-run.ts).
 * - A thread that cannot start or stops: the worker's connections go back to checkpointing
 *   themselves as before, and `onFailure` is told once.
 * - Closing a connection, setting a file aside or removing files runs `exclusive`: never while the
 *   thread checkpoints (checkpoint-lock.ts says why).
 *
 * `inlineCheckpoints` leaves them to SQLite: for a host in a test's or a tool's own thread.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { heldByCheckpoint, newCheckpointLock, releaseLock, withoutCheckpoint, type CheckpointLock } from './checkpoint-lock';
import type { CheckpointOutcome } from './checkpoint-run';
import { WAL_PAGES_BEFORE_CHECKPOINT, type SqliteDatabase } from './sqlite-driver';
import { startWorker, type WorkerEntry } from './worker-entry';

export type CheckpointRequest = { file: string };
export type CheckpointAnswer = { file: string; outcome: CheckpointOutcome } | { file: string; failed: string };
export interface CheckpointWorkerData {
  lock: CheckpointLock;
}

export interface WalCheckpoints {
  /** The worker's connection to the database at `file`, just opened: from now on its checkpoints are left to this. */
  adopt(file: string, db: SqliteDatabase): void;
  /** After a request on `db` (the database at `file`): a checkpoint asked for when the log holds enough. */
  afterRequest(file: string, db: SqliteDatabase): void;
  /** Runs `act` (closing connections, moving or removing database files) with no checkpoint under way. */
  exclusive<T>(act: () => T): T;
}

export const inlineCheckpoints: WalCheckpoints = {
  adopt: () => {},
  afterRequest: () => {},
  exclusive: (act) => act(),
};

/** Once the log nears the writer's own checkpoint, a checkpoint is asked for at this fraction of `walPages`. */
export const NEAR_WRITER_FRACTION = 16;

/** How many times `walPages` the log may hold before the worker's connection checkpoints it itself. */
export const WRITER_CHECKPOINT_FACTOR = 4;

/** The thread's script: built beside the offline worker's bundle, or the TypeScript source under tsx. */
export function checkpointWorkerEntry(): WorkerEntry {
  const here = dirname(fileURLToPath(import.meta.url));
  const bundled = join(here, 'checkpoint-worker.js');
  return existsSync(bundled) ? bundled : join(here, 'checkpoint-worker.ts');
}

export interface ThreadCheckpointsOptions {
  entry?: WorkerEntry;
  /** Pages not yet in the file at which a checkpoint is asked for (a test gives fewer). */
  walPages?: number;
  /** How many times `walPages` the log may hold before the worker's connection checkpoints it itself. */
  writerFactor?: number;
  /** The thread could not start or stopped: said once, in words for the log. */
  onFailure?: (message: string) => void;
  /** Each answer of the thread (a test waits for them). */
  onAnswer?: (answer: CheckpointAnswer) => void;
  /** How long the thread stays with nothing asked of it before it ends (started again when needed). */
  idleMs?: number;
}

/**
 * The thread ends after this long with nothing asked (about 18 MB of resident memory: its own V8
 * heap and SQLite), so a copy that is not syncing does not keep it; the next checkpoint starts it again.
 */
export const CHECKPOINT_THREAD_IDLE_MS = 30_000;

export function threadCheckpoints({ entry = checkpointWorkerEntry(), walPages = WAL_PAGES_BEFORE_CHECKPOINT, writerFactor = WRITER_CHECKPOINT_FACTOR, onFailure = () => {}, onAnswer = () => {}, idleMs = CHECKPOINT_THREAD_IDLE_MS }: ThreadCheckpointsOptions = {}) {
  const lock = newCheckpointLock();
  let thread: Worker | null = null;
  let failed = false;
  /** Files with a checkpoint asked for and not answered yet. */
  const asked = new Set<string>();
  /** The worker's connections, by file. */
  const adopted = new Map<string, SqliteDatabase>();
  let idleTimer: ReturnType<typeof setTimeout> | null = null;

  /** Ends the thread once nothing was asked of it for `idleMs` (not a failure: the next request starts another). */
  function endWhenIdle() {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      idleTimer = null;
      const idle = thread;
      if (!idle || asked.size > 0) return;
      thread = null;
      idle.removeAllListeners('exit');
      idle.removeAllListeners('error');
      // Ends with nothing asked, so it holds no lock and no connection.
      idle.on('error', () => {});
      void idle.terminate();
    }, idleMs);
    idleTimer.unref();
  }

  function fallBack(message: string) {
    if (failed) return;
    failed = true;
    thread = null;
    asked.clear();
    // A thread that stopped inside a checkpoint never released the lock.
    if (heldByCheckpoint(lock)) releaseLock(lock);
    for (const db of adopted.values()) if (db.open) db.pragma(`wal_autocheckpoint = ${walPages}`);
    adopted.clear();
    onFailure(message);
  }

  function ensureThread(): Worker | null {
    if (thread || failed) return thread;
    let started: Worker;
    try {
      started = startWorker(entry, { lock } satisfies CheckpointWorkerData);
    } catch (error) {
      fallBack(`The checkpoint thread could not start: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
    // It keeps nothing alive: the offline worker's own port does while the app runs.
    started.unref();
    started.on('message', (answer: CheckpointAnswer) => {
      asked.delete(answer.file);
      if (asked.size === 0) endWhenIdle();
      onAnswer(answer);
    });
    started.on('error', (error) => fallBack(`The checkpoint thread failed: ${error.message}`));
    started.on('exit', (code) => fallBack(`The checkpoint thread stopped (exit code ${code}).`));
    thread = started;
    return started;
  }

  return {
    adopt(file: string, db: SqliteDatabase) {
      if (failed) return;
      adopted.set(file, db);
      db.pragma(`wal_autocheckpoint = ${walPages * writerFactor}`);
    },
    afterRequest(file: string, db: SqliteDatabase) {
      if (failed || asked.has(file) || !db.open) return;
      const [wal] = db.pragma('wal_checkpoint(NOOP)') as { log: number; checkpointed: number }[];
      if (!wal) return;
      // Near the writer's own checkpoint, the thread keeps the pages left for it to copy few.
      const due = wal.log >= walPages * (writerFactor - 1) ? walPages / NEAR_WRITER_FRACTION : walPages;
      if (wal.log - wal.checkpointed < due) return;
      const target = ensureThread();
      if (!target) return;
      asked.add(file);
      target.postMessage({ file } satisfies CheckpointRequest);
    },
    exclusive: <T>(act: () => T): T => withoutCheckpoint(lock, act),
    /** Whether the thread is up now (it ends when idle, see CHECKPOINT_THREAD_IDLE_MS). */
    get running(): boolean {
      return thread !== null;
    },
    /** Ends the thread (the offline worker's own end ends it too). */
    async stop() {
      if (idleTimer) clearTimeout(idleTimer);
      const stopping = thread;
      failed = true;
      thread = null;
      if (stopping) await stopping.terminate();
    },
  } satisfies WalCheckpoints & { stop(): Promise<void>; readonly running: boolean };
}
