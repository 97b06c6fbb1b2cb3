import type { Order, WebhookEventName } from '../../shared';
import type { Store } from '../store/types';
import { createPoller, systemClock, type Clock } from '../scheduling/poller';
import { shipmentFor } from './carriers';

export type SimulatorStore = Pick<Store, 'ordersDueToShip' | 'ordersDueToDeliver' | 'markShipped' | 'markDelivered'>;

export type OrderEventSink = (event: WebhookEventName, accountId: string, order: Order) => Promise<void>;

export interface SimulatorOptions {
  store: SimulatorStore;
  shipAfterSeconds: number;
  deliverAfterSeconds: number;
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
 * `shipAfterSeconds`, shipped orders are delivered after a further `deliverAfterSeconds`.
 */
export function createFulfilmentSimulator(options: SimulatorOptions): FulfilmentSimulator {
  const clock = options.clock ?? systemClock;
  const batchSize = options.batchSize ?? 100;
  const { store } = options;
  const reportError = options.onError ?? (() => undefined);
  /** A failed notification must not stop the simulator: the order has moved either way. */
  const onEvent: OrderEventSink = (event, accountId, order) => options.onEvent(event, accountId, order).catch(reportError);
  const before = (now: Date, seconds: number) => new Date(now.getTime() - seconds * 1000);

  async function shipDue(): Promise<number> {
    let moved = 0;
    for (;;) {
      const now = clock();
      const due = await store.ordersDueToShip(before(now, options.shipAfterSeconds), batchSize);
      for (const { id, accountId } of due) {
        const order = await store.markShipped(id, shipmentFor(id, now), now);
        if (!order) continue;
        moved += 1;
        await onEvent('order.shipped', accountId, order);
      }
      if (due.length < batchSize) return moved;
    }
  }

  async function deliverDue(): Promise<number> {
    let moved = 0;
    for (;;) {
      const now = clock();
      const due = await store.ordersDueToDeliver(before(now, options.deliverAfterSeconds), batchSize);
      for (const { id, accountId } of due) {
        const order = await store.markDelivered(id, now);
        if (!order) continue;
        moved += 1;
        await onEvent('order.delivered', accountId, order);
      }
      if (due.length < batchSize) return moved;
    }
  }

  async function runOnce() {
    const shipped = await shipDue();
    const delivered = await deliverDue();
    return { shipped, delivered };
  }

  // A quarter of the shorter delay, within 0.2–5 s: timely enough for a demo, and rare enough not
  // to compete with requests for the database (PGlite runs its queries on this thread).
  const shortestDelay = Math.min(options.shipAfterSeconds, options.deliverAfterSeconds);
  const tickMs = options.tickMs ?? Math.max(200, Math.min(5_000, shortestDelay * 250));
  const poller = createPoller(runOnce, tickMs, reportError);
  return { runOnce, start: () => poller.start(), stop: () => poller.stop() };
}
