import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ITEM_SUBSTITUTED, type Order, type OrderListItem, type OrderListQuery, type Paginated, type SubstitutionReason } from '../../../shared';
import type { Database } from '../../db/database';
import { orderEvents, orderItems, orders, suppliers } from '../../db/schema';
import { pageOffset, paginate } from '../pagination';
import { orderColumns } from './order-columns';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

/** The extension of an item filled with its backup (issue 26): absent on every other item. */
function substitutionOf(item: ItemRow) {
  if (item.requestedProductId === null || item.requestedProductName === null || item.substitutionReason === null) return null;
  return {
    requested_product_id: item.requestedProductId,
    requested_product_name: item.requestedProductName,
    reason: item.substitutionReason as SubstitutionReason,
  };
}

const withSubstitution = (item: ItemRow) => {
  const substitution = substitutionOf(item);
  return substitution ? { substitution } : {};
};

/** A timeline entry; an `item_substituted` one names its item, what was asked for and what was sent. */
function timelineEntry(entry: { event: string; at: Date; itemId?: string | null }, items: readonly ItemRow[]): Order['timeline'][number] {
  const base = { event: entry.event, timestamp: entry.at.toISOString() };
  if (entry.event !== ITEM_SUBSTITUTED || !entry.itemId) return base;
  const item = items.find((candidate) => candidate.id === entry.itemId);
  const substitution = item ? substitutionOf(item) : null;
  if (!item || !substitution) return base;
  return { ...base, substitution: { item_id: item.id, product_id: item.productId, product_name: item.productName, ...substitution } };
}

function trackingSummary(row: OrderRow) {
  if (row.carrier === null || row.trackingNumber === null || row.trackingUrl === null) return null;
  return { carrier: row.carrier, tracking_number: row.trackingNumber, tracking_url: row.trackingUrl };
}

/**
 * One order with items, timeline and tracking. With `accountId`, an order of another account
 * reads as absent; without it (fulfilment, webhooks) any order is found.
 */
export async function loadOrder(db: Database, orderId: string, accountId?: string): Promise<Order | null> {
  const ownership: SQL | undefined = accountId === undefined ? undefined : eq(orders.accountId, accountId);
  const [found] = await db
    .select({ order: orderColumns, supplierName: suppliers.name, supplierAddress: suppliers.address })
    .from(orders)
    .innerJoin(suppliers, eq(suppliers.id, orders.supplierId))
    .where(and(eq(orders.id, orderId), ownership))
    .limit(1);
  if (!found) return null;
  // Sequential on purpose: queries inside a PGlite transaction must not overlap.
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position));
  const events = await db
    .select({ event: orderEvents.event, at: orderEvents.at, itemId: orderEvents.itemId })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.at), asc(orderEvents.id));
  return orderFromRows(found.order, { name: found.supplierName, address: found.supplierAddress }, items, events);
}

/** An order as the API shows it, from its rows: items in position order, timeline in time order. */
export function orderFromRows(
  order: OrderRow,
  supplier: { name: string; address: string },
  items: ItemRow[],
  events: Array<{ event: string; at: Date; itemId?: string | null }>,
): Order {
  const summary = trackingSummary(order);
  const splitCaseFees = items.reduce((sum, item) => sum + item.splitCaseFeeCents, 0);
  return {
    id: order.id,
    order_number: order.orderNumber,
    status: order.status as Order['status'],
    supplier: { id: order.supplierId, name: supplier.name, address: supplier.address },
    items: items.map((item) => ({
      id: item.id,
      product_id: item.productId,
      product_name: item.productName,
      quantity: item.quantity,
      unit_price_cents: item.unitPriceCents,
      total_cents: item.totalCents,
      // Extension fields (issue 26): only a line of bottles or a line priced with a deal carries them,
      // so an order without either reads as it always did.
      ...(item.unit === 'bottle' ? { unit: 'bottle' as const, split_case_fee_cents: item.splitCaseFeeCents } : {}),
      ...(item.dealId !== null && item.dealTitle !== null && item.listPriceCents !== null
        ? {
            deal: {
              id: item.dealId,
              title: item.dealTitle,
              list_price_cents: item.listPriceCents,
              saved_cents: (item.listPriceCents - item.unitPriceCents) * item.quantity,
            },
          }
        : {}),
      ...withSubstitution(item),
    })),
    subtotal_cents: order.subtotalCents,
    shipping_cents: order.shippingCents,
    platform_fee_cents: order.platformFeeCents,
    total_cents: order.totalCents,
    shipping_address: { street1: order.shipStreet1, city: order.shipCity, state: order.shipState, zip: order.shipZip },
    buyer_notes: order.buyerNotes,
    tracking:
      summary === null
        ? null
        : { ...summary, ...(order.estimatedDelivery === null ? {} : { estimated_delivery: order.estimatedDelivery }) },
    timeline: events.map((entry) => timelineEntry(entry, items)),
    created_at: order.createdAt.toISOString(),
    confirmed_at: order.confirmedAt?.toISOString() ?? null,
    shipped_at: order.shippedAt?.toISOString() ?? null,
    // Extension field: only a cancelled order carries it, so other orders read as they always did.
    ...(order.status === 'cancelled' && order.cancelledAt ? { cancelled_at: order.cancelledAt.toISOString() } : {}),
    ...(splitCaseFees > 0 ? { split_case_fees_cents: splitCaseFees } : {}),
    ...(order.requestedDeliveryDate ? { requested_delivery_date: order.requestedDeliveryDate } : {}),
  };
}

/** The account's orders, newest first. */
export async function listOrders(
  db: Database,
  accountId: string,
  query: OrderListQuery,
): Promise<Paginated<OrderListItem>> {
  const where = and(eq(orders.accountId, accountId), query.status === undefined ? undefined : eq(orders.status, query.status));
  const [totalRow] = await db.select({ total: count() }).from(orders).where(where);
  const total = Number(totalRow?.total ?? 0);
  if (total === 0 || pageOffset(query) >= total) return paginate([], total, query);
  const rows = await db
    .select({ order: orders, supplierName: suppliers.name })
    .from(orders)
    .innerJoin(suppliers, eq(suppliers.id, orders.supplierId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.per_page)
    .offset(pageOffset(query));
  const ids = rows.map((row) => row.order.id);
  const itemCounts =
    ids.length === 0
      ? []
      : await db
          .select({ orderId: orderItems.orderId, lines: sql<number>`count(*)::int` })
          .from(orderItems)
          .where(inArray(orderItems.orderId, ids))
          .groupBy(orderItems.orderId);
  const linesByOrder = new Map(itemCounts.map((row) => [row.orderId, Number(row.lines)]));
  const data = rows.map(({ order, supplierName }): OrderListItem => ({
    id: order.id,
    order_number: order.orderNumber,
    status: order.status as OrderListItem['status'],
    supplier: { id: order.supplierId, name: supplierName },
    total_cents: order.totalCents,
    items_count: linesByOrder.get(order.id) ?? 0,
    tracking: trackingSummary(order),
    created_at: order.createdAt.toISOString(),
    shipped_at: order.shippedAt?.toISOString() ?? null,
  }));
  return paginate(data, total, query);
}
