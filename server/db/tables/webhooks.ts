import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { accounts } from './accounts';

/**
 * A deleted registration keeps its row (with `deleted_at`) so its delivery log stays intact;
 * every read filters it out and nothing is delivered to it.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    /** The `whsec_…` signing secret; needed in clear to sign every delivery. */
    secret: text('secret').notNull(),
    active: boolean('active').notNull(),
    createdAt: instant('created_at').notNull(),
    deletedAt: instant('deleted_at'),
  },
  (table) => [index('webhooks_account_idx').on(table.accountId, table.createdAt)],
);

export const DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    webhookId: text('webhook_id')
      .notNull()
      .references(() => webhooks.id),
    eventType: text('event_type').notNull(),
    /** The serialized body, so every retry signs and sends the same bytes. */
    body: text('body').notNull(),
    state: text('state').$type<DeliveryState>().notNull(),
    attempts: integer('attempts').notNull(),
    nextAttemptAt: instant('next_attempt_at'),
    createdAt: instant('created_at').notNull(),
    /**
     * The instance sending it now, until `lease_until`: a pending delivery is claimed by one
     * instance at a time, and one whose lease ran out (its instance died mid-send) is taken over.
     */
    claimedBy: text('claimed_by'),
    leaseUntil: instant('lease_until'),
  },
  (table) => [
    index('webhook_deliveries_due_idx').on(table.nextAttemptAt).where(sql`${table.state} = 'pending'`),
    index('webhook_deliveries_webhook_idx').on(table.webhookId),
  ],
);

export const webhookDeliveryAttempts = pgTable(
  'webhook_delivery_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id),
    at: instant('at').notNull(),
    ok: boolean('ok').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    nextAttemptAt: instant('next_attempt_at'),
    /** How long the attempt took, request to answer or failure (null in attempts logged before it was measured). */
    durationMs: integer('duration_ms'),
  },
  (table) => [index('webhook_delivery_attempts_delivery_idx').on(table.deliveryId, table.at)],
);
