import { and, asc, desc, eq, inArray, isNull, lte, min, or, sql } from 'drizzle-orm';
import type { DeliveryEventType } from '../../../shared';
import type { Database } from '../../db/database';
import { webhookDeliveries, webhookDeliveryAttempts, webhooks, type DeliveryState } from '../../db/schema';
import type { DeliveryAttempt, DeliveryClaim, DeliveryLogEntry, DeliveryOutcome, PendingDelivery } from '../types';
import { newId } from '../ids';

export async function enqueueDeliveries(
  db: Database,
  deliveries: Array<Omit<PendingDelivery, 'id' | 'attempts' | 'accountId'>>,
  now: Date,
): Promise<void> {
  if (deliveries.length === 0) return;
  await db.insert(webhookDeliveries).values(
    deliveries.map((delivery) => ({
      id: newId('dlv'),
      webhookId: delivery.webhookId,
      eventType: delivery.eventType,
      body: delivery.body,
      state: 'pending' as const,
      attempts: 0,
      nextAttemptAt: new Date(delivery.nextAttemptAt),
      createdAt: now,
    })),
  );
}

/** Pending, due, under no live lease, to an active registration: what an instance may claim now. */
const claimable = (now: Date) =>
  and(
    eq(webhookDeliveries.state, 'pending'),
    lte(webhookDeliveries.nextAttemptAt, now),
    or(isNull(webhookDeliveries.leaseUntil), lte(webhookDeliveries.leaseUntil, now)),
    eq(webhooks.active, true),
    isNull(webhooks.deletedAt),
  );

const byDueTime = (a: PendingDelivery, b: PendingDelivery) =>
  a.nextAttemptAt === b.nextAttemptAt ? (a.id < b.id ? -1 : 1) : a.nextAttemptAt < b.nextAttemptAt ? -1 : 1;

/**
 * Claims up to `limit` claimable deliveries (of one account when `accountId` is given), oldest
 * first, for one instance: one statement marks them `claimed_by` it until `lease_until`. Rows
 * another instance is claiming right now are skipped (`FOR UPDATE SKIP LOCKED`), rows under a
 * live lease are not due, and a lease that ran out (its instance died mid-send) is taken over.
 * The URL and secret are read from the registration now; a deleted or inactive registration
 * yields nothing.
 */
async function claimOldest(db: Database, claim: DeliveryClaim, limit: number, accountId?: string): Promise<PendingDelivery[]> {
  const { now } = claim;
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(and(claimable(now), accountId === undefined ? undefined : eq(webhooks.accountId, accountId)))
    .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id))
    .limit(limit)
    .for('update', { of: webhookDeliveries, skipLocked: true });
  const rows = await db
    .update(webhookDeliveries)
    .set({ claimedBy: claim.instanceId, leaseUntil: new Date(now.getTime() + claim.leaseMs) })
    .from(webhooks)
    .where(and(inArray(webhookDeliveries.id, due), eq(webhooks.id, webhookDeliveries.webhookId)))
    .returning({
      id: webhookDeliveries.id,
      webhookId: webhookDeliveries.webhookId,
      accountId: webhooks.accountId,
      url: webhooks.url,
      secret: webhooks.secret,
      eventType: webhookDeliveries.eventType,
      body: webhookDeliveries.body,
      attempts: webhookDeliveries.attempts,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
    });
  return rows
    .map((row) => ({ ...row, eventType: row.eventType as DeliveryEventType, nextAttemptAt: (row.nextAttemptAt ?? now).toISOString() }))
    .sort(byDueTime);
}

/**
 * Claims due deliveries for one instance (see claimOldest). With a fair share (`perAccount`),
 * one account's backlog never takes every slot: the accounts with claimable deliveries are served
 * in turn, those with the fewest in flight on this instance (`busy`) first, then the one waiting
 * longest, each up to its share; one account's slow receivers hold at most `perAccount` slots.
 */
export async function claimDeliveries(db: Database, claim: DeliveryClaim): Promise<PendingDelivery[]> {
  if (claim.perAccount === undefined) return claimOldest(db, claim, claim.limit);
  const waiting = await db
    .select({ accountId: webhooks.accountId, oldest: min(webhookDeliveries.nextAttemptAt) })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(claimable(claim.now))
    .groupBy(webhooks.accountId);
  const inFlight = (accountId: string) => claim.busy?.get(accountId) ?? 0;
  const turns = waiting
    .map((row) => ({ accountId: row.accountId, oldest: row.oldest?.getTime() ?? 0, share: (claim.perAccount ?? 0) - inFlight(row.accountId) }))
    .filter((turn) => turn.share > 0)
    .sort((a, b) => inFlight(a.accountId) - inFlight(b.accountId) || a.oldest - b.oldest || (a.accountId < b.accountId ? -1 : 1));
  const claimed: PendingDelivery[] = [];
  for (const turn of turns) {
    const room = claim.limit - claimed.length;
    if (room <= 0) break;
    claimed.push(...(await claimOldest(db, claim, Math.min(turn.share, room), turn.accountId)));
  }
  return claimed.sort(byDueTime);
}

/**
 * Logs an attempt and moves the delivery on, computed in SQL from the row as it is now, not as
 * the sender read it: the attempt count goes up by one; delivered, given up after
 * `maxAttempts` (or at once when the attempt is `final`), or retried `retryBaseMs · 2^(attempts−1)` (at most `maxRetryDelayMs`) after
 * `at`. The claim is released. Only the instance holding the claim can record: a sender whose
 * lease was taken over records nothing and gets null.
 */
export async function recordDeliveryAttempt(db: Database, attempt: DeliveryAttempt): Promise<DeliveryOutcome | null> {
  const { policy } = attempt;
  const at = sql`${attempt.at}::timestamptz`;
  const made = sql`${webhookDeliveries.attempts} + 1`;
  const givenUp = sql`(${attempt.final ?? false}::boolean or ${made} >= ${policy.maxAttempts}::int)`;
  const finished = sql`(${attempt.ok}::boolean or ${givenUp})`;
  const delay = sql`least(${policy.maxRetryDelayMs}::float8, ${policy.retryBaseMs}::float8 * power(2, ${webhookDeliveries.attempts}))`;
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(webhookDeliveries)
      .set({
        attempts: made,
        state: sql<DeliveryState>`case when ${attempt.ok}::boolean then 'delivered' when ${givenUp} then 'failed' else 'pending' end`,
        nextAttemptAt: sql`case when ${finished} then null else ${at} + ${delay} * interval '1 millisecond' end`,
        claimedBy: null,
        leaseUntil: null,
      })
      .where(
        and(
          eq(webhookDeliveries.id, attempt.deliveryId),
          eq(webhookDeliveries.state, 'pending'),
          eq(webhookDeliveries.claimedBy, attempt.instanceId),
        ),
      )
      .returning({ attempts: webhookDeliveries.attempts, state: webhookDeliveries.state, nextAttemptAt: webhookDeliveries.nextAttemptAt });
    if (!updated) return null;
    await tx.insert(webhookDeliveryAttempts).values({
      deliveryId: attempt.deliveryId,
      at: new Date(attempt.at),
      ok: attempt.ok,
      statusCode: attempt.statusCode,
      error: attempt.error,
      nextAttemptAt: updated.nextAttemptAt,
      durationMs: attempt.durationMs === undefined ? null : Math.max(0, Math.round(attempt.durationMs)),
    });
    return { state: updated.state, attempts: updated.attempts, nextAttemptAt: updated.nextAttemptAt?.toISOString() ?? null };
  });
}

/** Gives back every claim of an instance that is stopping, so others send those deliveries now. */
export async function releaseDeliveries(db: Database, instanceId: string): Promise<number> {
  const released = await db
    .update(webhookDeliveries)
    .set({ claimedBy: null, leaseUntil: null })
    .where(and(eq(webhookDeliveries.claimedBy, instanceId), eq(webhookDeliveries.state, 'pending')))
    .returning({ id: webhookDeliveries.id });
  return released.length;
}

export async function deliveryLog(db: Database, webhookId: string, limit: number): Promise<DeliveryLogEntry[]> {
  const rows = await db
    .select({
      deliveryId: webhookDeliveryAttempts.deliveryId,
      at: webhookDeliveryAttempts.at,
      ok: webhookDeliveryAttempts.ok,
      statusCode: webhookDeliveryAttempts.statusCode,
      error: webhookDeliveryAttempts.error,
      nextAttemptAt: webhookDeliveryAttempts.nextAttemptAt,
      eventType: webhookDeliveries.eventType,
    })
    .from(webhookDeliveryAttempts)
    .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookDeliveryAttempts.deliveryId))
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveryAttempts.at), desc(webhookDeliveryAttempts.id))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    at: row.at.toISOString(),
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
  }));
}
