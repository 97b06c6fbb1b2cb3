/**
 * One checkpoint of a database's write-ahead log, as the checkpoint thread runs it
 * (checkpoint-worker.ts): its own short-lived connection copies the pages the log holds into the
 * file while the offline worker goes on writing and searching on its connection (WAL mode lets a
 * checkpoint run beside a writer and readers). Kept free of `worker_threads` so it can be tested
 * in-process.
 *
 * The log starts over from its beginning only at a transaction that begins with every page of it in
 * the file, and the writer is inside a transaction most of the time: while a sync writes, these
 * checkpoints keep the pages not yet copied few, and the writer's own checkpoint at
 * `WRITER_CHECKPOINT_FACTOR` times the threshold (wal-checkpoints.ts) copies the last of them and
 * lets the log start over. Copying the last pages is what holds the writer: at a million products
 * about 200 ms for two or three feed pages' worth, most of it the log's and the file's writes
 * reaching the disk (docs/benchmarks.md).
 */
import { existsSync } from 'node:fs';
import { releaseLock, takeForCheckpoint, type CheckpointLock } from './checkpoint-lock';
import type { SqliteConstructor, SqliteDatabase } from './sqlite-driver';

/**
 * What one request did. `log`: pages in the log when it ended; `copied`: how many of them are in the
 * file. `skipped`: no checkpoint ran (the worker was closing or removing files, or the file is gone).
 */
export type CheckpointOutcome = { ran: true; log: number; copied: number } | { ran: false; skipped: 'closing' | 'gone' };

/**
 * Rounds in one request: a round copies what the log held as it began, and the writer commits
 * meanwhile, so a round that did not catch up is followed by another, which has less to copy.
 */
export const CHECKPOINT_ROUNDS = 4;

const checkpoint = (db: SqliteDatabase) => (db.pragma('wal_checkpoint(PASSIVE)') as { log: number; checkpointed: number }[])[0]!;

export function checkpointFile(Driver: SqliteConstructor, file: string, lock: CheckpointLock, rounds = CHECKPOINT_ROUNDS): CheckpointOutcome {
  if (!takeForCheckpoint(lock)) return { ran: false, skipped: 'closing' };
  try {
    // A file removed since the request (the copy cleared) is not made again as an empty database.
    if (!existsSync(file)) return { ran: false, skipped: 'gone' };
    const db = new Driver(file, { fileMustExist: true });
    try {
      db.pragma('synchronous = NORMAL');
      let state = { log: 0, checkpointed: 0 };
      for (let round = 0; round < rounds; round += 1) {
        state = checkpoint(db);
        if (state.checkpointed >= state.log) break;
      }
      return { ran: true, log: state.log, copied: state.checkpointed };
    } finally {
      // Never the last connection: the offline worker's stays open while this holds the lock.
      db.close();
    }
  } finally {
    releaseLock(lock);
  }
}
