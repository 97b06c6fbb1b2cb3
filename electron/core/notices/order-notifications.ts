import type { BridgeEvent } from '../../../shared/bridge/events';
import { countedMoves, ORDER_MOVES_ONE_BY_ONE, type OrderMove } from '../../../shared/bridge/order-moves';
import type { OrderStatus } from '../../../shared/schemas';

export interface Notice {
  title: string;
  body: string;
}

/** The moves worth a notification, in the words of each. */
const WORDS: Partial<Record<OrderStatus, { title: string; body: (orderNumber: string) => string }>> = {
  shipped: { title: 'Order shipped', body: (number) => `Order ${number} is on its way.` },
  delivered: { title: 'Order delivered', body: (number) => `Order ${number} has been delivered.` },
  cancelled: { title: 'Order cancelled', body: (number) => `Order ${number} was cancelled; its cases are back in stock.` },
};

/** The words of the desktop notification for an order that moved, or null when it does not warrant one. */
export function orderNotification(event: BridgeEvent): Notice | null {
  if (event.type !== 'order-status') return null;
  const words = WORDS[event.status];
  return words ? { title: words.title, body: words.body(event.orderNumber) } : null;
}

/**
 * The notifications for the order moves one sync reported, of the active account or (with
 * `accountName`) of another one: one each, or one for all of them when there are more than
 * ORDER_MOVES_ONE_BY_ONE — "5 orders moved", "3 shipped, 2 delivered."
 */
export function orderNotices(moves: readonly OrderMove[], accountName?: string): Notice[] {
  const worth = moves.filter((move) => WORDS[move.status]);
  const forWhom = accountName ? ` for ${accountName}` : '';
  if (worth.length <= ORDER_MOVES_ONE_BY_ONE) {
    return worth.map((move) => {
      const notice = orderNotification(move)!;
      return { title: `${notice.title}${forWhom}`, body: notice.body };
    });
  }
  return [{ title: `${worth.length} orders moved${forWhom}`, body: `${countedMoves(worth)}. See Orders for each.` }];
}
