import { describe, expect, it, vi } from 'vitest';
import type { OrderStatus } from '../../../shared/schemas';
import { gatherOrderMoves, orderNotices, orderNotification, ORDER_NOTICES_ONE_BY_ONE } from '../../../electron/core/app/order-notifications';

const move = (status: OrderStatus, n = 1) => ({ type: 'order-status' as const, orderId: `ord_${n}`, orderNumber: `CW-24000${n}`, status });

describe('desktop notifications of order moves', () => {
  it('tells of a cancelled order like a shipped or delivered one', () => {
    expect(orderNotification(move('cancelled'))).toEqual({ title: 'Order cancelled', body: 'Order CW-240001 was cancelled; its cases are back in stock.' });
    expect(orderNotification(move('shipped'))?.title).toBe('Order shipped');
    expect(orderNotification(move('delivered'))?.title).toBe('Order delivered');
    expect(orderNotification(move('confirmed'))).toBeNull();
    expect(orderNotification({ type: 'session-changed' })).toBeNull();
  });

  it(`gives each of up to ${ORDER_NOTICES_ONE_BY_ONE} moves its own notification, named for another account`, () => {
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

  it('gathers the moves one sync reports together and hands them over once; other events pass by', async () => {
    const deliver = vi.fn();
    const gather = gatherOrderMoves(deliver);
    gather({ type: 'data-changed', datasets: ['orders'] });
    for (let n = 1; n <= 5; n += 1) gather(move('shipped', n));
    expect(deliver).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(deliver).toHaveBeenCalledTimes(1);
    expect(deliver.mock.calls[0]![0]).toHaveLength(5);
    gather(move('delivered', 6));
    await Promise.resolve();
    expect(deliver).toHaveBeenCalledTimes(2);
    expect(deliver.mock.calls[1]![0]).toEqual([move('delivered', 6)]);
  });
});
