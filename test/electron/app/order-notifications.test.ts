import { describe, expect, it } from 'vitest';
import { orderNotification } from '../../../electron/core/app/order-notifications';

describe('desktop notifications of order moves', () => {
  it('tells of a cancelled order like a shipped or delivered one', () => {
    const moved = (status: 'confirmed' | 'shipped' | 'delivered' | 'cancelled') => orderNotification({ type: 'order-status', orderId: 'ord_1', orderNumber: 'CW-240001', status });
    expect(moved('cancelled')).toEqual({ title: 'Order cancelled', body: 'Order CW-240001 was cancelled; its cases are back in stock.' });
    expect(moved('shipped')?.title).toBe('Order shipped');
    expect(moved('delivered')?.title).toBe('Order delivered');
    expect(moved('confirmed')).toBeNull();
    expect(orderNotification({ type: 'session-changed' })).toBeNull();
  });
});
