import { afterEach, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { Order, WebhookDelivery } from '../../../shared';
import { orderEvents } from '../../../server/db/schema';
import { startReceiver, waitFor } from '../webhooks/receiver';
import { startInstances, type Instances } from './instances';

const INSTANCES = 3;
const ORDERS = 9;

let instances: Instances | null = null;
let receiver: Awaited<ReturnType<typeof startReceiver>> | null = null;
afterEach(async () => {
  await instances?.close();
  await receiver?.close();
  instances = null;
  receiver = null;
});

describe(`fulfilment with ${INSTANCES} instances on one ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'} database`, () => {
  it('each order ships once and is delivered once, and each move reaches the receiver once', async () => {
    receiver = await startReceiver({ delayMs: 300 });
    instances = await startInstances(INSTANCES, { shipAfterSeconds: 0.3, deliverAfterSeconds: 0.3, webhookPollIntervalMs: 50, webhookRetryBaseMs: 60_000 });
    const webhook = await instances.register(receiver.url('/lifecycle'), ['order.shipped', 'order.delivered']);
    const orders = [];
    for (let index = 0; index < ORDERS; index += 1) orders.push(await instances.placeOrder(index));
    const ids = orders.map((order) => order.id);

    const received = () => receiver!.received.filter((delivery) => delivery.path === '/lifecycle').map((delivery) => {
        const event = WebhookDelivery.parse(JSON.parse(delivery.body));
        return { ...event, data: Order.parse(event.data) };
      });
    const ours = () => received().filter((event) => ids.includes(event.data.id));
    await waitFor(() => ours().filter((event) => event.type === 'order.delivered').length >= ORDERS, 30_000);
    const timeline = await instances.db.select().from(orderEvents).where(inArray(orderEvents.orderId, ids));
    for (const id of ids) {
      const events = timeline.filter((entry) => entry.orderId === id).map((entry) => entry.event);
      expect(events.filter((event) => event === 'order_shipped')).toHaveLength(1);
      expect(events.filter((event) => event === 'order_delivered')).toHaveLength(1);
    }
    // Every delivery is recorded before its state changes, so once all are delivered nothing else can arrive.
    await waitFor(async () => (await instances!.deliveriesOf(webhook.id)).every((row) => row.state !== 'pending'), 10_000);
    const events = ours();
    const count = (type: string) => events.filter((event) => event.type === type).map((event) => event.data.id).sort();
    expect(count('order.shipped')).toEqual([...ids].sort());
    expect(count('order.delivered')).toEqual([...ids].sort());
  });
});
