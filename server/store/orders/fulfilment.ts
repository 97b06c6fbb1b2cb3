import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Order, WebhookEventName } from '../../../shared';
import type { Database } from '../../db/database';
import { orderEvents, orderItems, orders, products } from '../../db/schema';
import type { CancelResult, MovedOrder, ShipmentInput } from '../types';
import { queueOrderEvent } from '../webhooks/webhook-outbox';
import { bumpCatalogVersion } from '../catalog/version';
import { returnBottles } from '../catalog/bottle-stock';
import { loadOrder } from './order-reader';

export type DueOrder = { id: string; accountId: string };

export async function ordersDueToShip(db: Database, before: Date, limit: number): Promise<DueOrder[]> {
  return db
    .select({ id: orders.id, accountId: orders.accountId })
    .from(orders)
    .where(and(eq(orders.status, 'confirmed'), lte(orders.confirmedAt, before)))
    .orderBy(asc(orders.confirmedAt), asc(orders.id))
    .limit(limit);
}

export async function ordersDueToDeliver(db: Database, before: Date, limit: number): Promise<DueOrder[]> {
  return db
    .select({ id: orders.id, accountId: orders.accountId })
    .from(orders)
    .where(and(eq(orders.status, 'shipped'), lte(orders.shippedAt, before)))
    .orderBy(asc(orders.shippedAt), asc(orders.id))
    .limit(limit);
}

type OrderChanges = Partial<typeof orders.$inferInsert>;

/** A move of an order: its new state, its timeline entry, and the webhook event it raises, if any. */
interface Transition {
  from: Order['status'];
  changes: OrderChanges;
  timelineEvent: string;
  webhookEvent: WebhookEventName | null;
  alsoInTransaction?: (tx: Database, orderId: string) => Promise<void>;
}

/**
 * Moves one order inside `tx`: the status condition makes a second, concurrent move of the same
 * order a no-op (null). The timeline entry and the webhook deliveries are written with it.
 */
async function moveIn(tx: Database, orderId: string, transition: Transition, at: Date): Promise<MovedOrder | null> {
  const [moved] = await tx
    .update(orders)
    .set(transition.changes)
    .where(and(eq(orders.id, orderId), eq(orders.status, transition.from)))
    .returning({ id: orders.id, accountId: orders.accountId });
  if (!moved) return null;
  await tx.insert(orderEvents).values({ orderId, event: transition.timelineEvent, at });
  if (transition.alsoInTransaction) await transition.alsoInTransaction(tx, orderId);
  const order = await loadOrder(tx, orderId);
  if (!order) throw new Error(`order ${orderId} vanished inside its own transaction`);
  if (transition.webhookEvent) await queueOrderEvent(tx, moved.accountId, transition.webhookEvent, order, at);
  return { accountId: moved.accountId, order };
}

const move = (db: Database, orderId: string, transition: Transition, at: Date): Promise<Order | null> =>
  db.transaction(async (tx) => (await moveIn(tx, orderId, transition, at))?.order ?? null);

const shipping = (shipment: ShipmentInput, at: Date): Transition => ({
  from: 'confirmed',
  changes: {
    status: 'shipped',
    carrier: shipment.carrier,
    trackingNumber: shipment.tracking_number,
    trackingUrl: shipment.tracking_url,
    estimatedDelivery: shipment.estimated_delivery,
    shippedAt: at,
  },
  timelineEvent: 'order_shipped',
  webhookEvent: 'order.shipped',
});

const delivering = (at: Date): Transition => ({
  from: 'shipped',
  changes: { status: 'delivered', deliveredAt: at },
  timelineEvent: 'order_delivered',
  webhookEvent: 'order.delivered',
});

export function markShipped(db: Database, orderId: string, shipment: ShipmentInput, at: Date): Promise<Order | null> {
  return move(db, orderId, shipping(shipment, at), at);
}

export function markDelivered(db: Database, orderId: string, at: Date): Promise<Order | null> {
  return move(db, orderId, delivering(at), at);
}

/** Cancelling returns the order's cases (and bottles) to stock and raises order.cancelled (an extension event). */
export function markCancelled(db: Database, orderId: string, at: Date): Promise<Order | null> {
  return move(
    db,
    orderId,
    {
      from: 'confirmed',
      changes: { status: 'cancelled', cancelledAt: at },
      timelineEvent: 'order_cancelled',
      webhookEvent: 'order.cancelled',
      alsoInTransaction: async (tx) => {
        const items = await tx
          .select({ productId: orderItems.productId, quantity: orderItems.quantity, unit: orderItems.unit })
          .from(orderItems)
          .where(eq(orderItems.orderId, orderId))
          .orderBy(asc(orderItems.productId), asc(orderItems.unit));
        for (const item of items) {
          // A split case's bottles go back as bottles (issue 26): loose, whole cases of them as cases.
          if (item.unit === 'bottle') {
            await returnBottles(tx, item.productId, item.quantity, at);
            continue;
          }
          await tx
            .update(products)
            .set({ inventoryAvailable: sql`${products.inventoryAvailable} + ${item.quantity}`, updatedAt: at })
            .where(eq(products.id, item.productId));
        }
        await bumpCatalogVersion(tx, 'stock');
      },
    },
    at,
  );
}

/**
 * The buyer's cancel: exactly once. The move's status condition decides a race with the
 * shipment (whichever commits first wins; the other finds the order no longer confirmed), so the
 * answer is read after the attempt: the order as the winner left it.
 */
export async function cancelOrder(db: Database, accountId: string, orderId: string, at: Date): Promise<CancelResult> {
  const owned = await loadOrder(db, orderId, accountId);
  if (!owned) return { kind: 'missing' };
  if (owned.status === 'confirmed') {
    const cancelled = await markCancelled(db, orderId, at);
    if (cancelled) return { kind: 'cancelled', order: cancelled };
  }
  const now = await loadOrder(db, orderId, accountId);
  if (!now) return { kind: 'missing' };
  return now.status === 'cancelled' ? { kind: 'already_cancelled', order: now } : { kind: 'not_cancellable', order: now };
}

/**
 * The simulator's claim: in one transaction, lock the due orders no other instance holds
 * (`FOR UPDATE SKIP LOCKED`) and move each. Another instance running the same query at the same
 * moment gets the next orders, or none; the status condition guards whatever slips through.
 */
async function moveDue(
  db: Database,
  status: 'confirmed' | 'shipped',
  before: Date,
  limit: number,
  transition: (orderId: string) => Transition,
  at: Date,
): Promise<MovedOrder[]> {
  const since = status === 'confirmed' ? orders.confirmedAt : orders.shippedAt;
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.status, status), lte(since, before)))
      .orderBy(asc(since), asc(orders.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    const moved: MovedOrder[] = [];
    for (const { id } of due) {
      const result = await moveIn(tx, id, transition(id), at);
      if (result) moved.push(result);
    }
    return moved;
  });
}

export function shipDueOrders(db: Database, before: Date, limit: number, shipment: (orderId: string) => ShipmentInput, at: Date): Promise<MovedOrder[]> {
  return moveDue(db, 'confirmed', before, limit, (orderId) => shipping(shipment(orderId), at), at);
}

export function deliverDueOrders(db: Database, before: Date, limit: number, at: Date): Promise<MovedOrder[]> {
  return moveDue(db, 'shipped', before, limit, () => delivering(at), at);
}
