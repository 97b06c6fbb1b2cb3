import { describe, expect, it } from 'vitest';
import { lastOrderedByProduct, orderHistoryTotals } from '../../../electron/core/order-history';
import { historyOrder, sampleHistory } from './history-fixtures';

describe('the totals of the filtered orders', () => {
  it('add up the orders that were bought, not the cancelled ones; an order without its lines adds its total only', () => {
    const entries = sampleHistory();
    const [, shipped, delivered, withoutLines] = entries;
    expect(orderHistoryTotals(entries)).toEqual({
      orders: 4,
      cancelled: 1,
      withoutLines: 1,
      cases: 3 + 1 + 2,
      subtotalCents: shipped!.detail!.subtotal_cents + delivered!.detail!.subtotal_cents,
      shippingCents: 2 * 2_500,
      feeCents: shipped!.detail!.platform_fee_cents + delivered!.detail!.platform_fee_cents,
      totalCents: shipped!.order.total_cents + delivered!.order.total_cents + withoutLines!.order.total_cents,
    });
    expect(shipped!.detail!.subtotal_cents).toBe(3 * 29_000 + 18_000);
  });

  it('are zero for no orders', () => {
    expect(orderHistoryTotals([])).toEqual({ orders: 0, cancelled: 0, withoutLines: 0, cases: 0, subtotalCents: 0, shippingCents: 0, feeCents: 0, totalCents: 0 });
  });
});

describe('last ordered', () => {
  it('is the newest order that was not cancelled, with the quantity and the price paid on that line', () => {
    const byProduct = new Map(lastOrderedByProduct(sampleHistory()).map((entry) => [entry.productId, entry]));
    // The newest order of the Pinot was cancelled: the one before it counts.
    expect(byProduct.get('prod_pinot')).toEqual({
      productId: 'prod_pinot', orderId: 'ord_3', orderNumber: 'CW-240301', orderedAt: '2026-03-01T02:30:00.000Z', quantity: 3, unitPriceCents: 29_000,
    });
    // The older order of the Cabernet has no lines in the copy; the newer one is found.
    expect(byProduct.get('prod_cab')).toMatchObject({ orderNumber: 'CW-240215', quantity: 2, unitPriceCents: 36_000 });
    expect([...byProduct.keys()].sort()).toEqual(['prod_cab', 'prod_chard', 'prod_pinot']);
  });

  it('knows nothing of a product only in cancelled orders', () => {
    const cancelled = historyOrder({
      id: 'ord_9', number: 'CW-9', createdAt: '2026-05-01T10:00:00.000Z', status: 'cancelled',
      items: [{ productId: 'prod_rose', name: 'Rosé', quantity: 1, unitCents: 1_000 }],
    });
    expect(lastOrderedByProduct([cancelled])).toEqual([]);
  });
});
