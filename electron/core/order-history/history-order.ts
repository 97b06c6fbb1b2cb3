import type { Order, OrderListItem } from '../../../shared/schemas';

/**
 * One of the buyer's orders as the offline copy holds it: the list's summary, and its detail (with
 * the lines) when the copy has it — the sync reads every listed order's detail once, so it is
 * missing only while a read of it has failed.
 */
export interface HistoryOrder {
  order: OrderListItem;
  detail: Order | null;
}

/** Pairs the list with the stored details, newest first (ties by order number, so the order is stable). */
export function historyOrders(orders: readonly OrderListItem[], detailOf: (id: string) => Order | null): HistoryOrder[] {
  return orders
    .map((order) => ({ order, detail: detailOf(order.id) }))
    .sort((a, b) => b.order.created_at.localeCompare(a.order.created_at) || b.order.order_number.localeCompare(a.order.order_number));
}
