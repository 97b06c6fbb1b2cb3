import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WEBHOOKS_PER_ACCOUNT_MAX, type Order, type Webhook } from '../../shared';
import { waitFor } from '../server/webhooks/receiver';
import { call, orderableProducts, placeOrder, startCluster, stopAll } from './support/cluster';

const SEND_TIMEOUT_MS = 3_000;
const closers: Array<() => void> = [];

afterEach(async () => {
  await stopAll();
  for (const close of closers.splice(0)) close();
});

/** Accepts connections and never answers; counts how many are open at once. */
async function startBlackHole() {
  const open = new Set<Socket>();
  let mostOpen = 0;
  const server = createServer((socket) => {
    open.add(socket);
    mostOpen = Math.max(mostOpen, open.size);
    socket.on('close', () => open.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => {
    for (const socket of open) socket.destroy();
    server.close();
  });
  return { url: (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`, open: () => open.size, mostOpen: () => mostOpen };
}

/** Answers at once; notes when each order's event arrived. */
async function startFastReceiver() {
  const arrivals = new Map<string, number>();
  const server = createHttpServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      arrivals.set((JSON.parse(body) as { data: { id: string } }).data.id, Date.now());
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => {
    server.closeAllConnections();
    server.close();
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/fast`, arrivals };
}

describe('fair sending across three instances', () => {
  it("account A's 40 silent receivers hold at most 2 slots per instance; account B's order.confirmed arrives within a send timeout", async () => {
    const hole = await startBlackHole();
    const fast = await startFastReceiver();
    const cluster = await startCluster(3, ['--webhook-timeout-ms', String(SEND_TIMEOUT_MS), '--webhook-retry-base-ms', '60000', '--webhook-poll-ms', '200']);
    const [keyA, keyB] = cluster.apiKeys as [string, string];
    const [first, second, third] = cluster.instances.map((instance) => instance.url) as [string, string, string];
    expect(WEBHOOKS_PER_ACCOUNT_MAX).toBeGreaterThanOrEqual(40);
    for (let index = 0; index < 40; index += 1) {
      const created = await call(cluster.instances[index % 3]?.url as string, '/webhooks', keyA, { method: 'POST', body: { url: hole.url(`/a/${index}`), events: ['order.confirmed'] } });
      expect(created.status).toBe(201);
    }
    const b = await call(second, '/webhooks', keyB, { method: 'POST', body: { url: fast.url, events: ['order.confirmed'] } });
    expect(b.json<Webhook>().url).toBe(fast.url);

    const [product] = await orderableProducts(first, keyA);
    expect((await placeOrder(first, keyA, product!)).status).toBe(201);
    // Every instance has picked up its share of A's deliveries.
    await waitFor(() => hole.open() >= 6, 20_000);
    const placed = await placeOrder(third, keyB, product!);
    const placedAt = Date.now();
    expect(placed.status).toBe(201);
    const order = placed.json<Order>();
    await waitFor(() => fast.arrivals.has(order.id), 4 * SEND_TIMEOUT_MS * 4);
    const latency = (fast.arrivals.get(order.id) as number) - placedAt;
    // Without the fair share, the three instances' 24 slots were all A's, and B waited a whole timeout or more.
    expect(latency).toBeLessThan(SEND_TIMEOUT_MS);
    expect(hole.mostOpen()).toBeLessThanOrEqual(6);
  }, 180_000);

  it('the registration cap holds across instances: concurrent registrations on three instances stop at the cap', async () => {
    const fast = await startFastReceiver();
    const cluster = await startCluster(3);
    const key = cluster.apiKeys[0] as string;
    const answers = await Promise.all(
      Array.from({ length: WEBHOOKS_PER_ACCOUNT_MAX + 9 }, (_, index) =>
        call(cluster.instances[index % 3]?.url as string, '/webhooks', key, { method: 'POST', body: { url: `${fast.url}/${index}`, events: ['order.confirmed'] } }),
      ),
    );
    const { rows } = await cluster.database.query<{ n: number }>(
      'select count(*)::int as n from webhooks where deleted_at is null and account_id = (select account_id from webhooks where url like $1 limit 1)',
      [`${fast.url}/%`],
    );
    expect(rows[0]?.n).toBe(WEBHOOKS_PER_ACCOUNT_MAX);
    // The demo buyer had its demo registration already: one fewer place.
    const created = answers.filter((answer) => answer.status === 201).length;
    expect(created).toBe(WEBHOOKS_PER_ACCOUNT_MAX - 1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(answers.length - created);
  }, 180_000);
});
