import type { BridgeEvent } from '../../../shared/bridge/events';
import type { OrderStatus } from '../../../shared/schemas';

type OrderMove = Extract<BridgeEvent, { type: 'order-status' }>;
export interface Notice {
  title: string;
  body: string;
}

/**
 * Up to this many order moves reported at once get a notification each; more (a sync after days
 * offline, or the first sync of an account followed again) get one that counts them.
 */
export const ORDER_NOTICES_ONE_BY_ONE = 3;

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
 * ORDER_NOTICES_ONE_BY_ONE — "5 orders moved", "3 shipped, 2 delivered."
 */
export function orderNotices(moves: readonly OrderMove[], accountName?: string): Notice[] {
  const worth = moves.filter((move) => WORDS[move.status]);
  const forWhom = accountName ? ` for ${accountName}` : '';
  if (worth.length <= ORDER_NOTICES_ONE_BY_ONE) {
    return worth.map((move) => {
      const notice = orderNotification(move)!;
      return { title: `${notice.title}${forWhom}`, body: notice.body };
    });
  }
  const counts = new Map<OrderStatus, number>();
  for (const move of worth) counts.set(move.status, (counts.get(move.status) ?? 0) + 1);
  const parts = [...counts].map(([status, count]) => `${count} ${status}`);
  return [{ title: `${worth.length} orders moved${forWhom}`, body: `${parts.join(', ')}. See Orders for each.` }];
}

/**
 * Gathers the order moves reported together (a sync reports them one after another, in one go)
 * and hands them to `deliver` once, when the code that reported them is done. Other events pass by.
 */
export function gatherOrderMoves(deliver: (moves: OrderMove[]) => void): (event: BridgeEvent) => void {
  let gathered: OrderMove[] = [];
  return (event) => {
    if (event.type !== 'order-status') return;
    gathered.push(event);
    if (gathered.length > 1) return;
    queueMicrotask(() => {
      const moves = gathered;
      gathered = [];
      deliver(moves);
    });
  };
}
