import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../../shared/schemas';
import { orderNotices, orderNotification } from '../../../electron/core/notices/order-notifications';
import { ORDER_MOVES_ONE_BY_ONE } from '../../../shared/bridge/order-moves';

const move = (status: OrderStatus, n = 1) => ({ type: 'order-status' as const, orderId: `ord_${n}`, orderNumber: `CW-24000${n}`, status });

describe('desktop notifications of order moves', () => {
  it('tells of a cancelled order like a shipped or delivered one', () => {
    expect(orderNotification(move('cancelled'))).toEqual({ title: 'Order cancelled', body: 'Order CW-240001 was cancelled; its cases are back in stock.' });
    expect(orderNotification(move('shipped'))?.title).toBe('Order shipped');
    expect(orderNotification(move('delivered'))?.title).toBe('Order delivered');
    expect(orderNotification(move('confirmed'))).toBeNull();
    expect(orderNotification({ type: 'session-changed' })).toBeNull();
  });

  it(`gives each of up to ${ORDER_MOVES_ONE_BY_ONE} moves its own notification, named for another account`, () => {
    expect(orderNotices([move('shipped', 1), move('confirmed', 2), move('delivered', 3)], 'Harbor & Vine')).toEqual([
      { title: 'Order shipped for Harbor & Vine', body: 'Order CW-240001 is on its way.' },
      { title: 'Order delivered for Harbor & Vine', body: 'Order CW-240003 has been delivered.' },
    ]);
  });

  it('counts more moves than that in one notification instead of a flood', () => {
    const moves = [move('shipped', 1), move('delivered', 2), move('shipped', 3), move('cancelled', 4), move('shipped', 5), move('confirmed', 6)];
    expect(orderNotices(moves)).toEqual([{ title: '5 orders moved', body: '3 shipped, 1 delivered, 1 cancelled. See Orders for each.' }]);
    expect(orderNotices(moves, 'Harbor & Vine')[0]?.title).toBe('5 orders moved for Harbor & Vine');
  });
});
