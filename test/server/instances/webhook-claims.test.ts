import { afterEach, describe, expect, it } from 'vitest';
import { WebhookDelivery } from '../../../shared';
import { webhookDeliveries } from '../../../server/db/schema';
import { startReceiver, waitFor } from '../webhooks/receiver';
import { startInstances, type Instances } from './instances';

const INSTANCES = 3;
const kind = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

let instances: Instances | null = null;
let receiver: Awaited<ReturnType<typeof startReceiver>> | null = null;
afterEach(async () => {
  await instances?.close();
  await receiver?.close();
  instances = null;
  receiver = null;
});

const quiet = { shipAfterSeconds: 3_600, deliverAfterSeconds: 3_600, webhookPollIntervalMs: 50 };

describe(`webhook deliveries with ${INSTANCES} instances on one ${kind} database`, () => {
  it('a receiver answering in 1.5 s gets each event exactly once', async () => {
    receiver = await startReceiver({ delayMs: 1_500 });
    instances = await startInstances(INSTANCES, { ...quiet, webhookRetryBaseMs: 60_000 });
    const webhook = await instances.register(receiver.url('/slow'), ['order.confirmed']);
    const orders = [];
    for (let index = 0; index < 12; index += 1) orders.push(await instances.placeOrder(index));

    const rows = await waitFor(async () => {
      const all = await instances!.deliveriesOf(webhook.id);
      return all.length === orders.length && all.every((row) => row.state === 'delivered') && all;
    }, 20_000);
    const received = receiver.received.filter((delivery) => delivery.path === '/slow');
    const orderIds = received.map((delivery) => WebhookDelivery.parse(JSON.parse(delivery.body)).data.id).sort();
    expect(orderIds).toEqual(orders.map((order) => order.id).sort());
    expect(new Set(received.map((delivery) => delivery.headers['webhook-id'])).size).toBe(orders.length);
    expect(rows.map((row) => row.attempts)).toEqual(Array(orders.length).fill(1));
    expect(rows.every((row) => row.claimedBy === null && row.leaseUntil === null)).toBe(true);
  });

  it('a failing receiver gets exactly maxAttempts attempts, each retry waiting longer than the one before', async () => {
    receiver = await startReceiver({ delayMs: 200 });
    const maxAttempts = 5;
    const retryBaseMs = 100;
    instances = await startInstances(INSTANCES, { ...quiet, webhookRetryBaseMs: retryBaseMs, webhookMaxAttempts: maxAttempts });
    receiver.answerNext('/down', ...Array(20).fill(500));
    const webhook = await instances.register(receiver.url('/down'), ['order.confirmed']);
    await instances.placeOrder(0);

    const [row] = await waitFor(async () => {
      const all = await instances!.deliveriesOf(webhook.id);
      return all[0]?.state === 'failed' && all;
    }, 20_000);
    expect(row?.attempts).toBe(maxAttempts);
    const arrivals = receiver.received.filter((delivery) => delivery.path === '/down').map((delivery) => delivery.receivedAt);
    expect(arrivals).toHaveLength(maxAttempts);
    // Each retry waits base · 2^(n−1) after the previous attempt ended (its answer took 200 ms).
    const gaps = arrivals.slice(1).map((arrival, index) => arrival - (arrivals[index] as number));
    gaps.forEach((gap, index) => expect(gap).toBeGreaterThanOrEqual(200 + retryBaseMs * 2 ** index - 5));
    const log = await instances.services[0]!.store.deliveryLog(webhook.id, 20);
    expect(log).toHaveLength(maxAttempts);
    expect(log[0]).toMatchObject({ ok: false, statusCode: 500, nextAttemptAt: null });
  });

  it('a claim left by an instance that died mid-send is taken over once its lease runs out, and sent once', async () => {
    receiver = await startReceiver();
    instances = await startInstances(INSTANCES, { ...quiet, webhookRetryBaseMs: 60_000 });
    const webhook = await instances.register(receiver.url('/orphan'), ['order.confirmed']);
    // What a SIGKILLed instance leaves behind: a due delivery claimed by it, its lease still running.
    const leaseUntil = new Date(Date.now() + 1_000);
    await instances.db.insert(webhookDeliveries).values({
      id: 'dlv_orphaned_by_a_dead_instance',
      webhookId: webhook.id,
      eventType: 'order.confirmed',
      body: JSON.stringify({ type: 'order.confirmed', timestamp: new Date().toISOString(), data: { id: 'ord_orphan' } }),
      state: 'pending',
      attempts: 0,
      nextAttemptAt: new Date(),
      createdAt: new Date(),
      claimedBy: 'dead-host/4242/deadbeef',
      leaseUntil,
    });

    const [row] = await waitFor(async () => {
      const all = await instances!.deliveriesOf(webhook.id);
      return all[0]?.state === 'delivered' && all;
    }, 10_000);
    const received = receiver.received.filter((delivery) => delivery.path === '/orphan');
    expect(received).toHaveLength(1);
    expect(received[0]?.headers['webhook-id']).toBe('dlv_orphaned_by_a_dead_instance');
    expect(received[0]!.receivedAt).toBeGreaterThanOrEqual(leaseUntil.getTime());
    expect(row).toMatchObject({ attempts: 1, claimedBy: null, leaseUntil: null });
  });

  it('close() gives back the claims an instance still holds, so another sends them at once', async () => {
    receiver = await startReceiver();
    instances = await startInstances(2, { ...quiet, webhookRetryBaseMs: 60_000 });
    const [stopping] = instances.services;
    const webhook = await instances.register(receiver.url('/handed-over'), ['order.confirmed']);
    // A claim of the stopping instance, with an hour of lease left (as after a send whose record failed).
    await instances.db.insert(webhookDeliveries).values({
      id: 'dlv_claimed_by_a_stopping_instance',
      webhookId: webhook.id,
      eventType: 'order.confirmed',
      body: JSON.stringify({ type: 'order.confirmed', timestamp: new Date().toISOString(), data: { id: 'ord_handed_over' } }),
      state: 'pending',
      attempts: 0,
      nextAttemptAt: new Date(),
      createdAt: new Date(),
      claimedBy: stopping!.instanceId,
      leaseUntil: new Date(Date.now() + 3_600_000),
    });
    await stopping!.close();
    const [released] = await instances.deliveriesOf(webhook.id);
    expect(released?.claimedBy).not.toBe(stopping!.instanceId);

    await waitFor(async () => (await instances!.deliveriesOf(webhook.id))[0]?.state === 'delivered', 10_000);
    expect(receiver.received.filter((delivery) => delivery.path === '/handed-over')).toHaveLength(1);
  });
});
