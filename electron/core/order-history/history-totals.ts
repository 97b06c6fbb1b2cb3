import type { OrderHistoryTotals } from '../../../shared/bridge/order-history';
import type { HistoryOrder } from './history-order';

/**
 * The totals of a set of orders. A cancelled order is not counted (nothing was bought); an order
 * whose lines the offline copy lacks adds its total only, and is counted in `withoutLines`.
 */
export function orderHistoryTotals(orders: readonly HistoryOrder[]): OrderHistoryTotals {
  const totals: OrderHistoryTotals = { orders: orders.length, cancelled: 0, withoutLines: 0, cases: 0, subtotalCents: 0, shippingCents: 0, feeCents: 0, totalCents: 0 };
  for (const { order, detail } of orders) {
    if (order.status === 'cancelled') {
      totals.cancelled += 1;
      continue;
    }
    totals.totalCents += order.total_cents;
    if (!detail) {
      totals.withoutLines += 1;
      continue;
    }
    // Lines of bottles (split cases) are not cases.
    totals.cases += detail.items.reduce((sum, item) => sum + (item.unit === 'bottle' ? 0 : item.quantity), 0);
    totals.subtotalCents += detail.subtotal_cents;
    totals.shippingCents += detail.shipping_cents;
    totals.feeCents += detail.platform_fee_cents;
  }
  return totals;
}
