import type { OrderStatus } from '../../../shared/schemas';

export const STATUS_LABELS: Record<OrderStatus, string> = {
  confirmed: 'Confirmed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

const TIMELINE_LABELS: Record<string, string> = {
  order_placed: 'Order placed',
  order_confirmed: 'Confirmed by the supplier',
  order_shipped: 'Shipped',
  order_delivered: 'Delivered',
  order_cancelled: 'Cancelled',
  item_substituted: 'Backup sent',
};

/** Known events in plain words; unknown ones the service may add later are shown readably. */
export function timelineLabel(event: string): string {
  return TIMELINE_LABELS[event] ?? event.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase());
}
