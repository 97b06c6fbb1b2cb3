import { z } from 'zod';
import { CalendarDate, Cents, Count, OrderId, ProductId, SupplierId, Timestamp } from './common';
import { ShippingAddress, ShippingAddressInput } from './address';
import { multiLineText } from './text';
import { OrderDetailSupplier, OrderSupplier } from './supplier';
import { AppliedDeal, OrderUnit } from './terms';
import { BackupProductId, ITEM_SUBSTITUTED, Substitution, TimelineSubstitution } from './backup';
import { RequestedDeliveryDate } from './delivery-terms';

export const ORDER_STATUSES = ['confirmed', 'shipped', 'delivered', 'cancelled'] as const;
export const OrderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatus>;

/** Timeline event names the service emits; the reader accepts others it may add later. */
export const TIMELINE_EVENTS = [
  'order_placed',
  'order_confirmed',
  'order_shipped',
  'order_delivered',
  'order_cancelled',
  // Extension (issue 26): an item filled with its backup; the entry carries `substitution`.
  ITEM_SUBSTITUTED,
] as const;
export type TimelineEventName = (typeof TIMELINE_EVENTS)[number];

export const TimelineEntry = z.object({
  event: z.string(),
  timestamp: Timestamp,
  /** Extension (issue 26): on an `item_substituted` entry, the item filled with its backup. */
  substitution: TimelineSubstitution.optional(),
});
export type TimelineEntry = z.infer<typeof TimelineEntry>;

export const OrderItem = z.object({
  id: z.string(),
  product_id: ProductId,
  product_name: z.string(),
  quantity: z.number().int().positive(),
  unit_price_cents: Cents,
  total_cents: Cents,
  /** Extensions (issue 26): `bottle` on a line of a split case (absent: cases), its fee, and the deal it was priced with. */
  unit: OrderUnit.optional().meta({ 'x-caseworks-extension': true, description: 'Extension: `bottle` on a line of a split case; absent on a line of cases.' }),
  split_case_fee_cents: Cents.optional().meta({
    'x-caseworks-extension': true,
    description: 'Extension: the split-case fee of this line of bottles (counted in the order’s `shipping_cents`); absent on a line of cases.',
  }),
  deal: AppliedDeal.optional(),
  /** Extension (issue 26): the product asked for, when this item was filled with its backup. */
  substitution: Substitution.optional(),
});
export type OrderItem = z.infer<typeof OrderItem>;

export const TrackingSummary = z.object({
  carrier: z.string(),
  tracking_number: z.string(),
  tracking_url: z.string(),
});
export type TrackingSummary = z.infer<typeof TrackingSummary>;

export const Tracking = TrackingSummary.extend({ estimated_delivery: CalendarDate.optional() });
export type Tracking = z.infer<typeof Tracking>;

export const Order = z.object({
  id: OrderId,
  order_number: z.string(),
  status: OrderStatus,
  supplier: OrderDetailSupplier,
  items: z.array(OrderItem),
  subtotal_cents: Cents,
  shipping_cents: Cents,
  platform_fee_cents: Cents,
  total_cents: Cents,
  shipping_address: ShippingAddress,
  buyer_notes: z.string().nullable(),
  tracking: Tracking.nullish(),
  timeline: z.array(TimelineEntry),
  created_at: Timestamp,
  confirmed_at: Timestamp.nullable(),
  shipped_at: Timestamp.nullish(),
  /** Extension: present once the order is cancelled (POST /orders/{id}/cancel). */
  cancelled_at: Timestamp.optional(),
  /** Extension (issue 26): the split-case fees of the order's bottle lines, a part of `shipping_cents`; absent when none. */
  split_case_fees_cents: Cents.optional().meta({
    'x-caseworks-extension': true,
    description: 'Extension: the split-case fees of the order’s lines of bottles, a part of `shipping_cents`; absent when none.',
  }),
  /** Extension (issue 26): the delivery date the order asked for; absent when it asked for none. */
  requested_delivery_date: RequestedDeliveryDate.optional(),
});
export type Order = z.infer<typeof Order>;

export const OrderListItem = z.object({
  id: OrderId,
  order_number: z.string(),
  status: OrderStatus,
  supplier: OrderSupplier,
  total_cents: Cents,
  items_count: Count,
  tracking: TrackingSummary.nullish(),
  created_at: Timestamp,
  shipped_at: Timestamp.nullish(),
});
export type OrderListItem = z.infer<typeof OrderListItem>;

/** Quantities count cases, or bottles on a line with `unit` bottle (an extension, issue 26). */
export const OrderLineInput = z.strictObject({
  product_id: ProductId,
  quantity: z.number().int().positive().max(100_000),
  unit: OrderUnit.optional().meta({
    'x-caseworks-extension': true,
    description: 'Extension: `bottle` orders the product by the bottle (a split case, where its supplier allows it); absent or `case`: cases.',
  }),
  expected_unit_price_cents: Cents.optional().meta({
    'x-caseworks-extension': true,
    description: 'Extension: the unit price the buyer saw. When the service would charge another, the order is refused with 409 price_changed naming this line, and nothing is stored.',
  }),
  /** Extension (issue 26): sent instead when the line's product cannot fill it. */
  backup_product_id: BackupProductId.optional(),
});
export type OrderLineInput = z.infer<typeof OrderLineInput>;

export const BUYER_NOTES_MAX = 2000;
export const ORDER_LINES_MAX = 200;

export const CreateOrderBody = z.strictObject({
  supplier_id: SupplierId,
  items: z
    .array(OrderLineInput)
    .min(1)
    .max(ORDER_LINES_MAX)
    .refine((items) => new Set(items.map((item) => `${item.product_id} ${item.unit ?? 'case'}`)).size === items.length, {
      message: 'lists a product more than once',
    })
    .meta({
      description:
        'Each product at most once per order and unit: no two items may have the same product_id, except one line of cases and one of bottles (`unit` bottle, an extension) of the same product (400 validation_failed otherwise).',
      'x-unique-item-properties': ['product_id', 'unit'],
    }),
  shipping_address: ShippingAddressInput,
  buyer_notes: multiLineText(BUYER_NOTES_MAX).optional(),
  expected_total_cents: Cents.optional().meta({
    'x-caseworks-extension': true,
    description: 'Extension: the total the buyer saw. When the order would cost another, it is refused with 409 price_changed, and nothing is stored.',
  }),
  /** Extension (issue 26): the delivery date asked for (shared/delivery-days.ts decides whether it can be had). */
  requested_delivery_date: RequestedDeliveryDate.optional(),
});
export type CreateOrderBody = z.infer<typeof CreateOrderBody>;
