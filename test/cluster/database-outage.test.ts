import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { Order, Problem } from '../../shared';
import { startOutageProxy, type OutageProxy } from '../support/tcp-outage-proxy';
import { waitFor } from '../server/webhooks/receiver';
import { orderableProducts, placeOrder, serverUrl, shippingAddress, startCluster, stopAll, type Instance } from './support/cluster';

/** Connect timeout 5 s and readiness 2 s: every answer comes well within this, or it hangs. */
const ANSWER_BOUND_MS = 8_000;
/** How long the database stays away: several rounds of requests and of background work. */
const OUTAGE_MS = 4_000;

let proxy: OutageProxy | null = null;
afterEach(async () => {
  await stopAll();
  await proxy?.close();
  proxy = null;
});

interface Answer {
  path: string;
  status: number;
  type: string | null;
  retryAfter: string | null;
  body: string;
  ms: number;
}

async function ask(instance: Instance, key: string, path: string, init: { method?: string; body?: unknown } = {}): Promise<Answer> {
  const started = Date.now();
  const response = await fetch(`${instance.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${key}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json', 'idempotency-key': randomUUID() }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(30_000),
  });
  const body = await response.text();
  return { path, status: response.status, type: response.headers.get('content-type'), retryAfter: response.headers.get('retry-after'), body, ms: Date.now() - started };
}

describe('the database going away under three running instances', () => {
  it('(i) each answers 503 problem JSON within seconds while it is away, stays live, and recovers without a restart', async () => {
    proxy = await startOutageProxy(new URL(serverUrl()));
    const cluster = await startCluster(3, ['--ship-after', '1', '--deliver-after', '3600'], { reachVia: proxy.via });
    const key = cluster.apiKeys[0] as string;
    const pids = cluster.instances.map((instance) => instance.child.pid);
    const [product] = await orderableProducts(cluster.instances[0]!.url, key);
    const orderBody = {
      supplier_id: product!.supplier.id,
      items: [{ product_id: product!.id, quantity: product!.minimum_order }],
      shipping_address: shippingAddress,
    };
    for (const instance of cluster.instances) {
      expect((await ask(instance, key, '/health/ready')).status).toBe(200);
      expect((await placeOrder(instance.url, key, product!)).status).toBe(201);
    }

    await proxy.down();
    const wentDown = Date.now();
    const answers: Answer[] = [];
    // Rounds of requests until the outage has lasted OUTAGE_MS, all instances at once: reads,
    // an order, readiness; liveness needs no database.
    while (Date.now() - wentDown < OUTAGE_MS) {
      const round = await Promise.all(
        cluster.instances.flatMap((instance) => [
          ask(instance, key, '/orders?per_page=1'),
          ask(instance, key, '/products?per_page=2'),
          ask(instance, key, '/account'),
          ask(instance, key, '/orders', { method: 'POST', body: orderBody }),
          ask(instance, key, '/health/ready'),
        ]),
      );
      answers.push(...round);
      for (const instance of cluster.instances) expect((await ask(instance, key, '/health/live')).status).toBe(200);
    }
    for (const answer of answers) {
      expect(answer.status, `${answer.path}: ${answer.body}`).toBe(503);
      expect(answer.type).toMatch(/^application\/problem\+json/);
      expect(Problem.parse(JSON.parse(answer.body))).toMatchObject({ status: 503, code: 'service_unavailable' });
      expect(answer.retryAfter).toBe('1');
      expect(answer.ms, answer.path).toBeLessThan(ANSWER_BOUND_MS);
    }
    expect(answers.length).toBeGreaterThanOrEqual(15);

    await proxy.up();
    const cameBack = Date.now();
    // The same processes (never restarted) are ready again, take orders, and ship them.
    for (const instance of cluster.instances) {
      await waitFor(async () => (await ask(instance, key, '/health/ready')).status === 200, 20_000);
    }
    const recoveredMs = Date.now() - cameBack;
    const placed: string[] = [];
    for (const instance of cluster.instances) {
      const answer = await ask(instance, key, '/orders', { method: 'POST', body: orderBody });
      expect(answer.status, answer.body).toBe(201);
      placed.push(Order.parse(JSON.parse(answer.body)).id);
    }
    expect(cluster.instances.map((instance) => instance.child.pid)).toEqual(pids);
    expect(cluster.instances.every((instance) => instance.child.exitCode === null && instance.child.signalCode === null)).toBe(true);
    await waitFor(async () => {
      const { rows } = await cluster.database.query<{ status: string }>('select status from orders where id = any($1)', [placed]);
      return rows.length === placed.length && rows.every((row) => row.status === 'shipped');
    }, 20_000);
    // Nothing was half-placed while the database was away.
    const { rows } = await cluster.database.query<{ count: string }>(
      'select count(*)::text as count from orders where created_at >= $1 and created_at < $2',
      [new Date(wentDown), new Date(cameBack)],
    );
    expect(rows[0]!.count).toBe('0');
    expect(recoveredMs).toBeLessThan(20_000);
  });
});
