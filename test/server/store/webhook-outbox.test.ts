import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { WebhookDelivery } from '../../../shared';
import { webhookDeliveries } from '../../../server/db/schema';
import { createTestStore, type TestStore } from '../../support/store-fixture';
import { buyers, createdWebhook, orderableProducts, orderBody, setStock, writtenState, type ProductRow } from './helpers';

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

const at = new Date('2030-02-01T00:00:00.000Z');
const shipment = { carrier: 'UPS', tracking_number: '1Z999AA10123456784', tracking_url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784', estimated_delivery: '2030-02-04' };

async function queuedFor(webhookId: string, orderId: string) {
  const rows = await testStore.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhookId));
  return rows.map((row) => ({ row, payload: WebhookDelivery.parse(JSON.parse(row.body)) })).filter(({ payload }) => payload.data.id === orderId);
}

describe('the transactional outbox: events are written with the change that causes them', () => {
  it('placing, shipping and delivering an order queue their deliveries in their own transactions, with nobody publishing', async () => {
    const hook = createdWebhook(await testStore.store.createWebhook(a.accountId, { url: 'http://127.0.0.1:9/outbox', events: ['order.confirmed', 'order.shipped', 'order.delivered'] }, 'whsec_outbox', at));
    const placed = await testStore.store.placeOrder(a, orderBody([{ product, quantity: 2 }]), null, at);
    if (placed.kind !== 'created') throw new Error(placed.kind);
    let queued = await queuedFor(hook.id, placed.order.id);
    expect(queued.map(({ payload }) => [payload.type, payload.data.id])).toEqual([['order.confirmed', placed.order.id]]);
    expect(queued[0]?.row).toMatchObject({ state: 'pending', attempts: 0, nextAttemptAt: at, claimedBy: null });
    expect(queued[0]?.payload.data).toEqual(placed.order);

    const shipped = await testStore.store.shipDueOrders(at, 100, () => shipment, new Date(at.getTime() + 1_000));
    expect(shipped.map((moved) => moved.order.id)).toContain(placed.order.id);
    await testStore.store.markDelivered(placed.order.id, new Date(at.getTime() + 2_000));
    queued = await queuedFor(hook.id, placed.order.id);
    expect(queued.map(({ payload }) => payload.type).sort()).toEqual(['order.confirmed', 'order.delivered', 'order.shipped']);
    expect(queued.find(({ payload }) => payload.type === 'order.delivered')?.payload.data.status).toBe('delivered');
  });

  it('a refused order queues nothing', async () => {
    const before = await writtenState(testStore.db);
    const queuedBefore = await testStore.db.$count(webhookDeliveries);
    const refused = await testStore.store.placeOrder(a, orderBody([{ product, quantity: 1_000_000 }]), null, at);
    expect(refused.kind).toBe('rejected');
    expect(await writtenState(testStore.db)).toEqual(before);
    expect(await testStore.db.$count(webhookDeliveries)).toBe(queuedBefore);
  });
});
