import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { Order, WebhookDelivery, type Webhook } from '../../shared';
import { IDLE_IN_TRANSACTION_TIMEOUT_MS } from '../../server/db/connection';
import { startReceiver, waitFor } from '../server/webhooks/receiver';
import { call, instanceNamed, orderableProducts, placeOrder, startCluster, stopAll, type Cluster } from './support/cluster';

interface HeldArrival {
  webhookId: string;
  body: string;
  at: number;
  /** 204 for an answered request; null for the first one, which is never answered. */
  answeredWith: number | null;
  /** When the sender's connection went away (ms since the epoch), for a request never answered. */
  closedAt: number | null;
}

/**
 * A loopback receiver that never answers the first request of each delivery (`webhook-id`),
 * holding it open as a receiver that is slow to answer would, and answers 204 to the later ones.
 */
async function startHoldingReceiver() {
  const arrivals: HeldArrival[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const webhookId = String(request.headers['webhook-id']);
      const first = !arrivals.some((arrival) => arrival.webhookId === webhookId);
      const arrival: HeldArrival = { webhookId, body: Buffer.concat(chunks).toString('utf8'), at: Date.now(), answeredWith: null, closedAt: null };
      arrivals.push(arrival);
      if (first) {
        response.on('close', () => (arrival.closedAt = Date.now()));
        return;
      }
      arrival.answeredWith = 204;
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/held`,
    arrivals,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await stopAll();
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function register(cluster: Cluster, key: string, url: string, events: string[]): Promise<Webhook> {
  const created = await call(cluster.instances[0]!.url, '/webhooks', key, { method: 'POST', body: { url, events } });
  expect(created.status).toBe(201);
  return created.json<Webhook>();
}

async function placeOrders(cluster: Cluster, key: string, count: number): Promise<Order[]> {
  const products = await orderableProducts(cluster.instances[0]!.url, key);
  const placed: Order[] = [];
  for (let index = 0; index < count; index += 1) {
    const answer = await placeOrder(cluster.instances[index % cluster.instances.length]!.url, key, products[index % products.length]!);
    expect(answer.status).toBe(201);
    placed.push(Order.parse(answer.json()));
  }
  return placed;
}

describe('an instance killed with SIGKILL while it holds work', () => {
  it('(g) a webhook delivery it was sending is sent by another instance once its lease ends, and succeeds once', async () => {
    // The send timeout must outlast finding the sender and killing it (a loaded machine included);
    // the lease must outlast the timeout (the CLI refuses a shorter one).
    const timeoutMs = 5_000;
    const leaseMs = 6_000;
    const receiver = await startHoldingReceiver();
    cleanups.push(receiver.close);
    const cluster = await startCluster(3, [
      '--ship-after', '3600', '--deliver-after', '3600', '--webhook-retry-base-ms', '60000',
      '--webhook-timeout-ms', String(timeoutMs), '--webhook-lease-ms', String(leaseMs), '--webhook-poll-ms', '100',
    ]);
    const key = cluster.apiKeys[0] as string;
    const webhook = await register(cluster, key, receiver.url, ['order.confirmed']);
    const [order] = await placeOrders(cluster, key, 1);

    // The first send reaches the receiver, which holds it; the delivery row names its sender.
    const held = await waitFor(() => receiver.arrivals[0], 15_000);
    const claims = await cluster.database.query<{ id: string; claimed_by: string | null; lease_until: Date | null; state: string }>(
      'select id, claimed_by, lease_until, state from webhook_deliveries where webhook_id = $1',
      [webhook.id],
    );
    expect(claims.rows).toHaveLength(1);
    const claim = claims.rows[0]!;
    expect(claim).toMatchObject({ state: 'pending' });
    expect(claim.claimed_by).toEqual(expect.any(String));
    const sender = instanceNamed(cluster.instances, claim.claimed_by!);
    sender.kill();
    expect(await sender.exited).toBe(-1);
    const killedAt = Date.now();
    // Killed before its send timed out: it recorded nothing, and its connection is gone.
    expect(killedAt - held.at).toBeLessThan(timeoutMs);
    await waitFor(() => held.closedAt !== null, 5_000);

    // Another instance sends it again, not before the lease ends, and the receiver answers 204.
    const again = await waitFor(() => receiver.arrivals[1], leaseMs + 15_000);
    expect(again.at).toBeGreaterThanOrEqual(claim.lease_until!.getTime());
    const [row] = await waitFor(async () => {
      const { rows } = await cluster.database.query<{ state: string; attempts: number; claimed_by: string | null }>(
        'select state, attempts, claimed_by from webhook_deliveries where id = $1',
        [claim.id],
      );
      return rows[0]?.state === 'delivered' && rows;
    }, 10_000);
    expect(row).toEqual({ state: 'delivered', attempts: 1, claimed_by: null });
    const log = await cluster.database.query<{ ok: boolean; status_code: number | null }>(
      'select ok, status_code from webhook_delivery_attempts where delivery_id = $1',
      [claim.id],
    );
    expect(log.rows).toEqual([{ ok: true, status_code: 204 }]);

    // Nothing more arrives (ten poll rounds later): two arrivals, the same event of the same
    // order, the second answered.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(receiver.arrivals).toHaveLength(2);
    expect(again.webhookId).toBe(held.webhookId);
    expect(again.body).toBe(held.body);
    const event = WebhookDelivery.parse(JSON.parse(again.body));
    expect(event.type).toBe('order.confirmed');
    expect(Order.parse(event.data).id).toBe(order!.id);
    expect(receiver.arrivals.map((arrival) => arrival.answeredWith)).toEqual([null, 204]);
  });

  it('(h) orders it was shipping are shipped by another instance once, with one timeline entry and one event each', async () => {
    const run = await startShipping();
    const { holder, session, release } = await stopShipmentsHalfWay(run);
    holder.kill();
    expect(await holder.exited).toBe(-1);
    await release();

    // The killed instance's session ends (its transaction rolls back) and the others ship everything.
    await waitFor(async () => !(await hasSession(run.cluster, session)), 15_000);
    await expectShippedOnce(run, 20_000);
  });
});

describe('an instance frozen while it holds a transition (as a machine gone without closing its connections)', () => {
  it('(j) the database ends its transaction after the idle-in-transaction timeout, and another instance ships the orders once', async () => {
    const run = await startShipping();
    const { holder, session, release } = await stopShipmentsHalfWay(run);
    // SIGSTOP: its connections stay open and silent; nothing tells the database it is gone.
    holder.child.kill('SIGSTOP');
    const frozenAt = Date.now();
    await release();

    // Its shipping session stays, idle in its transaction, until the database ends it.
    const ended = await waitFor(async () => !(await hasSession(run.cluster, session)) && Date.now(), IDLE_IN_TRANSACTION_TIMEOUT_MS + 15_000);
    expect(ended - frozenAt).toBeGreaterThanOrEqual(IDLE_IN_TRANSACTION_TIMEOUT_MS - 1_000);
    await expectShippedOnce(run, 20_000);
  }, 120_000);
});

interface ShippingRun {
  cluster: Cluster;
  ids: string[];
  webhook: Webhook;
  receiver: Awaited<ReturnType<typeof startReceiver>>;
}

/** Three instances shipping 3 s after confirmation, a receiver of order.shipped, and three orders placed. */
async function startShipping(): Promise<ShippingRun> {
  const receiver = await startReceiver();
  cleanups.push(receiver.close);
  const cluster = await startCluster(3, ['--ship-after', '3', '--deliver-after', '3600', '--webhook-retry-base-ms', '60000', '--webhook-poll-ms', '100']);
  const key = cluster.apiKeys[0] as string;
  const webhook = await register(cluster, key, receiver.url('/shipped'), ['order.shipped']);
  const orders = await placeOrders(cluster, key, 3);
  return { cluster, ids: orders.map((order) => order.id), webhook, receiver };
}

/** Whether the database still has this session (a backend's pid). */
const hasSession = async (cluster: Cluster, backendPid: number) =>
  (await cluster.database.query('select 1 from pg_stat_activity where pid = $1', [backendPid])).rows.length > 0;

/**
 * Stops every shipment half-way with a lock on the timeline, which a shipment writes after it has
 * locked and moved its orders (placing orders writes it too, so it is taken once they are placed,
 * well within the 3 s before they are due). Resolves with an instance whose session waits there,
 * holding at least one of the orders; release() lets the shipments go on.
 */
async function stopShipmentsHalfWay({ cluster, ids }: ShippingRun) {
  const blocker = await cluster.database.connect();
  await blocker.query('begin');
  await blocker.query('lock table order_events in share mode');
  const shipping = await waitFor(async () => {
    const { rows } = await cluster.database.query<{ application_name: string; pid: number }>(
      `select application_name, pid from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and query ilike 'insert into "order_events"%'`,
    );
    return rows.length > 0 && rows;
  }, 15_000);
  const holderId = shipping[0]!.application_name.replace(/^caseworks /, '');
  // The orders locked by shipments under way (rows locked FOR UPDATE are skipped by this probe).
  const free = await cluster.database.query<{ id: string }>('select id from orders where id = any($1) for key share skip locked', [ids]);
  const held = ids.filter((id) => !free.rows.some((row) => row.id === id));
  expect(held.length).toBeGreaterThan(0);
  return { holder: instanceNamed(cluster.instances, holderId), session: shipping[0]!.pid, release: () => blocker.query('commit') };
}

/** Every order shipped, with one timeline entry and one order.shipped event, delivered once. */
async function expectShippedOnce({ cluster, ids, webhook, receiver }: ShippingRun, withinMs: number): Promise<void> {
  const shipped = await waitFor(async () => {
    const { rows } = await cluster.database.query<{ id: string; status: string; tracking_number: string | null }>(
      'select id, status, tracking_number from orders where id = any($1)',
      [ids],
    );
    return rows.length === ids.length && rows.every((row) => row.status === 'shipped') && rows;
  }, withinMs);
  expect(shipped.every((row) => row.tracking_number !== null)).toBe(true);

  const timeline = await cluster.database.query<{ order_id: string; event: string }>('select order_id, event from order_events where order_id = any($1)', [ids]);
  for (const id of ids) {
    const events = timeline.rows.filter((entry) => entry.order_id === id).map((entry) => entry.event).sort();
    expect(events, id).toEqual(['order_confirmed', 'order_placed', 'order_shipped']);
  }
  await waitFor(async () => {
    const { rows } = await cluster.database.query<{ state: string }>('select state from webhook_deliveries where webhook_id = $1', [webhook.id]);
    return rows.length === ids.length && rows.every((row) => row.state === 'delivered');
  }, 15_000);
  const events = receiver.received.filter((delivery) => delivery.path === '/shipped').map((delivery) => WebhookDelivery.parse(JSON.parse(delivery.body)));
  expect(events.map((event) => event.type)).toEqual(['order.shipped', 'order.shipped', 'order.shipped']);
  expect(events.map((event) => Order.parse(event.data).id).sort()).toEqual([...ids].sort());
  for (const event of events) expect(Order.parse(event.data).status).toBe('shipped');
}
