import type { Order, WebhookEventName } from '../../shared';
import type { MovedOrder, Store } from '../store/types';
import { createPoller, systemClock, type Clock } from '../scheduling/poller';
import { shipmentFor } from './carriers';

export type SimulatorStore = Pick<Store, 'shipDueOrders' | 'deliverDueOrders'>;

/** Told after an order event has committed (its webhook deliveries are already queued with it). */
export type OrderEventSink = (event: WebhookEventName, accountId: string, order: Order) => Promise<void>;

export interface SimulatorOptions {
  store: SimulatorStore;
  shipAfterSeconds: number;
  deliverAfterSeconds: number;
  /** After each move commits: wakes the webhook dispatcher. */
  onEvent: OrderEventSink;
  clock?: Clock;
  tickMs?: number;
  batchSize?: number;
  onError?: (error: unknown) => void;
}

export interface FulfilmentSimulator {
  /** Ships and delivers every order that is due now; returns how many orders moved. */
  runOnce(): Promise<{ shipped: number; delivered: number }>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * The sandbox's stand-in for a supplier's warehouse and carrier: confirmed orders ship after
 * `shipAfterSeconds`, shipped orders are delivered after a further `deliverAfterSeconds`. Every
 * instance runs one; each batch of due orders is claimed and moved in one transaction
 * (`FOR UPDATE SKIP LOCKED`), so an order moves once, on one instance.
 */
export function createFulfilmentSimulator(options: SimulatorOptions): FulfilmentSimulator {
  const clock = options.clock ?? systemClock;
  const batchSize = options.batchSize ?? 100;
  const { store } = options;
  const reportError = options.onError ?? (() => undefined);
  /** A failed notification must not stop the simulator: the order has moved either way. */
  const notify = (event: WebhookEventName, moved: MovedOrder[]) =>
    Promise.all(moved.map(({ accountId, order }) => options.onEvent(event, accountId, order).catch(reportError)));
  const before = (now: Date, seconds: number) => new Date(now.getTime() - seconds * 1000);

  async function moveAll(move: (now: Date) => Promise<MovedOrder[]>, event: WebhookEventName): Promise<number> {
    let moved = 0;
    for (;;) {
      const batch = await move(clock());
      moved += batch.length;
      await notify(event, batch);
      if (batch.length < batchSize) return moved;
    }
  }

  async function runOnce() {
    const shipped = await moveAll(
      (now) => store.shipDueOrders(before(now, options.shipAfterSeconds), batchSize, (orderId) => shipmentFor(orderId, now), now),
      'order.shipped',
    );
    const delivered = await moveAll((now) => store.deliverDueOrders(before(now, options.deliverAfterSeconds), batchSize, now), 'order.delivered');
    return { shipped, delivered };
  }

  // A quarter of the shorter delay, within 0.2–5 s: timely enough for a demo, and rare enough not
  // to compete with requests for the database (PGlite runs its queries on this thread).
  const shortestDelay = Math.min(options.shipAfterSeconds, options.deliverAfterSeconds);
  const tickMs = options.tickMs ?? Math.max(200, Math.min(5_000, shortestDelay * 250));
  const poller = createPoller(runOnce, tickMs, reportError);
  return { runOnce, start: () => poller.start(), stop: () => poller.stop() };
}
