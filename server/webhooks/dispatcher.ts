import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { PendingDelivery, RetryPolicy, Store } from '../store/types';
import { createPoller, systemClock, type Clock } from '../scheduling/poller';
import { sendDelivery } from './sender';
import { DEFAULT_SEND_SLOTS, DEFAULT_SEND_TIMEOUT_MS, defaultLeaseMs, defaultPollIntervalMs, defaultSlotsPerAccount } from './delivery-timing';
import type { DeliveryMode, Resolver } from './target-policy';

export type DispatcherStore = Pick<Store, 'claimDeliveries' | 'recordDeliveryAttempt' | 'releaseDeliveries'>;

export interface DispatcherOptions {
  store: DispatcherStore;
  mode: DeliveryMode;
  /** Names this instance's claims; unique per running service. */
  instanceId?: string;
  clock?: Clock;
  /** How often queued deliveries are looked at when nothing wakes the loop (new events wake it). */
  pollIntervalMs?: number;
  /** Delay before the first retry; each further retry waits twice as long, up to `maxRetryDelayMs`. */
  retryBaseMs?: number;
  maxRetryDelayMs?: number;
  /** Attempts per delivery, the first included; after the last failure it is given up. */
  maxAttempts?: number;
  /** Deliveries sent at once; also how many are claimed at a time. */
  concurrency?: number;
  /**
   * The most of those an account's deliveries may hold at once (its fair share; default
   * defaultSlotsPerAccount). An account whose receivers are slow or silent keeps at most this many
   * slots busy, so another account's deliveries never wait for its timeouts.
   */
  slotsPerAccount?: number;
  timeoutMs?: number;
  /**
   * How long a claim holds: past it, another instance takes the delivery over (this one died
   * mid-send). Longer than a send can take, timeout included.
   */
  leaseMs?: number;
  onError?: (error: unknown) => void;
  /** Host name resolution for production mode's address check; tests pass a fake one. */
  resolve?: Resolver;
}

export interface WebhookDispatcher {
  readonly instanceId: string;
  /** Looks for due deliveries now (an event was just queued). */
  wake(): void;
  /** Claims and sends the deliveries that are due now, waiting for the answers; returns how many were attempted. */
  runOnce(): Promise<number>;
  start(): void;
  /** Starts no new send, lets those in flight finish, then releases whatever this instance still claims. */
  stop(): Promise<void>;
}

export const newInstanceId = (): string => `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;

/**
 * Sends the webhook deliveries queued in the database (the outbox). Every instance of the service
 * runs one; a delivery is claimed by one of them at a time under a lease, and the attempt count,
 * next delay and give-up are computed by the database from the claimed row.
 */
export function createWebhookDispatcher(options: DispatcherOptions): WebhookDispatcher {
  const clock = options.clock ?? systemClock;
  const instanceId = options.instanceId ?? newInstanceId();
  const policy: RetryPolicy = {
    maxAttempts: options.maxAttempts ?? 8,
    retryBaseMs: options.retryBaseMs ?? 5_000,
    maxRetryDelayMs: options.maxRetryDelayMs ?? 3_600_000,
  };
  const timeoutMs = options.timeoutMs ?? DEFAULT_SEND_TIMEOUT_MS;
  const leaseMs = options.leaseMs ?? defaultLeaseMs(timeoutMs);
  const concurrency = options.concurrency ?? DEFAULT_SEND_SLOTS;
  const slotsPerAccount = Math.min(concurrency, options.slotsPerAccount ?? defaultSlotsPerAccount(concurrency));
  const onError = options.onError ?? (() => undefined);
  const { store } = options;
  let stopping = false;

  async function attempt(delivery: PendingDelivery): Promise<void> {
    const outcome = await sendDelivery(
      { id: delivery.id, url: delivery.url, secret: delivery.secret, body: delivery.body },
      { mode: options.mode, timeoutMs, now: clock(), resolve: options.resolve },
    );
    await store.recordDeliveryAttempt({
      deliveryId: delivery.id,
      instanceId,
      at: clock().toISOString(),
      ok: outcome.ok,
      statusCode: outcome.statusCode,
      error: outcome.error,
      durationMs: outcome.durationMs,
      // A target production mode refuses stays refused: give it up now, with the reason, instead of retrying for hours.
      final: outcome.refused === true,
      policy,
    });
  }

  const inFlight = new Set<Promise<void>>();
  /** Sends in flight per account, for the fair share. */
  const busy = new Map<string, number>();
  const count = (accountId: string, step: 1 | -1) => {
    const next = (busy.get(accountId) ?? 0) + step;
    if (next > 0) busy.set(accountId, next);
    else busy.delete(accountId);
  };

  /**
   * Claims as many due deliveries as there are free sending slots (each account up to its fair
   * share) and starts sending them, without waiting for the answers: a slow receiver holds one
   * slot, not the whole instance. A finished send frees its slot and looks for more. Returns how
   * many were claimed.
   */
  async function pump(): Promise<number> {
    let claimedTotal = 0;
    while (!stopping) {
      const free = concurrency - inFlight.size;
      if (free <= 0) break;
      const claimed = await store.claimDeliveries({ instanceId, now: clock(), leaseMs, limit: free, perAccount: slotsPerAccount, busy });
      for (const delivery of claimed) {
        count(delivery.accountId, 1);
        const sending: Promise<void> = attempt(delivery)
          .catch(onError)
          .finally(() => {
            inFlight.delete(sending);
            count(delivery.accountId, -1);
            poller.wake();
          });
        inFlight.add(sending);
      }
      claimedTotal += claimed.length;
      if (claimed.length < free) break;
    }
    return claimedTotal;
  }

  async function runOnce(): Promise<number> {
    let attempted = 0;
    for (;;) {
      const claimed = await pump();
      await Promise.all([...inFlight]);
      attempted += claimed;
      if (claimed === 0) return attempted;
    }
  }

  const poller = createPoller(pump, options.pollIntervalMs ?? defaultPollIntervalMs(policy.retryBaseMs), onError);

  return {
    instanceId,
    wake: () => poller.wake(),
    runOnce,
    start() {
      stopping = false;
      poller.start();
    },
    async stop() {
      stopping = true;
      try {
        await poller.stop();
        await Promise.all([...inFlight]);
        await store.releaseDeliveries(instanceId).catch(onError);
      } finally {
        stopping = false;
      }
    },
  };
}
