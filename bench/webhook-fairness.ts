/**
 * `npx tsx bench/webhook-fairness.ts`: how long one account's webhook waits behind another
 * account's slow receivers. Account A registers 40 webhooks to a black hole (a TCP server on
 * loopback that accepts and never answers) and places an order; right after, account B (one
 * webhook, a receiver that answers at once) places one. Prints the time from B's 201 to B's
 * order.confirmed at its receiver, with the send timeout and the machine's load; ROUNDS rounds.
 *
 * The service runs in this process on PGlite (a fresh data folder under TMPDIR, 60 products), with
 * the default send timeout (10 s) unless BENCH_TIMEOUT_MS says otherwise.
 */
import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService } from '../server/main';
import type { CatalogProduct, Order } from '../shared';

const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SLOW_HOOKS = 40;

async function main(): Promise<void> {
  const sockets = new Set<Socket>();
  const blackHole = createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
  const arrivals = new Map<string, number>();
  const receiver = createHttpServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const order = (JSON.parse(body) as { data: { id: string } }).data;
      arrivals.set(order.id, performance.now());
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const dataDir = mkdtempSync(join(tmpdir(), 'caseworks-bench-fairness-'));
  const service = await startService({ dataDir, catalogSize: 60, shipAfterSeconds: 3600, webhookTimeoutMs: TIMEOUT_MS, logger: false });
  try {
    const [buyerA, buyerB] = service.demoCredentials?.buyers ?? [];
    const call = (key: string | undefined, path: string, body?: unknown) =>
      fetch(`${service.baseUrl}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const holePort = (blackHole.address() as AddressInfo).port;
    for (let index = 0; index < SLOW_HOOKS; index += 1) {
      const created = await call(buyerA?.api_key, '/webhooks', { url: `http://127.0.0.1:${holePort}/hole/${index}`, events: ['order.confirmed'] });
      if (created.status !== 201) throw new Error(`registering A's webhook ${index}: ${created.status} ${await created.text()}`);
    }
    await call(buyerB?.api_key, '/webhooks', { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/fast`, events: ['order.confirmed'] });
    const products = (await (await call(buyerA?.api_key, '/products?per_page=100')).json()) as { data: CatalogProduct[] };
    const product = products.data.find((candidate) => candidate.inventory_available >= candidate.minimum_order * 4 * ROUNDS) as CatalogProduct;
    const order = { supplier_id: product.supplier.id, items: [{ product_id: product.id, quantity: product.minimum_order }], shipping_address: { street1: '1 Main St', city: 'Napa', state: 'CA', zip: '94558' } };

    const latencies: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      await call(buyerA?.api_key, '/orders', order);
      const placed = (await (await call(buyerB?.api_key, '/orders', order)).json()) as Order;
      const placedAt = performance.now();
      while (!arrivals.has(placed.id) && performance.now() - placedAt < 20 * TIMEOUT_MS) await new Promise((resolve) => setTimeout(resolve, 10));
      const latency = (arrivals.get(placed.id) ?? Number.NaN) - placedAt;
      latencies.push(latency);
      console.log(`round ${round + 1}: B's order.confirmed after ${Math.round(latency)} ms (load average ${loadavg()[0]?.toFixed(2)})`);
      // Let A's sends of this round time out before the next, so each round starts alike.
      await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS + 1_000));
    }
    const sorted = [...latencies].sort((a, b) => a - b);
    console.log(`send timeout ${TIMEOUT_MS} ms, ${SLOW_HOOKS} black-hole webhooks on A: B's latency median ${Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0)} ms, max ${Math.round(sorted.at(-1) ?? 0)} ms`);
  } finally {
    for (const socket of sockets) socket.destroy();
    await service.close();
    blackHole.close();
    receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
