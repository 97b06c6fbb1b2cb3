import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidUpc, ORDER_STATUSES, orderTotals } from '../../../shared';
import { products } from '../../../server/db/schema';
import { createTestStore, type TestStore } from '../../support/store-fixture';

let testStore: TestStore;
beforeAll(async () => {
  testStore = await createTestStore();
});
afterAll(() => testStore?.close());

const EXPECTED_TIMELINES: Record<string, string[]> = {
  confirmed: ['order_placed', 'order_confirmed'],
  shipped: ['order_placed', 'order_confirmed', 'order_shipped'],
  delivered: ['order_placed', 'order_confirmed', 'order_shipped', 'order_delivered'],
  cancelled: ['order_placed', 'order_confirmed', 'order_cancelled'],
};

describe('the seeded demo database', () => {
  it('has at least 30 suppliers and the requested catalog, every UPC valid', async () => {
    expect((await testStore.store.listSuppliers({ page: 1, per_page: 100 })).meta.total).toBeGreaterThanOrEqual(30);
    const rows = await testStore.db.select({ upc: products.upc, sku: products.sku }).from(products);
    expect(rows).toHaveLength(2_000);
    expect(rows.filter((row) => !isValidUpc(row.upc ?? ''))).toEqual([]);
  });

  it('gives each buyer a verified licence and a loopback webhook', async () => {
    expect(testStore.demoCredentials.buyers.length).toBeGreaterThanOrEqual(2);
    for (const buyer of testStore.demoCredentials.buyers) {
      const account = await testStore.store.getAccount(buyer.account_id);
      expect(account?.license.verified).toBe(true);
      const hooks = await testStore.store.listWebhooks(buyer.account_id);
      expect(hooks).toHaveLength(1);
      expect(new URL(hooks[0]!.url).hostname).toBe('127.0.0.1');
      expect(hooks[0]!.active).toBe(true);
    }
  });

  it('gives each buyer past orders in every status with consistent totals and timelines', async () => {
    for (const buyer of testStore.demoCredentials.buyers) {
      const list = await testStore.store.listOrders(buyer.account_id, { page: 1, per_page: 100 });
      expect(new Set(list.data.map((order) => order.status))).toEqual(new Set(ORDER_STATUSES));
      for (const item of list.data) {
        const order = (await testStore.store.getOrder(buyer.account_id, item.id))!;
        expect(order.timeline.map((entry) => entry.event)).toEqual(EXPECTED_TIMELINES[order.status]);
        const times = order.timeline.map((entry) => entry.timestamp);
        expect(times).toEqual([...times].sort());
        for (const line of order.items) expect(line.total_cents).toBe(line.unit_price_cents * line.quantity);
        expect(order).toMatchObject(orderTotals(order.items));
        expect(item.total_cents).toBe(order.total_cents);
        expect(item.items_count).toBe(order.items.length);
        if (order.status === 'shipped' || order.status === 'delivered') {
          expect(order.tracking).toMatchObject({ carrier: expect.any(String), tracking_number: expect.any(String), estimated_delivery: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
          expect(order.shipped_at).toBe(order.timeline[2]!.timestamp);
        } else {
          expect(order.tracking ?? null).toBeNull();
          expect(order.shipped_at ?? null).toBeNull();
        }
      }
    }
  });
});
