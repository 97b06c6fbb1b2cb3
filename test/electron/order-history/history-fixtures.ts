import type { HistoryOrder } from '../../../electron/core/order-history';
import type { Order, OrderItem, OrderStatus } from '../../../shared/schemas';

const SUPPLIERS = {
  napa: { id: 'sup_napa', name: 'Napa Ridge Cellars', address: '1 Vine Rd, Napa, CA' },
  sonoma: { id: 'sup_sonoma', name: 'Sonoma Coast Wines', address: '2 Coast Rd, Healdsburg, CA' },
} as const;

export interface OrderSpec {
  id: string;
  number: string;
  createdAt: string;
  supplier?: keyof typeof SUPPLIERS;
  status?: OrderStatus;
  items: { productId: string; name: string; quantity: number; unitCents: number }[];
  shippingCents?: number;
  /** The offline copy has only the list's summary of it. */
  withoutDetail?: boolean;
}

/** An order as the offline copy holds it: the detail's money follows the lines (fee 2.5 %). */
export function historyOrder(spec: OrderSpec): HistoryOrder {
  const supplier = SUPPLIERS[spec.supplier ?? 'napa'];
  const items: OrderItem[] = spec.items.map((item, index) => ({
    id: `item_${spec.id}${index}`,
    product_id: item.productId,
    product_name: item.name,
    quantity: item.quantity,
    unit_price_cents: item.unitCents,
    total_cents: item.quantity * item.unitCents,
  }));
  const subtotal = items.reduce((sum, item) => sum + item.total_cents, 0);
  const shipping = spec.shippingCents ?? 2_500;
  const fee = Math.round(subtotal * 0.025);
  const status = spec.status ?? 'delivered';
  const detail: Order = {
    id: spec.id,
    order_number: spec.number,
    status,
    supplier,
    items,
    subtotal_cents: subtotal,
    shipping_cents: shipping,
    platform_fee_cents: fee,
    total_cents: subtotal + shipping + fee,
    shipping_address: { street1: '12 Market St', city: 'San Francisco', state: 'CA', zip: '94105' },
    buyer_notes: null,
    tracking: null,
    timeline: [{ event: 'order_placed', timestamp: spec.createdAt }],
    created_at: spec.createdAt,
    confirmed_at: spec.createdAt,
  };
  return {
    order: {
      id: spec.id,
      order_number: spec.number,
      status,
      supplier: { id: supplier.id, name: supplier.name },
      total_cents: detail.total_cents,
      items_count: items.length,
      tracking: null,
      created_at: spec.createdAt,
      shipped_at: null,
    },
    detail: spec.withoutDetail ? null : detail,
  };
}

/** Four orders, newest first, as `historyOrders` gives them. */
export const sampleHistory = (): HistoryOrder[] => [
  historyOrder({
    id: 'ord_4', number: 'CW-240404', createdAt: '2026-04-04T16:00:00.000Z', supplier: 'sonoma', status: 'cancelled',
    items: [{ productId: 'prod_pinot', name: 'Coast Pinot Noir', quantity: 5, unitCents: 30_000 }],
  }),
  historyOrder({
    id: 'ord_3', number: 'CW-240301', createdAt: '2026-03-01T02:30:00.000Z', supplier: 'sonoma', status: 'shipped',
    items: [
      { productId: 'prod_pinot', name: 'Coast Pinot Noir', quantity: 3, unitCents: 29_000 },
      { productId: 'prod_chard', name: 'Château Côte, "Réserve"', quantity: 1, unitCents: 18_000 },
    ],
  }),
  historyOrder({
    id: 'ord_2', number: 'CW-240215', createdAt: '2026-02-15T12:00:00.000Z',
    items: [{ productId: 'prod_cab', name: 'Ridge Cabernet 2019', quantity: 2, unitCents: 36_000 }],
  }),
  historyOrder({
    id: 'ord_1', number: 'CW-240110', createdAt: '2026-01-10T09:00:00.000Z', withoutDetail: true,
    items: [{ productId: 'prod_cab', name: 'Ridge Cabernet 2019', quantity: 4, unitCents: 35_000 }],
  }),
];
