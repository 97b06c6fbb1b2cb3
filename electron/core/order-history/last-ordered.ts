import type { LastOrdered } from '../../../shared/bridge/order-history';
import type { HistoryOrder } from './history-order';

/**
 * "Last ordered" for every product the buyer has ordered: the newest order, not cancelled, that
 * has it in cases, with the quantity and the unit price of that line. `orders` is newest first.
 */
export function lastOrderedByProduct(orders: readonly HistoryOrder[]): LastOrdered[] {
  const found = new Map<string, LastOrdered>();
  for (const { order, detail } of orders) {
    if (order.status === 'cancelled' || !detail) continue;
    for (const item of detail.items) {
      // A line of bottles (a split case) is not a number of cases at a case price: the cases are what is shown.
      if (item.unit === 'bottle' || found.has(item.product_id)) continue;
      found.set(item.product_id, {
        productId: item.product_id,
        orderId: order.id,
        orderNumber: order.order_number,
        orderedAt: order.created_at,
        quantity: item.quantity,
        unitPriceCents: item.unit_price_cents,
      });
    }
  }
  return [...found.values()];
}
