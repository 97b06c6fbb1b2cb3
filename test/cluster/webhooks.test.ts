import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { CatalogProduct, Paginated, Webhook } from '../../shared';
import { waitFor } from '../server/webhooks/receiver';
import { call, shippingAddress, startCluster, stopAll, type Cluster } from './support/cluster';

interface Arrival {
  id: string;
  at: number;
}

/** A loopback receiver that answers every request with `status` after `delayMs`. */
async function startReceiver(status: number, delayMs: number) {
  const arrivals: Arrival[] = [];
  let open = 0;
  const server: Server = createServer((request, response) => {
    arrivals.push({ id: String(request.headers['webhook-id']), at: Date.now() });
    open += 1;
    request.resume();
    const answer = () => {
      open -= 1;
      response.writeHead(status).end();
    };
    if (delayMs > 0) setTimeout(answer, delayMs);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    arrivals,
    open: () => open,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

let receivers: Array<{ close(): Promise<void> }> = [];

afterEach(async () => {
  await stopAll();
  await Promise.all(receivers.map((receiver) => receiver.close()));
  receivers = [];
});

async function register(cluster: Cluster, key: string, url: string): Promise<Webhook> {
  const created = await call(cluster.instances[0]!.url, '/webhooks', key, { method: 'POST', body: { url, events: ['order.confirmed'] } });
  expect(created.status).toBe(201);
  return created.json<Webhook>();
}

async function placeOrders(cluster: Cluster, key: string, count: number): Promise<void> {
  const page = await call(cluster.instances[0]!.url, '/products?per_page=100', key);
  const targets = page.json<Paginated<CatalogProduct>>().data.filter((product) => product.inventory_available >= 2 * product.minimum_order);
  for (let index = 0; index < count; index += 1) {
    const target = targets[index % targets.length] as CatalogProduct;
    const placed = await call(cluster.instances[index % 3]!.url, '/orders', key, {
      method: 'POST',
      headers: { 'idempotency-key': randomUUID() },
      body: { supplier_id: target.supplier.id, items: [{ product_id: target.id, quantity: target.minimum_order }], shipping_address: shippingAddress },
    });
    expect(placed.status).toBe(201);
  }
}

const deliveryStates = async (cluster: Cluster, webhookId: string) => {
  const { rows } = await cluster.database.query<{ state: string; count: string }>(
    'select state, count(*)::text as count from webhook_deliveries where webhook_id = $1 group by state',
    [webhookId],
  );
  return Object.fromEntries(rows.map((row) => [row.state, Number(row.count)]));
};

/** SIGTERM to every instance: each finishes the deliveries it is sending, then exits. */
const stopInstances = (cluster: Cluster) => Promise.all(cluster.instances.map((instance) => instance.stop()));

describe('webhooks sent by three instances', () => {
  it('(b) a receiver answering in 1.5 s gets each event exactly once', async () => {
    const receiver = await startReceiver(204, 1_500);
    receivers.push(receiver);
    const cluster = await startCluster(3, ['--webhook-retry-base-ms', '300']);
    const key = cluster.apiKeys[0] as string;
    const webhook = await register(cluster, key, receiver.url);
    await placeOrders(cluster, key, 12);

    await waitFor(async () => (await deliveryStates(cluster, webhook.id)).delivered === 12, 40_000);
    await waitFor(() => receiver.open() === 0, 10_000);
    await stopInstances(cluster);
    const ids = receiver.arrivals.map((arrival) => arrival.id);
    expect(new Set(ids).size).toBe(12);
    expect(ids.length).toBe(12);
  });

  it('(c) a failing receiver gets exactly --webhook-max-attempts attempts, spaced by the doubling backoff', async () => {
    const receiver = await startReceiver(500, 0);
    receivers.push(receiver);
    const baseMs = 150;
    const maxAttempts = 5;
    const cluster = await startCluster(3, ['--webhook-retry-base-ms', String(baseMs), '--webhook-max-attempts', String(maxAttempts)]);
    const key = cluster.apiKeys[0] as string;
    const webhook = await register(cluster, key, receiver.url);
    await placeOrders(cluster, key, 1);

    await waitFor(async () => (await deliveryStates(cluster, webhook.id)).failed === 1, 30_000);
    await stopInstances(cluster);
    const times = receiver.arrivals.map((arrival) => arrival.at);
    expect(new Set(receiver.arrivals.map((arrival) => arrival.id)).size).toBe(1);
    expect(times.length).toBe(maxAttempts);
    // Attempt n+1 waits at least base × 2^(n-1) after attempt n (times are taken on arrival, the
    // delay from after the answer; 5 ms for timer rounding).
    const gaps = times.slice(1).map((at, index) => at - (times[index] as number));
    gaps.forEach((gap, index) => expect(gap, `gap ${index + 1} of ${gaps.join(', ')} ms`).toBeGreaterThanOrEqual(baseMs * 2 ** index - 5));
  });
});
