import { and, asc, count, eq, inArray, isNull, like, or, sql } from 'drizzle-orm';
import { WEBHOOKS_PER_ACCOUNT_MAX, type CreateWebhookBody, type Webhook, type WebhookEventName } from '../../../shared';
import type { Database } from '../../db/database';
import { accounts, webhooks } from '../../db/schema';
import type { CreateWebhookResult, WebhookTarget } from '../types';
import { newId } from '../ids';
import { DEMO_RECEIVER_PATH, FORMER_DEMO_WEBHOOK_URL, isDemoReceiverUrl } from '../../webhooks/demo-receiver';

type WebhookRow = typeof webhooks.$inferSelect;

const toWebhook = (row: WebhookRow): Webhook => ({
  id: row.id,
  url: row.url,
  events: row.events,
  active: row.active,
  created_at: row.createdAt.toISOString(),
});

const notDeleted = isNull(webhooks.deletedAt);

export async function listWebhooks(db: Database, accountId: string): Promise<Webhook[]> {
  const rows = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.accountId, accountId), notDeleted))
    .orderBy(asc(webhooks.createdAt), asc(webhooks.id));
  return rows.map(toWebhook);
}

/**
 * Registers a webhook unless the account already has WEBHOOKS_PER_ACCOUNT_MAX. The account's row
 * is locked while counting and inserting, so concurrent registrations (several instances) cannot
 * both take the last place.
 */
export async function createWebhook(
  db: Database,
  accountId: string,
  body: CreateWebhookBody,
  secret: string,
  now: Date,
): Promise<CreateWebhookResult> {
  return db.transaction(async (tx) => {
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
    const [registered] = await tx.select({ total: count() }).from(webhooks).where(and(eq(webhooks.accountId, accountId), notDeleted));
    if (Number(registered?.total ?? 0) >= WEBHOOKS_PER_ACCOUNT_MAX) return { kind: 'limit_reached' as const, limit: WEBHOOKS_PER_ACCOUNT_MAX };
    const [row] = await tx
      .insert(webhooks)
      .values({ id: newId('wh'), accountId, url: body.url, events: [...body.events], secret, active: true, createdAt: now })
      .returning();
    if (!row) throw new Error('webhook insert returned no row');
    return { kind: 'created' as const, webhook: toWebhook(row) };
  });
}

/** Soft delete: the row stays for the delivery log, but is never listed or delivered to again. */
export async function deleteWebhook(db: Database, accountId: string, webhookId: string, now: Date): Promise<boolean> {
  const deleted = await db
    .update(webhooks)
    .set({ deletedAt: now, active: false })
    .where(and(eq(webhooks.id, webhookId), eq(webhooks.accountId, accountId), notDeleted))
    .returning({ id: webhooks.id });
  return deleted.length > 0;
}

/** Points the demo's registrations (isDemoReceiverUrl) at `url`; returns how many moved. */
export async function pointDemoWebhooksAt(db: Database, url: string): Promise<number> {
  const candidates = await db
    .select({ id: webhooks.id, url: webhooks.url })
    .from(webhooks)
    .where(and(notDeleted, or(eq(webhooks.url, FORMER_DEMO_WEBHOOK_URL), like(webhooks.url, `%${DEMO_RECEIVER_PATH}`))));
  const moving = candidates.filter((row) => row.url !== url && isDemoReceiverUrl(row.url)).map((row) => row.id);
  if (moving.length === 0) return 0;
  await db.update(webhooks).set({ url }).where(inArray(webhooks.id, moving));
  return moving.length;
}

export async function webhookTargets(db: Database, accountId: string, event: WebhookEventName): Promise<WebhookTarget[]> {
  const rows = await db
    .select()
    .from(webhooks)
    .where(
      and(
        eq(webhooks.accountId, accountId),
        eq(webhooks.active, true),
        notDeleted,
        sql`${event} = any(${webhooks.events})`,
      ),
    )
    .orderBy(asc(webhooks.createdAt), asc(webhooks.id));
  return rows.map((row) => ({ ...toWebhook(row), accountId: row.accountId, secret: row.secret }));
}
