import { lt } from 'drizzle-orm';
import type { Database } from '../db/database';
import { idempotencyRecords } from '../db/schema';
import { runWhenDue } from './scheduled-job';

export async function pruneIdempotency(db: Database, olderThan: Date): Promise<number> {
  const deleted = await db
    .delete(idempotencyRecords)
    .where(lt(idempotencyRecords.createdAt, olderThan))
    .returning({ key: idempotencyRecords.key });
  return deleted.length;
}

/** Prunes as pruneIdempotency when this period's run is due and this instance claims it (see runWhenDue). */
export const pruneIdempotencyWhenDue = (db: Database, now: Date, olderThan: Date, everyMs: number): Promise<number | null> =>
  runWhenDue(db, 'prune_idempotency_keys', now, everyMs, (tx) => pruneIdempotency(tx, olderThan));
