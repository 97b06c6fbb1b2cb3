import { describe, expect, it, vi } from 'vitest';
import type { OrderStatus } from '../../shared/schemas';
import { countedMoves, gatherOrderMoves } from '../../shared/bridge/order-moves';

const move = (status: OrderStatus, n = 1) => ({ type: 'order-status' as const, orderId: `ord_${n}`, orderNumber: `CW-24000${n}`, status });

describe('order moves told together', () => {
  it('counts the moves by status, in the order the statuses first come', () => {
    expect(countedMoves([move('delivered', 1), move('shipped', 2), move('delivered', 3)])).toBe('2 delivered, 1 shipped');
  });

  it('gathers the moves reported together and hands them over once; other events pass by', async () => {
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

  it('waits as long as the schedule it is given (the screens gather messages arriving apart)', () => {
    vi.useFakeTimers();
    try {
      const deliver = vi.fn();
      const gather = gatherOrderMoves(deliver, (flush) => setTimeout(flush, 100));
      gather(move('shipped', 1));
      vi.advanceTimersByTime(60);
      gather(move('shipped', 2));
      expect(deliver).not.toHaveBeenCalled();
      vi.advanceTimersByTime(40);
      expect(deliver.mock.calls).toEqual([[[move('shipped', 1), move('shipped', 2)]]]);
    } finally {
      vi.useRealTimers();
    }
  });
});
