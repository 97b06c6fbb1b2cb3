import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { rateLimitCounters } from '../db/schema';

export interface RateLimitHit {
  /** Requests counted for the key in its current window, these included. */
  count: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

/** Counts requests per key in fixed windows shared by every instance on the same database. */
export interface RateLimitCounter {
  /** Counts `amount` requests (default 1) of the key; a window that has ended restarts. */
  hit(key: string, windowMs: number, amount?: number): Promise<RateLimitHit>;
}

/** Rows whose window ended this long ago are deleted, at most once per this interval. */
const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * One statement per request: the key's row is created, counted, or restarted when its window has
 * ended, and the count comes back. Concurrent hits on one key queue on its row, so no two
 * instances see the same count. Windows are timed by the database's clock.
 */
export function createRateLimitCounter(db: Database, now: () => number = Date.now): RateLimitCounter {
  let prunedAt = now();
  const t = rateLimitCounters;
  return {
    async hit(key, windowMs, amount = 1) {
      if (now() - prunedAt > PRUNE_EVERY_MS) {
        prunedAt = now();
        // Best effort: a failed prune leaves old rows for the next one.
        db.delete(t)
          .where(sql`${t.windowEndsAt} < now() - interval '1 hour'`)
          .catch(() => undefined);
      }
      const windowEnds = sql`now() + ${windowMs} * interval '1 millisecond'`;
      const ended = sql`${t.windowEndsAt} <= now()`;
      const [row] = await db
        .insert(t)
        .values({ key, count: amount, windowEndsAt: windowEnds })
        .onConflictDoUpdate({
          target: t.key,
          set: {
            count: sql`case when ${ended} then ${amount}::integer else ${t.count} + ${amount}::integer end`,
            windowEndsAt: sql`case when ${ended} then excluded.window_ends_at else ${t.windowEndsAt} end`,
          },
        })
        .returning({
          count: t.count,
          ttlMs: sql<string>`greatest(0, ceil(extract(epoch from ${t.windowEndsAt} - now()) * 1000))::text`,
        });
      if (!row) throw new Error(`the rate limit counter of ${key} returned no row`);
      return { count: row.count, ttlMs: Number(row.ttlMs) };
    },
  };
}
