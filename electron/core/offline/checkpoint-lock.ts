/**
 * Who may touch the offline databases' files at a given moment: the checkpoint thread while it
 * checkpoints one (checkpoint-run.ts), or the offline worker while it closes a connection, sets a
 * file aside or removes files (wal-checkpoints.ts). One 32-bit word in memory both threads share.
 *
 * Why it is needed: the checkpoint thread's connection must never be the last one to close a
 * database. SQLite's last connection checkpoints and deletes `<file>-wal` by its name as it
 * closes, and by then a file set aside may have a new database in its place, whose log that would be.
 */

const FREE = 0;
const CHECKPOINTING = 1;
const CLOSING = 2;

export type CheckpointLock = Int32Array;

export const newCheckpointLock = (): CheckpointLock => new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));

/** The checkpoint thread takes it for one checkpoint; false when the worker holds it (then no checkpoint now). */
export const takeForCheckpoint = (lock: CheckpointLock): boolean => Atomics.compareExchange(lock, 0, FREE, CHECKPOINTING) === FREE;

export function releaseLock(lock: CheckpointLock): void {
  Atomics.store(lock, 0, FREE);
  Atomics.notify(lock, 0);
}

/** Whether a checkpoint holds it: the checkpoint thread stopped while it did (then the worker releases it). */
export const heldByCheckpoint = (lock: CheckpointLock): boolean => Atomics.load(lock, 0) === CHECKPOINTING;

/**
 * Runs `act` with no checkpoint under way or starting meanwhile: it waits for one under way (a
 * checkpoint copies at most about 64 MiB: well under a second) and at most `waitMs`, after which a
 * checkpoint thread that never released it is taken to have stopped. Only the offline worker's
 * thread calls it (it blocks that thread while it waits).
 */
export function withoutCheckpoint<T>(lock: CheckpointLock, act: () => T, waitMs = 30_000): T {
  const until = Date.now() + waitMs;
  while (Atomics.compareExchange(lock, 0, FREE, CLOSING) !== FREE) {
    const left = until - Date.now();
    if (left <= 0) {
      Atomics.store(lock, 0, CLOSING);
      break;
    }
    Atomics.wait(lock, 0, CHECKPOINTING, left);
  }
  try {
    return act();
  } finally {
    releaseLock(lock);
  }
}
