import { and, asc, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { WebhookEventName } from '../../../shared';
import type { Database } from '../../db/database';
import { webhookDeliveries, webhookDeliveryAttempts, webhooks, type DeliveryState } from '../../db/schema';
import type { DeliveryAttempt, PendingDelivery } from '../types';
import { newId } from '../ids';

export async function enqueueDeliveries(
  db: Database,
  deliveries: Array<Omit<PendingDelivery, 'id' | 'attempts'>>,
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

/**
 * Pending deliveries whose time has come, oldest first. The URL and secret are read from the
 * registration now, and a deleted or inactive registration yields nothing.
 */
export async function dueDeliveries(db: Database, now: Date, limit: number): Promise<PendingDelivery[]> {
  const rows = await db
    .select({
      id: webhookDeliveries.id,
      webhookId: webhookDeliveries.webhookId,
      url: webhooks.url,
      secret: webhooks.secret,
      eventType: webhookDeliveries.eventType,
      body: webhookDeliveries.body,
      attempts: webhookDeliveries.attempts,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(
      and(
        eq(webhookDeliveries.state, 'pending'),
        lte(webhookDeliveries.nextAttemptAt, now),
        eq(webhooks.active, true),
        isNull(webhooks.deletedAt),
      ),
    )
    .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    eventType: row.eventType as WebhookEventName,
    nextAttemptAt: (row.nextAttemptAt ?? now).toISOString(),
  }));
}

/** Logs the attempt and moves the delivery on: delivered, retried later, or given up. */
export async function recordDeliveryAttempt(db: Database, attempt: DeliveryAttempt): Promise<void> {
  const state: DeliveryState = attempt.ok ? 'delivered' : attempt.nextAttemptAt === null ? 'failed' : 'pending';
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(webhookDeliveries)
      .set({
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        state,
        nextAttemptAt: state === 'pending' && attempt.nextAttemptAt !== null ? new Date(attempt.nextAttemptAt) : null,
      })
      .where(eq(webhookDeliveries.id, attempt.deliveryId))
      .returning({ id: webhookDeliveries.id });
    if (updated.length === 0) return;
    await tx.insert(webhookDeliveryAttempts).values({
      deliveryId: attempt.deliveryId,
      at: new Date(attempt.at),
      ok: attempt.ok,
      statusCode: attempt.statusCode,
      error: attempt.error,
      nextAttemptAt: attempt.nextAttemptAt === null ? null : new Date(attempt.nextAttemptAt),
    });
  });
}

export async function deliveryLog(
  db: Database,
  webhookId: string,
  limit: number,
): Promise<Array<DeliveryAttempt & { eventType: string }>> {
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
