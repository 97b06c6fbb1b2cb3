import type { Order, WebhookDelivery, WebhookEventName } from '../../../shared';
import type { Database } from '../../db/database';
import { webhookDeliveries } from '../../db/schema';
import { newId } from '../ids';
import { webhookTargets } from './registrations';

/**
 * The transactional outbox: an order event is queued for every registration that subscribes to
 * it, in the transaction of the change that causes it. The change and its deliveries commit
 * together or not at all, so no crash between them can lose an event; the dispatchers of every
 * instance then claim and send the rows.
 */
export async function queueOrderEvent(tx: Database, accountId: string, event: WebhookEventName, order: Order, at: Date): Promise<number> {
  const targets = await webhookTargets(tx, accountId, event);
  if (targets.length === 0) return 0;
  const payload: WebhookDelivery = { type: event, timestamp: at.toISOString(), data: order };
  const body = JSON.stringify(payload);
  await tx.insert(webhookDeliveries).values(
    targets.map((target) => ({
      id: newId('dlv'),
      webhookId: target.id,
      eventType: event,
      body,
      state: 'pending' as const,
      attempts: 0,
      nextAttemptAt: at,
      createdAt: at,
    })),
  );
  return targets.length;
}
