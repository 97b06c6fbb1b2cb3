import type { WebhookDeliveryRecord } from '../../shared';
import type { Store } from '../store/types';
import type { Clock } from '../scheduling/poller';
import { sendDelivery } from './sender';
import { defaultLeaseMs } from './delivery-timing';
import type { DeliveryMode, Resolver } from './target-policy';

export interface TestEventOptions {
  mode: DeliveryMode;
  /** Bounds the whole send; a receiver that does not answer in time is reported as failed. */
  timeoutMs: number;
  clock: Clock;
  instanceId: string;
  resolve?: Resolver;
}

/** One attempt, never retried: the test reports what happened now. */
const ONE_ATTEMPT = { maxAttempts: 1, retryBaseMs: 0, maxRetryDelayMs: 0 };

/**
 * Extension POST /webhooks/{id}/test: a signed webhook.test delivery, logged with the others,
 * sent at once by this instance (it is written already claimed, so no dispatcher sends it too).
 */
export async function sendTestEvent(
  store: Pick<Store, 'createTestDelivery' | 'recordDeliveryAttempt' | 'deliveryRecord'>,
  accountId: string,
  webhookId: string,
  options: TestEventOptions,
): Promise<WebhookDeliveryRecord | 'missing' | 'paused'> {
  const now = options.clock();
  const delivery = await store.createTestDelivery(accountId, webhookId, { instanceId: options.instanceId, leaseMs: defaultLeaseMs(options.timeoutMs), now });
  if (typeof delivery === 'string') return delivery;
  const outcome = await sendDelivery(
    { id: delivery.id, url: delivery.url, secret: delivery.secret, body: delivery.body },
    { mode: options.mode, timeoutMs: options.timeoutMs, now, resolve: options.resolve },
  );
  await store.recordDeliveryAttempt({
    deliveryId: delivery.id,
    instanceId: options.instanceId,
    at: options.clock().toISOString(),
    ok: outcome.ok,
    statusCode: outcome.statusCode,
    error: outcome.error,
    durationMs: outcome.durationMs,
    policy: ONE_ATTEMPT,
  });
  const record = await store.deliveryRecord(delivery.id);
  if (!record) throw new Error(`test delivery ${delivery.id} vanished`);
  return record;
}
