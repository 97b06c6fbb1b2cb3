import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from './columns';

/**
 * The shared rate limit's counters when the service runs on PostgreSQL (several instances count
 * together): one row per key, the requests counted in its current window and when that window
 * ends. Windows are timed by the database's clock, so instances with skewed clocks agree.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowEndsAt: instant('window_ends_at').notNull(),
});
