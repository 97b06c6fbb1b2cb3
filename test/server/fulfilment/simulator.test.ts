import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CalendarDate, Order, type WebhookEventName } from '../../../shared';
import { createFulfilmentSimulator } from '../../../server/fulfilment/simulator';
import { orderBodyFor, orderableProduct, startHarness, type Harness } from '../http/harness';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

describe('fulfilment simulator', () => {
  it('ships a confirmed order after shipAfterSeconds and delivers it deliverAfterSeconds later, visible over HTTP', async () => {
    const product = await orderableProduct(harness);
    const placed = Order.parse((await harness.request('POST', '/orders', { body: orderBodyFor(product) })).json);
    const confirmedAt = new Date(placed.confirmed_at as string).getTime();
    let now = confirmedAt;
    const events: Array<{ event: WebhookEventName; accountId: string; order: Order }> = [];
    const simulator = createFulfilmentSimulator({
      store: harness.testStore.store,
      shipAfterSeconds: 60,
      deliverAfterSeconds: 120,
      clock: () => new Date(now),
      onEvent: async (event, accountId, order) => {
        events.push({ event, accountId, order });
      },
    });
    const readOrder = async () => Order.parse((await harness.request('GET', `/orders/${placed.id}`)).json);
    const eventsFor = (event: WebhookEventName) => events.filter((entry) => entry.event === event && entry.order.id === placed.id);

    now = confirmedAt + 59_000;
    await simulator.runOnce();
    expect((await readOrder()).status).toBe('confirmed');

    now = confirmedAt + 61_000;
    await simulator.runOnce();
    const shipped = await readOrder();
    expect(shipped.status).toBe('shipped');
    expect(shipped.shipped_at).toBe(new Date(now).toISOString());
    expect(shipped.tracking?.carrier).toBeTruthy();
    expect(shipped.tracking?.tracking_number).toBeTruthy();
    expect(new URL(shipped.tracking?.tracking_url as string).protocol).toBe('https:');
    expect(CalendarDate.parse(shipped.tracking?.estimated_delivery)).toBeTruthy();
    expect(shipped.timeline.map((entry) => entry.event)).toEqual(['order_placed', 'order_confirmed', 'order_shipped']);
    expect(eventsFor('order.shipped')).toHaveLength(1);
    expect(eventsFor('order.shipped')[0]?.accountId).toBe(harness.buyerA.account_id);
    expect(eventsFor('order.shipped')[0]?.order).toEqual(shipped);

    const listed = (await harness.request('GET', '/orders?status=shipped&per_page=100')).json as { data: Array<{ id: string; tracking: unknown }> };
    expect(listed.data.find((order) => order.id === placed.id)?.tracking).toMatchObject({ tracking_url: shipped.tracking?.tracking_url });

    now = confirmedAt + 61_000 + 119_000;
    await simulator.runOnce();
    expect((await readOrder()).status).toBe('shipped');

    now = confirmedAt + 61_000 + 121_000;
    await simulator.runOnce();
    const delivered = await readOrder();
    expect(delivered.status).toBe('delivered');
    expect(delivered.timeline.map((entry) => entry.event)).toEqual(['order_placed', 'order_confirmed', 'order_shipped', 'order_delivered']);
    expect(delivered.tracking).toEqual(shipped.tracking);
    expect(eventsFor('order.delivered')).toHaveLength(1);

    await simulator.runOnce();
    expect(eventsFor('order.shipped')).toHaveLength(1);
    expect(eventsFor('order.delivered')).toHaveLength(1);
  });

  it('keeps moving orders when notifying fails, and reports the failure', async () => {
    const product = await orderableProduct(harness, 1);
    const placed = Order.parse((await harness.request('POST', '/orders', { body: orderBodyFor(product) })).json);
    const errors: unknown[] = [];
    const simulator = createFulfilmentSimulator({
      store: harness.testStore.store,
      shipAfterSeconds: 0,
      deliverAfterSeconds: 3600,
      clock: () => new Date(new Date(placed.confirmed_at as string).getTime() + 1_000),
      onEvent: async () => {
        throw new Error('dispatcher down');
      },
      onError: (error) => errors.push(error),
    });
    await simulator.runOnce();
    expect(Order.parse((await harness.request('GET', `/orders/${placed.id}`)).json).status).toBe('shipped');
    expect(errors.length).toBeGreaterThan(0);
  });

  it('runs by itself on a timer once started, and stops', async () => {
    const product = await orderableProduct(harness, 2);
    const placed = Order.parse((await harness.request('POST', '/orders', { body: orderBodyFor(product) })).json);
    const simulator = createFulfilmentSimulator({
      store: harness.testStore.store,
      shipAfterSeconds: 0,
      deliverAfterSeconds: 0,
      tickMs: 20,
      onEvent: async () => undefined,
    });
    simulator.start();
    const deadline = Date.now() + 10_000;
    let status = placed.status;
    while (status !== 'delivered' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 30));
      status = Order.parse((await harness.request('GET', `/orders/${placed.id}`)).json).status;
    }
    await simulator.stop();
    expect(status).toBe('delivered');
  });
});
