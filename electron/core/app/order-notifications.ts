import type { BridgeEvent } from '../../../shared/bridge/events';

/** The words of the desktop notification for an order that moved, or null when it does not warrant one. */
export function orderNotification(event: BridgeEvent): { title: string; body: string } | null {
  if (event.type !== 'order-status') return null;
  if (event.status === 'shipped') return { title: 'Order shipped', body: `Order ${event.orderNumber} is on its way.` };
  if (event.status === 'delivered') return { title: 'Order delivered', body: `Order ${event.orderNumber} has been delivered.` };
  if (event.status === 'cancelled') return { title: 'Order cancelled', body: `Order ${event.orderNumber} was cancelled; its cases are back in stock.` };
  return null;
}
