/**
 * `npm run bench:server`: the service against a bare node:http server returning the same bytes.
 *
 * Starts the service (the CLI, as outside tools do) on a 50,000-product catalog in a temporary
 * folder, captures the exact response of GET /api/v1/products?per_page=50, serves those bytes from a
 * bare node:http server, and loads both with autocannon on loopback (50 connections, bounded
 * duration). Then measures sustained POST /orders with a fresh Idempotency-Key per request.
 * Servers run pinned to core 0 and the load generator to core 1, when taskset exists.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';

const CATALOG_SIZE = Number(process.env.BENCH_CATALOG_SIZE ?? 50_000);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;
const ORDER_CONNECTIONS = 10;
const ROUNDS = 2;
const canPin = existsSync('/usr/bin/taskset') || existsSync('/bin/taskset');

function pinned(core: number, command: string, args: string[]): [string, string[]] {
  return canPin ? ['taskset', ['-c', String(core), command, ...args]] : [command, args];
}

function waitForReady(child: ChildProcess, what: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not start within ${timeoutMs / 1000} s`)), timeoutMs);
    child.on('message', (message: { type?: string; baseUrl?: string }) => {
      if (message.type === 'ready' && message.baseUrl) {
        clearTimeout(timer);
        resolve(message.baseUrl);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited with ${code} before it was ready`));
    });
  });
}

async function startServiceProcess(dataDir: string): Promise<{ child: ChildProcess; baseUrl: string }> {
  const [command, args] = pinned(0, process.execPath, [
    '--import',
    'tsx',
    'server/cli.ts',
    '--port',
    '0',
    '--data',
    dataDir,
    '--catalog-size',
    String(CATALOG_SIZE),
    '--ship-after',
    '3600',
    '--rate-limit',
    '10000000',
  ]);
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  return { child, baseUrl: await waitForReady(child, 'the service', 600_000) };
}

/** A bare node:http server answering every request with the captured bytes and headers. */
async function startBareProcess(bodyFile: string, contentType: string): Promise<{ child: ChildProcess; url: string }> {
  const script = `
    const http = require('node:http');
    const body = require('node:fs').readFileSync(${JSON.stringify(bodyFile)});
    const server = http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': ${JSON.stringify(contentType)}, 'content-length': body.length });
      res.end(body);
    });
    server.listen(0, '127.0.0.1', () => process.send({ type: 'ready', baseUrl: 'http://127.0.0.1:' + server.address().port }));
  `;
  const [command, args] = pinned(0, process.execPath, ['-e', script]);
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  return { child, url: await waitForReady(child, 'the bare server', 30_000) };
}

interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

async function load(options: autocannon.Options): Promise<LoadResult> {
  const result = await autocannon({ ...options, duration: options.duration ?? DURATION_SECONDS });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** Mean throughput over the rounds; the worst p99 of any round. */
function combine(rounds: LoadResult[]): LoadResult {
  return {
    requestsPerSecond: rounds.reduce((sum, round) => sum + round.requestsPerSecond, 0) / rounds.length,
    p99Ms: Math.max(...rounds.map((round) => round.p99Ms)),
    non2xx: rounds.reduce((sum, round) => sum + round.non2xx, 0),
    errors: rounds.reduce((sum, round) => sum + round.errors, 0),
  };
}

interface OrderTarget {
  supplierId: string;
  productId: string;
  quantity: number;
}

async function orderTargets(baseUrl: string, apiKey: string): Promise<OrderTarget[]> {
  const targets: OrderTarget[] = [];
  for (let page = 1; page <= 20; page += 1) {
    const response = await fetch(`${baseUrl}/products?per_page=100&page=${page}`, { headers: { authorization: `Bearer ${apiKey}` } });
    const body = (await response.json()) as {
      data: Array<{ id: string; minimum_order: number; inventory_available: number; supplier: { id: string } }>;
    };
    for (const product of body.data) {
      if (product.inventory_available >= product.minimum_order * 5) {
        targets.push({ supplierId: product.supplier.id, productId: product.id, quantity: product.minimum_order });
      }
    }
  }
  return targets;
}

async function main(): Promise<void> {
  if (canPin) spawnSync('taskset', ['-pc', '1', String(process.pid)], { stdio: 'ignore' });
  const dataDir = mkdtempSync(join(tmpdir(), 'caseworks-bench-'));
  const children: ChildProcess[] = [];
  try {
    console.log(`Starting the service with a ${CATALOG_SIZE.toLocaleString('en-US')}-product catalog (seeding takes a while)…`);
    const seedStarted = Date.now();
    const service = await startServiceProcess(dataDir);
    children.push(service.child);
    console.log(`Service ready at ${service.baseUrl} after ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);
    const credentials = (await import(join(dataDir, 'demo-credentials.json'), { with: { type: 'json' } })).default as {
      buyers: Array<{ api_key: string }>;
    };
    const apiKey = credentials.buyers[0]?.api_key;
    if (!apiKey) throw new Error('no demo buyer key');
    const authorization = `Bearer ${apiKey}`;

    const catalogUrl = `${service.baseUrl}/products?per_page=50`;
    const captured = await fetch(catalogUrl, { headers: { authorization } });
    if (captured.status !== 200) throw new Error(`catalog page answered ${captured.status}`);
    const bytes = Buffer.from(await captured.arrayBuffer());
    const bodyFile = join(dataDir, 'catalog-page.json');
    writeFileSync(bodyFile, bytes);
    const bare = await startBareProcess(bodyFile, captured.headers.get('content-type') ?? 'application/json');
    children.push(bare.child);
    console.log(`Catalog page: ${bytes.length.toLocaleString('en-US')} bytes`);

    const readOptions = { connections: CONNECTIONS, headers: { authorization } };
    await load({ url: bare.url, ...readOptions, duration: 2 });
    await load({ url: catalogUrl, ...readOptions, duration: 2 });
    // Alternating rounds, so that a change in the machine's load hits both servers alike.
    const bareRounds: LoadResult[] = [];
    const serviceRounds: LoadResult[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      bareRounds.push(await load({ url: bare.url, ...readOptions, duration: DURATION_SECONDS / ROUNDS }));
      serviceRounds.push(await load({ url: catalogUrl, ...readOptions, duration: DURATION_SECONDS / ROUNDS }));
    }
    const bareResult = combine(bareRounds);
    const serviceResult = combine(serviceRounds);

    const targets = await orderTargets(service.baseUrl, apiKey);
    if (targets.length === 0) throw new Error('no product with enough inventory to order');
    let next = 0;
    const orderResult = await load({
      url: `${service.baseUrl}/orders`,
      connections: ORDER_CONNECTIONS,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => {
            const target = targets[next++ % targets.length] as OrderTarget;
            return {
              ...request,
              headers: { authorization, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
              body: JSON.stringify({
                supplier_id: target.supplierId,
                items: [{ product_id: target.productId, quantity: target.quantity }],
                shipping_address: { street1: '1 Bench Way', city: 'Napa', state: 'CA', zip: '94558' },
              }),
            };
          },
        },
      ],
    });

    const ratio = serviceResult.requestsPerSecond / bareResult.requestsPerSecond;
    const row = (name: string, result: LoadResult) =>
      `${name.padEnd(34)} ${result.requestsPerSecond.toFixed(0).padStart(8)} req/s   p99 ${String(result.p99Ms).padStart(4)} ms   non-2xx ${result.non2xx}   errors ${result.errors}`;
    console.log('');
    console.log(`Machine: ${cpus().length} cores, load average ${loadavg().map((value) => value.toFixed(1)).join(' / ')} (1/5/15 min)`);
    console.log(
      `GET /products?per_page=50, ${CONNECTIONS} connections, ${DURATION_SECONDS} s each in ${ROUNDS} alternating rounds, ${CATALOG_SIZE.toLocaleString('en-US')} products`,
    );
    console.log(row('bare node:http (same bytes)', bareResult));
    console.log(row('service', serviceResult));
    console.log(`ratio service/bare: ${ratio.toFixed(2)}x (target >= 0.5x); service p99 ${serviceResult.p99Ms} ms (target <= 50 ms)`);
    console.log('');
    console.log(`POST /orders, ${ORDER_CONNECTIONS} connections, ${DURATION_SECONDS} s, fresh Idempotency-Key each`);
    console.log(row('service', orderResult));
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
