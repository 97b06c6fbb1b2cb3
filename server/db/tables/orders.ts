import { sql } from 'drizzle-orm';
import { bigserial, date, index, integer, pgSequence, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { accounts } from './accounts';
import { products, suppliers } from './catalog';

/** Human order numbers (`CW-240117`) come from this sequence, so they never repeat. */
export const orderNumberSequence = pgSequence('order_number_seq', { startWith: 240101, increment: 1 });

export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    orderNumber: text('order_number').notNull().unique(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    supplierId: text('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    status: text('status').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    platformFeeCents: integer('platform_fee_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    shipStreet1: text('ship_street1').notNull(),
    shipCity: text('ship_city').notNull(),
    shipState: text('ship_state').notNull(),
    shipZip: text('ship_zip').notNull(),
    buyerNotes: text('buyer_notes'),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    estimatedDelivery: date('estimated_delivery', { mode: 'string' }),
    createdAt: instant('created_at').notNull(),
    confirmedAt: instant('confirmed_at'),
    shippedAt: instant('shipped_at'),
    deliveredAt: instant('delivered_at'),
    cancelledAt: instant('cancelled_at'),
    /** Issue 26: the delivery date the order asked for; null when it asked for none. */
    requestedDeliveryDate: date('requested_delivery_date', { mode: 'string' }),
  },
  (table) => [
    index('orders_account_idx').on(table.accountId, table.createdAt, table.id),
    index('orders_account_status_idx').on(table.accountId, table.status, table.createdAt),
    index('orders_due_to_ship_idx').on(table.confirmedAt).where(sql`${table.status} = 'confirmed'`),
    index('orders_due_to_deliver_idx').on(table.shippedAt).where(sql`${table.status} = 'shipped'`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    /** Position of the line in the request, so items come back in the order they were sent. */
    position: integer('position').notNull(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    productName: text('product_name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** Issue 26: `case` or `bottle` (a split case), its split-case fee, and the deal it was priced with. */
    unit: text('unit').notNull().default('case'),
    splitCaseFeeCents: integer('split_case_fee_cents').notNull().default(0),
    listPriceCents: integer('list_price_cents'),
    dealId: text('deal_id'),
    dealTitle: text('deal_title'),
    /** Issue 26: set when the line was filled with its backup: the product asked for (`product_id` is the one sent) and why. */
    requestedProductId: text('requested_product_id'),
    requestedProductName: text('requested_product_name'),
    substitutionReason: text('substitution_reason'),
  },
  (table) => [index('order_items_order_idx').on(table.orderId, table.position)],
);

export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    event: text('event').notNull(),
    at: instant('at').notNull(),
    /** Issue 26: the item an `item_substituted` event is about; null on other events. */
    itemId: text('item_id'),
  },
  (table) => [index('order_events_order_idx').on(table.orderId, table.at, table.id)],
);
