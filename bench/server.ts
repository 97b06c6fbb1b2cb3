/**
 * `npm run bench:server`: the service against a bare node:http server returning the same bytes.
 *
 * Starts the service (the CLI, as outside tools do) on a 50,000-product catalog in a temporary
 * folder, captures the exact response of GET /api/v1/products?per_page=50, serves those bytes from a
 * bare node:http server, and loads both with autocannon on loopback (50 connections, bounded
 * duration). Then measures sustained POST /orders with a fresh Idempotency-Key per request.
 * Then walks every catalog page once per sort, up to 50 pages of a few filtered listings under every
 * sort, and the product pages of a few suppliers (each page's first touch, so the service's read
 * cache cannot answer it) on PGlite, and on PostgreSQL too when DATABASE_URL is set (in a database
 * of its own on that server, created, seeded and dropped), and pages asked for right after an
 * order each. BENCH_UNCACHED_ONLY=1 skips the throughput runs.
 * Before the walks, the figures at scale (bench/server-scale.ts): starting on an empty data folder
 * (seeding time, the service's peak and idle resident memory) and the first pages of listings, on
 * each database. BENCH_SCALE_ONLY=1 gives only those (BENCH_CATALOG_SIZE=1000000 takes minutes), and
 * BENCH_POSTGRES_ONLY=1 only PostgreSQL's. Between them on PGlite, the catalog change feed's phase
 * (bench/server-feed.ts: bootstrap, nothing changed, a 1 % change).
 * Servers run pinned to core 0 and the load generator to core 1, when taskset exists.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { cpuMilliseconds, firstPages, measureStart, printFirstPages, printStart, residentBytes, scaleListings, type StartFigures } from './server-scale';
import pg from 'pg';
import { catalogFeedPhase } from './server-feed';
import { SERVICE_PROCESS_ENV } from '../shared/embedded-service';

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

/**
 * The service starts on every core, as it runs anywhere else: seeding makes the demo products in a
 * worker thread beside the thread that writes them, and pinned to one core from the start the two
 * took turns (at a million on PGlite on an idle machine, wall time 153.4 s for 152.4 s of CPU).
 * Once ready, every thread of it is pinned to core 0, away from the load generator on core 1.
 */
async function startServiceProcess(dataDir: string, databaseUrl?: string): Promise<{ child: ChildProcess; baseUrl: string; start: StartFigures }> {
  const [command, args] = [process.execPath, [
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
  ]] as const;
  const env = { ...process.env, ...SERVICE_PROCESS_ENV, DATABASE_URL: databaseUrl ?? '' };
  const child = spawn(command, [...args], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], env });
  const ready = waitForReady(child, 'the service', 1_800_000);
  const start = await measureStart(child, ready);
  if (canPin && child.pid !== undefined) spawnSync('taskset', ['-a', '-p', '-c', '0', String(child.pid)], { stdio: 'ignore' });
  return { child, baseUrl: await ready, start };
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

async function orderTargets(baseUrl: string, authorization: string): Promise<OrderTarget[]> {
  const targets: OrderTarget[] = [];
  for (let page = 1; page <= 20; page += 1) {
    const response = await fetch(`${baseUrl}/products?per_page=100&page=${page}`, { headers: { authorization } });
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

const BENCH_ADDRESS = { street1: '1 Bench Way', city: 'Napa', state: 'CA', zip: '94558' };

/** The JSON body of an order of one target's minimum. */
const orderBodyOf = (target: OrderTarget): string =>
  JSON.stringify({ supplier_id: target.supplierId, items: [{ product_id: target.productId, quantity: target.quantity }], shipping_address: BENCH_ADDRESS });

/** Rounds of "place an order, then ask for a catalog page not asked for before". */
const PAGES_BETWEEN_ORDERS = 40;

/**
 * Catalog pages by price, each asked for right after an order was placed: an order changes stock,
 * so the service's read cache cannot answer the page, but not the listings, so the ordered ids
 * kept for the listing still serve it. Only the page is timed.
 */
async function pagesBetweenOrders(baseUrl: string, authorization: string): Promise<PageTimes> {
  const targets = await orderTargets(baseUrl, authorization);
  if (targets.length === 0) throw new Error('no product with enough inventory to order');
  const times: number[] = [];
  const started = performance.now();
  for (let round = 0; round < PAGES_BETWEEN_ORDERS; round += 1) {
    const target = targets[round % targets.length]!;
    const placed = await fetch(`${baseUrl}/orders`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: orderBodyOf(target),
    });
    if (placed.status !== 201) throw new Error(`an order answered ${placed.status}`);
    const before = performance.now();
    const page = await fetch(`${baseUrl}/products?sort=price_asc&per_page=100&page=${1 + ((round * 37) % 500)}`, { headers: { authorization } });
    await page.arrayBuffer();
    times.push(performance.now() - before);
    if (page.status !== 200) throw new Error(`a page answered ${page.status}`);
  }
  return { times, walkMs: performance.now() - started };
}

const SORTS = ['(default: name)', 'name', 'price_asc', 'price_desc', 'newest'] as const;
const UNCACHED_ONLY = process.env.BENCH_UNCACHED_ONLY === '1';
/** Only the figures at scale: seeding, memory, first pages (a million products take minutes to seed). */
const SCALE_ONLY = process.env.BENCH_SCALE_ONLY === '1';
/** Only the PostgreSQL part (DATABASE_URL), without PGlite's: a million products take minutes on each. */
const POSTGRES_ONLY = process.env.BENCH_POSTGRES_ONLY === '1';
/** Suppliers whose product pages are walked (GET /suppliers/{id}/products). */
const SUPPLIER_WALKS = 20;
/** Pages walked of one filtered listing at most (spread over the whole listing). */
const FILTERED_PAGES = 50;

interface PageTimes {
  /** Milliseconds per page, in page order: from sending the request to the last byte of the body. */
  times: number[];
  walkMs: number;
}

/**
 * Every page of one listing (per_page 100) once, in order, one request at a time: each request is
 * the first for its page, so the service's read cache cannot answer it. A page's time runs from
 * sending the request to its body's last byte; the bench's own JSON parsing is not counted.
 */
async function walkListing(baseUrl: string, authorization: string, path: string, maxPages = Number.POSITIVE_INFINITY): Promise<PageTimes> {
  const times: number[] = [];
  const separator = path.includes('?') ? '&' : '?';
  const started = performance.now();
  const fetchPage = async (page: number): Promise<number> => {
    const before = performance.now();
    const response = await fetch(`${baseUrl}${path}${separator}per_page=100&page=${page}`, { headers: { authorization } });
    const bytes = await response.arrayBuffer();
    times.push(performance.now() - before);
    const body = JSON.parse(Buffer.from(bytes).toString('utf8')) as { meta?: { total_pages: number } };
    if (response.status !== 200 || !body.meta) throw new Error(`${path} page ${page} answered ${response.status}`);
    return body.meta.total_pages;
  };
  const pages = await fetchPage(1);
  // A long listing is sampled: pages spread evenly from the second to the last.
  const walked = Math.min(pages, maxPages);
  for (let step = 1; step < walked; step += 1) {
    await fetchPage(walked === pages ? step + 1 : 1 + Math.round((step * (pages - 1)) / (walked - 1)));
  }
  return { times, walkMs: performance.now() - started };
}

interface WalkFigures {
  label: string;
  /** CPU time the service process spent per page (user + system), or null where /proc is missing. */
  cpuPerPageMs: number | null;
  listings: number;
  pages: number;
  /** The first page of each listing: it reads the listing's ordered ids. */
  firstP50Ms: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  walkMs: number;
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}

function figures(label: string, walks: PageTimes[], cpuUsedMs: number | null): WalkFigures {
  const all = walks.flatMap((walk) => walk.times);
  return {
    label,
    cpuPerPageMs: cpuUsedMs === null ? null : cpuUsedMs / all.length,
    listings: walks.length,
    pages: all.length,
    firstP50Ms: percentile(
      walks.map((walk) => walk.times[0] ?? 0),
      0.5,
    ),
    p50Ms: percentile(all, 0.5),
    p95Ms: percentile(all, 0.95),
    maxMs: percentile(all, 1),
    walkMs: walks.reduce((sum, walk) => sum + walk.walkMs, 0),
  };
}

const sortParam = (sort: (typeof SORTS)[number]) => (sort.startsWith('(') ? '' : `sort=${sort}`);
const withQuery = (path: string, query: string) => (query === '' ? path : `${path}${path.includes('?') ? '&' : '?'}${query}`);

interface Sample {
  varietal: string;
  region: string;
  country: string;
  supplierId: string;
  word: string;
}

/** Filter values taken from the catalog itself: those of a product on the first page. */
async function sampleFilters(baseUrl: string, authorization: string): Promise<Sample> {
  const get = async <T>(path: string): Promise<T> => (await (await fetch(`${baseUrl}${path}`, { headers: { authorization } })).json()) as T;
  const page = await get<{ data: Array<{ id: string }> }>('/products?per_page=1&page=1000');
  const id = page.data[0]?.id;
  if (!id) throw new Error('no product to take filter values from');
  const product = await get<{ varietal: string; region: string; country: string; brand: string; supplier: { id: string } }>(`/products/${id}`);
  return {
    varietal: product.varietal,
    region: product.region,
    country: product.country,
    supplierId: product.supplier.id,
    word: product.brand.split(' ')[0] ?? product.brand,
  };
}

/** The unfiltered catalog per sort; each filter under every sort; the product pages of the first suppliers. */
async function walkUncachedPages(baseUrl: string, authorization: string, servicePid: number | undefined): Promise<WalkFigures[]> {
  const results: WalkFigures[] = [];
  const measured = async (label: string, walk: () => Promise<PageTimes[]>) => {
    const cpuBefore = cpuMilliseconds(servicePid);
    const walks = await walk();
    const cpuAfter = cpuMilliseconds(servicePid);
    results.push(figures(label, walks, cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore));
  };
  for (const sort of SORTS) await measured(sort, async () => [await walkListing(baseUrl, authorization, withQuery('/products', sortParam(sort)))]);
  const sample = await sampleFilters(baseUrl, authorization);
  const filters: Array<[string, string]> = [
    [`varietal=${sample.varietal}`, `varietal=${encodeURIComponent(sample.varietal)}`],
    [`region=${sample.region}`, `region=${encodeURIComponent(sample.region)}`],
    [`country=${sample.country}`, `country=${encodeURIComponent(sample.country)}`],
    ['supplier_id', `supplier_id=${sample.supplierId}`],
    [`q=${sample.word}`, `q=${encodeURIComponent(sample.word)}`],
    ['country+varietal', `country=${encodeURIComponent(sample.country)}&varietal=${encodeURIComponent(sample.varietal)}`],
  ];
  for (const [label, filter] of filters) {
    await measured(`${label} (5 sorts)`, async () => {
      const walks: PageTimes[] = [];
      for (const sort of SORTS) walks.push(await walkListing(baseUrl, authorization, withQuery(`/products?${filter}`, sortParam(sort)), FILTERED_PAGES));
      return walks;
    });
  }
  const suppliers = (await (await fetch(`${baseUrl}/suppliers?per_page=${SUPPLIER_WALKS}`, { headers: { authorization } })).json()) as {
    data: Array<{ id: string }>;
  };
  await measured(`/suppliers/{id}/products (${suppliers.data.length})`, async () => {
    const walks: PageTimes[] = [];
    for (const supplier of suppliers.data) walks.push(await walkListing(baseUrl, authorization, `/suppliers/${supplier.id}/products`));
    return walks;
  });
  await measured(`price_asc, each page after an order`, async () => [await pagesBetweenOrders(baseUrl, authorization)]);
  return results;
}

function printWalks(database: string, walks: WalkFigures[]): void {
  console.log('');
  console.log(
    `Uncached pages (per_page=100) on ${database}, every page once, one at a time, time to the last byte (load average ${loadavg()[0]?.toFixed(1)}):`,
  );
  console.log(`  GET /products, by sort; then each filter under every sort (at most ${FILTERED_PAGES} pages of a listing, spread over it); then suppliers' product pages`);
  for (const walk of walks) {
    const ms = (value: number) => value.toFixed(1).padStart(5);
    console.log(
      `  ${walk.label.padEnd(34)} ${String(walk.listings).padStart(2)} × ${String(walk.pages).padStart(3)} pages   first ${ms(walk.firstP50Ms)} ms   p50 ${ms(walk.p50Ms)} ms   p95 ${ms(walk.p95Ms)} ms   max ${walk.maxMs.toFixed(0).padStart(4)} ms   walk ${(walk.walkMs / 1000).toFixed(2)} s   service CPU ${walk.cpuPerPageMs === null ? '?' : walk.cpuPerPageMs.toFixed(2)} ms/page`,
    );
  }
  console.log('  first = median of the listings\' first pages (they read the ordered ids); service CPU = the service process only (not PostgreSQL\'s)');
  console.log('  targets: p95 <= 10 ms; a walk of all 500 catalog pages <= 5 s on PGlite');
}

/** The first pages of the scale listings (see bench/server-scale.ts), values taken from the catalog. */
async function scaleFigures(database: string, baseUrl: string, authorization: string, servicePid: number | undefined): Promise<void> {
  const sample = await sampleFilters(baseUrl, authorization);
  printFirstPages(database, CATALOG_SIZE, await firstPages(baseUrl, authorization, scaleListings(sample), servicePid));
}

/** Runs the walk on a database of its own on the DATABASE_URL server, created empty and dropped after. */
async function uncachedPagesOnPostgres(dataDir: string, children: ChildProcess[]): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    console.log('\n(DATABASE_URL unset: no uncached-page walk on PostgreSQL)');
    return;
  }
  const name = `bench_server_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
    const databaseUrl = new URL(serverUrl);
    databaseUrl.pathname = `/${name}`;
    const pgDir = join(dataDir, 'postgres');
    const service = await startServiceProcess(pgDir, databaseUrl.toString());
    children.push(service.child);
    const credentials = (await import(join(pgDir, 'demo-credentials.json'), { with: { type: 'json' } })).default as { buyers: Array<{ api_key: string }> };
    const apiKey = credentials.buyers[0]?.api_key;
    if (!apiKey) throw new Error('no demo buyer key on PostgreSQL');
    printStart('PostgreSQL', CATALOG_SIZE, service.start);
    await scaleFigures('PostgreSQL', service.baseUrl, `Bearer ${apiKey}`, service.child.pid);
    if (!SCALE_ONLY) printWalks('PostgreSQL', await walkUncachedPages(service.baseUrl, `Bearer ${apiKey}`, service.child.pid));
    service.child.kill('SIGTERM');
    await new Promise((resolve) => (service.child.exitCode !== null ? resolve(null) : service.child.once('exit', resolve)));
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

async function main(): Promise<void> {
  if (canPin) spawnSync('taskset', ['-pc', '1', String(process.pid)], { stdio: 'ignore' });
  const dataDir = mkdtempSync(join(tmpdir(), 'caseworks-bench-'));
  const children: ChildProcess[] = [];
  try {
    if (POSTGRES_ONLY) {
      await uncachedPagesOnPostgres(dataDir, children);
      return;
    }
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

    printStart('PGlite', CATALOG_SIZE, service.start);
    await scaleFigures('PGlite', service.baseUrl, authorization, service.child.pid);
    console.log(`  resident memory after them: ${((residentBytes(service.child.pid) ?? 0) / 1e6).toFixed(0)} MB`);
    if (!SCALE_ONLY) printWalks('PGlite', await walkUncachedPages(service.baseUrl, authorization, service.child.pid));
    if (!UNCACHED_ONLY) children.push(await catalogFeedPhase(service, dataDir, authorization));
    await uncachedPagesOnPostgres(dataDir, children);
    if (UNCACHED_ONLY || SCALE_ONLY) return;

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

    const targets = await orderTargets(service.baseUrl, authorization);
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
              body: orderBodyOf(target),
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
