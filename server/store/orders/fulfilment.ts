import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Order } from '../../../shared';
import type { Database } from '../../db/database';
import { orderEvents, orderItems, orders, products } from '../../db/schema';
import type { ShipmentInput } from '../types';
import { bumpCatalogVersion } from '../catalog/version';
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

/**
 * Moves one order from `from` to its next state and records the timeline entry, in one
 * transaction. The status condition makes a second, concurrent move of the same order a no-op.
 */
async function transition(
  db: Database,
  orderId: string,
  from: Order['status'],
  changes: Partial<typeof orders.$inferInsert>,
  event: string,
  at: Date,
  alsoInTransaction?: (tx: Database) => Promise<void>,
): Promise<Order | null> {
  return db.transaction(async (tx) => {
    const moved = await tx
      .update(orders)
      .set(changes)
      .where(and(eq(orders.id, orderId), eq(orders.status, from)))
      .returning({ id: orders.id });
    if (moved.length === 0) return null;
    await tx.insert(orderEvents).values({ orderId, event, at });
    if (alsoInTransaction) await alsoInTransaction(tx);
    return loadOrder(tx, orderId);
  });
}

export function markShipped(db: Database, orderId: string, shipment: ShipmentInput, at: Date): Promise<Order | null> {
  return transition(
    db,
    orderId,
    'confirmed',
    {
      status: 'shipped',
      carrier: shipment.carrier,
      trackingNumber: shipment.tracking_number,
      trackingUrl: shipment.tracking_url,
      estimatedDelivery: shipment.estimated_delivery,
      shippedAt: at,
    },
    'order_shipped',
    at,
  );
}

export function markDelivered(db: Database, orderId: string, at: Date): Promise<Order | null> {
  return transition(db, orderId, 'shipped', { status: 'delivered', deliveredAt: at }, 'order_delivered', at);
}

/** Cancelling returns the order's cases to stock. */
export function markCancelled(db: Database, orderId: string, at: Date): Promise<Order | null> {
  return transition(db, orderId, 'confirmed', { status: 'cancelled', cancelledAt: at }, 'order_cancelled', at, async (tx) => {
    const items = await tx
      .select({ productId: orderItems.productId, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.productId));
    for (const item of items) {
      await tx
        .update(products)
        .set({ inventoryAvailable: sql`${products.inventoryAvailable} + ${item.quantity}`, updatedAt: at })
        .where(eq(products.id, item.productId));
    }
    await bumpCatalogVersion(tx);
  });
}
