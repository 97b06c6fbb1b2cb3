import { lte, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { scheduledJobs } from '../db/schema';

/**
 * Claims this period's run of a service-wide job and does its work, in one transaction: the row
 * lock on the job serializes instances, and only the one that finds it due moves `next_run_at`
 * on. A crash mid-work rolls the claim back with the work, so the next check runs it again.
 * Null when the job was not due.
 */
export async function runWhenDue<T>(db: Database, job: string, now: Date, everyMs: number, work: (tx: Database) => Promise<T>): Promise<T | null> {
  const nextRunAt = new Date(now.getTime() + everyMs);
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(scheduledJobs)
      .values({ name: job, nextRunAt })
      .onConflictDoUpdate({ target: scheduledJobs.name, set: { nextRunAt: sql`excluded.next_run_at` }, setWhere: lte(scheduledJobs.nextRunAt, now) })
      .returning({ name: scheduledJobs.name });
    if (claimed.length === 0) return null;
    return work(tx);
  });
}
