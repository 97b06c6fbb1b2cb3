import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../shared';
import { createTestStore, type TestStore } from '../../support/store-fixture';
import { buyers, orderableProducts, orderBody, productRow, setStock, type ProductRow } from './helpers';

let testStore: TestStore;
let a: ReturnType<typeof buyers>['a'];
let product: ProductRow;
beforeAll(async () => {
  testStore = await createTestStore();
  ({ a } = buyers(testStore));
  [product] = (await orderableProducts(testStore.db, 1)) as [ProductRow];
  await setStock(testStore.db, product.id, 1_000, 1);
});
afterAll(() => testStore?.close());

/** Far in the future, so these orders come after every seeded one. */
const base = new Date('2030-01-01T00:00:00.000Z');
const at = (minutes: number) => new Date(base.getTime() + minutes * 60_000);
const shipment = { carrier: 'UPS', tracking_number: '1Z999AA10123456784', tracking_url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784', estimated_delivery: '2030-01-04' };

async function place(minutes: number, quantity = 1): Promise<Order> {
  const result = await testStore.store.placeOrder(a, orderBody([{ product, quantity }]), null, at(minutes));
  if (result.kind !== 'created') throw new Error(result.kind);
  return result.order;
}

describe('fulfilment', () => {
  it('finds confirmed orders due to ship, oldest first, up to the limit', async () => {
    const early = await place(0);
    const late = await place(10);
    const dueAtFive = (await testStore.store.ordersDueToShip(at(5), 1_000)).map((due) => due.id);
    expect(dueAtFive).toContain(early.id);
    expect(dueAtFive).not.toContain(late.id);
    const dueLater = await testStore.store.ordersDueToShip(at(10), 1_000);
    expect(dueLater.map((due) => due.id).indexOf(early.id)).toBeLessThan(dueLater.map((due) => due.id).indexOf(late.id));
    expect(dueLater.find((due) => due.id === late.id)?.accountId).toBe(a.accountId);
    expect(await testStore.store.ordersDueToShip(at(10), 2)).toHaveLength(2);
  });

  it('ships a confirmed order once, with tracking and a timeline entry', async () => {
    const order = await place(20);
    const shipped = await testStore.store.markShipped(order.id, shipment, at(21));
    expect(shipped).toMatchObject({ status: 'shipped', shipped_at: at(21).toISOString(), tracking: shipment });
    expect(shipped!.timeline.map((entry) => entry.event)).toEqual(['order_placed', 'order_confirmed', 'order_shipped']);
    expect(shipped!.timeline[2]!.timestamp).toBe(at(21).toISOString());
    expect(await testStore.store.markShipped(order.id, shipment, at(22))).toBeNull();
    expect(await testStore.store.markCancelled(order.id, at(22))).toBeNull();
    expect((await testStore.store.ordersDueToShip(at(100), 10_000)).map((due) => due.id)).not.toContain(order.id);

    const dueToDeliver = (await testStore.store.ordersDueToDeliver(at(21), 10_000)).map((due) => due.id);
    expect(dueToDeliver).toContain(order.id);
    expect((await testStore.store.ordersDueToDeliver(at(20), 10_000)).map((due) => due.id)).not.toContain(order.id);

    const delivered = await testStore.store.markDelivered(order.id, at(30));
    expect(delivered?.status).toBe('delivered');
    expect(delivered!.timeline.map((entry) => entry.event)).toEqual(['order_placed', 'order_confirmed', 'order_shipped', 'order_delivered']);
    expect(await testStore.store.markDelivered(order.id, at(31))).toBeNull();
    expect((await testStore.store.ordersDueToDeliver(at(100), 10_000)).map((due) => due.id)).not.toContain(order.id);
  });

  it('delivers only shipped orders', async () => {
    const order = await place(40);
    expect(await testStore.store.markDelivered(order.id, at(41))).toBeNull();
    expect((await testStore.store.getOrder(a.accountId, order.id))?.status).toBe('confirmed');
  });

  it('cancels a confirmed order once and returns its cases to stock', async () => {
    const stockBefore = (await productRow(testStore.db, product.id)).inventoryAvailable;
    const order = await place(50, 7);
    expect((await productRow(testStore.db, product.id)).inventoryAvailable).toBe(stockBefore - 7);
    const cancelled = await testStore.store.markCancelled(order.id, at(51));
    expect(cancelled?.status).toBe('cancelled');
    expect(cancelled!.timeline.map((entry) => entry.event)).toEqual(['order_placed', 'order_confirmed', 'order_cancelled']);
    expect((await productRow(testStore.db, product.id)).inventoryAvailable).toBe(stockBefore);
    expect(await testStore.store.markCancelled(order.id, at(52))).toBeNull();
    expect((await productRow(testStore.db, product.id)).inventoryAvailable).toBe(stockBefore);
    expect(await testStore.store.markShipped(order.id, shipment, at(53))).toBeNull();
  });

  it('answers null for unknown orders', async () => {
    expect(await testStore.store.markShipped('ord_nothing', shipment, at(60))).toBeNull();
    expect(await testStore.store.markDelivered('ord_nothing', at(60))).toBeNull();
    expect(await testStore.store.markCancelled('ord_nothing', at(60))).toBeNull();
  });
});
