import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { WEBHOOK_TEST_EVENT, type DeliveryEventType, type PageQuery, type Paginated, type WebhookDeliveryRecord } from '../../../shared';
import type { Database } from '../../db/database';
import { webhookDeliveries, webhookDeliveryAttempts, webhooks } from '../../db/schema';
import type { PendingDelivery } from '../types';
import { newId } from '../ids';
import { pageOffset, paginate } from '../pagination';

/**
 * Extensions over the outbox: what was sent to a registration (GET /webhooks/{id}/deliveries),
 * a test event sent now (POST /webhooks/{id}/test), and pausing (PATCH /webhooks/{id}).
 */

type DeliveryRow = Pick<typeof webhookDeliveries.$inferSelect, 'id' | 'eventType' | 'body' | 'state' | 'attempts' | 'nextAttemptAt' | 'createdAt'>;
type AttemptRow = Pick<typeof webhookDeliveryAttempts.$inferSelect, 'deliveryId' | 'at' | 'statusCode' | 'error' | 'durationMs'>;

/** The order an event is about, read from the body it carries (null for a test event). */
function orderIdOf(row: DeliveryRow): string | null {
  if (row.eventType === WEBHOOK_TEST_EVENT) return null;
  try {
    const id = (JSON.parse(row.body) as { data?: { id?: unknown } }).data?.id;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

function toRecord(row: DeliveryRow, last: AttemptRow | undefined): WebhookDeliveryRecord {
  return {
    webhook_id: row.id,
    event: row.eventType as DeliveryEventType,
    order_id: orderIdOf(row),
    state: row.state,
    attempts: row.attempts,
    created_at: row.createdAt.toISOString(),
    last_attempt_at: last?.at.toISOString() ?? null,
    status_code: last?.statusCode ?? null,
    error: last?.error ?? null,
    duration_ms: last?.durationMs ?? null,
    next_retry_at: row.state === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
  };
}

const deliveryColumns = {
  id: webhookDeliveries.id,
  eventType: webhookDeliveries.eventType,
  body: webhookDeliveries.body,
  state: webhookDeliveries.state,
  attempts: webhookDeliveries.attempts,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  createdAt: webhookDeliveries.createdAt,
};

/** The last attempt of each delivery. */
async function lastAttempts(db: Database, deliveryIds: string[]): Promise<Map<string, AttemptRow>> {
  const last = new Map<string, AttemptRow>();
  if (deliveryIds.length === 0) return last;
  const attempts = await db
    .select({
      deliveryId: webhookDeliveryAttempts.deliveryId,
      at: webhookDeliveryAttempts.at,
      statusCode: webhookDeliveryAttempts.statusCode,
      error: webhookDeliveryAttempts.error,
      durationMs: webhookDeliveryAttempts.durationMs,
    })
    .from(webhookDeliveryAttempts)
    .where(inArray(webhookDeliveryAttempts.deliveryId, deliveryIds))
    .orderBy(desc(webhookDeliveryAttempts.at), desc(webhookDeliveryAttempts.id));
  for (const attempt of attempts) if (!last.has(attempt.deliveryId)) last.set(attempt.deliveryId, attempt);
  return last;
}

const ownWebhook = (accountId: string, webhookId: string) =>
  and(eq(webhooks.id, webhookId), eq(webhooks.accountId, accountId), isNull(webhooks.deletedAt));

export async function listDeliveryRecords(
  db: Database,
  accountId: string,
  webhookId: string,
  query: PageQuery,
): Promise<Paginated<WebhookDeliveryRecord> | null> {
  const [owned] = await db.select({ id: webhooks.id }).from(webhooks).where(ownWebhook(accountId, webhookId)).limit(1);
  if (!owned) return null;
  const [totalRow] = await db.select({ total: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhookId));
  const total = Number(totalRow?.total ?? 0);
  if (total === 0 || pageOffset(query) >= total) return paginate([], total, query);
  const rows = await db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(query.per_page)
    .offset(pageOffset(query));
  const last = await lastAttempts(db, rows.map((row) => row.id));
  return paginate(rows.map((row) => toRecord(row, last.get(row.id))), total, query);
}

export async function deliveryRecord(db: Database, deliveryId: string): Promise<WebhookDeliveryRecord | null> {
  const [row] = await db.select(deliveryColumns).from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId)).limit(1);
  if (!row) return null;
  return toRecord(row, (await lastAttempts(db, [row.id])).get(row.id));
}

export async function setWebhookActive(db: Database, accountId: string, webhookId: string, active: boolean) {
  const [row] = await db.update(webhooks).set({ active }).where(ownWebhook(accountId, webhookId)).returning();
  if (!row) return null;
  return { id: row.id, url: row.url, events: row.events, active: row.active, created_at: row.createdAt.toISOString() };
}

/**
 * A webhook.test delivery, written already claimed by the instance that sends it now, so no
 * dispatcher picks it up meanwhile. Its body names the registration and the moment.
 */
export async function createTestDelivery(
  db: Database,
  accountId: string,
  webhookId: string,
  claim: { instanceId: string; leaseMs: number; now: Date },
): Promise<PendingDelivery | 'missing' | 'paused'> {
  const [hook] = await db.select().from(webhooks).where(ownWebhook(accountId, webhookId)).limit(1);
  if (!hook) return 'missing';
  if (!hook.active) return 'paused';
  const id = newId('dlv');
  const body = JSON.stringify({ type: WEBHOOK_TEST_EVENT, timestamp: claim.now.toISOString(), data: { webhook: hook.id, url: hook.url } });
  await db.insert(webhookDeliveries).values({
    id,
    webhookId: hook.id,
    eventType: WEBHOOK_TEST_EVENT,
    body,
    state: 'pending',
    attempts: 0,
    nextAttemptAt: claim.now,
    createdAt: claim.now,
    claimedBy: claim.instanceId,
    leaseUntil: new Date(claim.now.getTime() + claim.leaseMs),
  });
  return { id, webhookId: hook.id, accountId: hook.accountId, url: hook.url, secret: hook.secret, eventType: WEBHOOK_TEST_EVENT, body, attempts: 0, nextAttemptAt: claim.now.toISOString() };
}
