import { lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { idempotencyRecords, scheduledJobs } from '../db/schema';

export async function pruneIdempotency(db: Database, olderThan: Date): Promise<number> {
  const deleted = await db
    .delete(idempotencyRecords)
    .where(lt(idempotencyRecords.createdAt, olderThan))
    .returning({ key: idempotencyRecords.key });
  return deleted.length;
}

const PRUNE_JOB = 'prune_idempotency_keys';

/**
 * Claims this period's run of the pruning job and prunes, in one transaction: the row lock on the
 * job serializes instances, and only the one that finds it due moves `next_run_at` on. A crash
 * mid-prune rolls the claim back with the deletes, so the next check runs it again.
 */
export async function pruneIdempotencyWhenDue(db: Database, now: Date, olderThan: Date, everyMs: number): Promise<number | null> {
  const nextRunAt = new Date(now.getTime() + everyMs);
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(scheduledJobs)
      .values({ name: PRUNE_JOB, nextRunAt })
      .onConflictDoUpdate({ target: scheduledJobs.name, set: { nextRunAt: sql`excluded.next_run_at` }, setWhere: lte(scheduledJobs.nextRunAt, now) })
      .returning({ name: scheduledJobs.name });
    if (claimed.length === 0) return null;
    return pruneIdempotency(tx, olderThan);
  });
}
