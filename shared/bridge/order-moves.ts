import type { OrderStatus } from '../schemas';
import type { BridgeEvent } from './events';

/** An order's status changing between two syncs, as the core reports it (`order-status`). */
export type OrderMove = Extract<BridgeEvent, { type: 'order-status' }>;

/**
 * Up to this many order moves reported together are told one by one (a desktop notification, a
 * toast each); more — a sync after days offline, or the first of an account followed again — are
 * told in one message that counts them.
 */
export const ORDER_MOVES_ONE_BY_ONE = 3;

/** "3 shipped, 1 delivered": how many moved to each status, in the order the statuses first come. */
export function countedMoves(moves: readonly OrderMove[]): string {
  const counts = new Map<OrderStatus, number>();
  for (const move of moves) counts.set(move.status, (counts.get(move.status) ?? 0) + 1);
  return [...counts].map(([status, count]) => `${count} ${status}`).join(', ');
}

/**
 * Gathers the order moves reported together and hands them to `deliver` once, when `schedule`
 * runs its callback: in the core a sync reports them in one go (a microtask is enough); in the
 * screens they arrive as separate messages (a short timer). Other events pass by.
 */
export function gatherOrderMoves(
  deliver: (moves: OrderMove[]) => void,
  schedule: (flush: () => void) => void = queueMicrotask,
): (event: BridgeEvent) => void {
  let gathered: OrderMove[] = [];
  return (event) => {
    if (event.type !== 'order-status') return;
    gathered.push(event);
    if (gathered.length > 1) return;
    schedule(() => {
      const moves = gathered;
      gathered = [];
      deliver(moves);
    });
  };
}
