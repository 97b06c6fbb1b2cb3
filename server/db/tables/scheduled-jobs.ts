import { pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from './columns';

/**
 * Periodic jobs of the whole service (pruning idempotency keys): the instance that moves a job's
 * `next_run_at` forward, in the transaction that does the work, is the one that runs it this time.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: instant('next_run_at').notNull(),
});
