import pLimit from 'p-limit';
import type { Order, WebhookDelivery, WebhookEventName } from '../../shared';
import type { PendingDelivery, Store } from '../store/types';
import { createPoller, systemClock, type Clock } from '../scheduling/poller';
import { sendDelivery } from './sender';
import type { DeliveryMode, Resolver } from './target-policy';

export type DispatcherStore = Pick<Store, 'webhookTargets' | 'enqueueDeliveries' | 'dueDeliveries' | 'recordDeliveryAttempt'>;

export interface DispatcherOptions {
  store: DispatcherStore;
  mode: DeliveryMode;
  clock?: Clock;
  /** How often queued deliveries are looked at when nothing wakes the loop (new events wake it). */
  pollIntervalMs?: number;
  /** Delay before the first retry; each further retry waits twice as long, up to `maxRetryDelayMs`. */
  retryBaseMs?: number;
  maxRetryDelayMs?: number;
  /** Attempts per delivery, the first included; after the last failure it is given up. */
  maxAttempts?: number;
  concurrency?: number;
  timeoutMs?: number;
  batchSize?: number;
  onError?: (error: unknown) => void;
  /** Host name resolution for production mode's address check; tests pass a fake one. */
  resolve?: Resolver;
}

export interface WebhookDispatcher {
  /** Queues the event for every active registration of the account that subscribes to it. */
  publish(event: WebhookEventName, accountId: string, order: Order): Promise<void>;
  /** Sends the deliveries that are due now; returns how many were attempted. */
  runOnce(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

export function retryDelayMs(attemptsMade: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attemptsMade - 1));
}

export function createWebhookDispatcher(options: DispatcherOptions): WebhookDispatcher {
  const clock = options.clock ?? systemClock;
  const retryBaseMs = options.retryBaseMs ?? 5_000;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 3_600_000;
  const maxAttempts = options.maxAttempts ?? 8;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const batchSize = options.batchSize ?? 50;
  const limit = pLimit(options.concurrency ?? 8);
  const onError = options.onError ?? (() => undefined);
  const { store } = options;

  async function attempt(delivery: PendingDelivery): Promise<void> {
    const outcome = await sendDelivery(
      { id: delivery.id, url: delivery.url, secret: delivery.secret, body: delivery.body },
      { mode: options.mode, timeoutMs, now: clock(), resolve: options.resolve },
    );
    const at = clock();
    const attemptsMade = delivery.attempts + 1;
    const retry = !outcome.ok && attemptsMade < maxAttempts;
    await store.recordDeliveryAttempt({
      deliveryId: delivery.id,
      at: at.toISOString(),
      ok: outcome.ok,
      statusCode: outcome.statusCode,
      error: outcome.error,
      nextAttemptAt: retry ? new Date(at.getTime() + retryDelayMs(attemptsMade, retryBaseMs, maxRetryDelayMs)).toISOString() : null,
    });
  }

  async function runOnce(): Promise<number> {
    let attempted = 0;
    for (;;) {
      const due = await store.dueDeliveries(clock(), batchSize);
      if (due.length === 0) return attempted;
      await Promise.all(due.map((delivery) => limit(() => attempt(delivery))));
      attempted += due.length;
      if (due.length < batchSize) return attempted;
    }
  }

  const poller = createPoller(runOnce, options.pollIntervalMs ?? Math.min(retryBaseMs, 5_000), onError);

  return {
    async publish(event, accountId, order) {
      const targets = await store.webhookTargets(accountId, event);
      if (targets.length === 0) return;
      const now = clock();
      const payload: WebhookDelivery = { type: event, timestamp: now.toISOString(), data: order };
      const body = JSON.stringify(payload);
      await store.enqueueDeliveries(
        targets.map((target) => ({
          webhookId: target.id,
          url: target.url,
          secret: target.secret,
          eventType: event,
          body,
          nextAttemptAt: now.toISOString(),
        })),
      );
      poller.wake();
    },
    runOnce,
    start: () => poller.start(),
    stop: () => poller.stop(),
  };
}
