/**
 * `npm run bench:cluster`: the service on PostgreSQL, one instance and then three, in the same run.
 *
 * DATABASE_URL names a PostgreSQL server; the benchmark creates a database of its own there (and
 * drops it at the end), starts the CLI on it, and loads it with autocannon on loopback: sustained
 * POST /orders (a fresh Idempotency-Key each) and catalog reads (GET /products pages), each for
 * BENCH_DURATION seconds at 20 connections, first against one instance, then spread over three.
 * Latencies are collected per response, so p50/p99 over three instances are exact.
 *
 * Where the time goes: the CPU time used during each phase by the service processes, by the
 * database server's processes (read from /proc, so the server must run on this machine), by the
 * load generator, and by everything else on the machine, against the machine's capacity.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const CATALOG_SIZE = Number(process.env.BENCH_CATALOG_SIZE ?? 5_000);
const CLOCK_TICKS = 100;

interface Instance {
  child: ChildProcess;
  url: string;
  dataDir: string;
}

function startInstance(databaseUrl: string): Promise<Instance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'caseworks-bench-cluster-'));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'server/cli.ts', '--port', '0', '--data', dataDir, '--catalog-size', String(CATALOG_SIZE), '--ship-after', '3600', '--rate-limit', '10000000'],
    { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(() => reject(new Error('an instance did not start within 5 minutes')), 300_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const url = stdout.split('\n').find((line) => /^http:\/\/\S+\/api\/v1$/.test(line));
      if (url) {
        clearTimeout(timer);
        resolve({ child, url, dataDir });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`an instance exited with ${code} before it was ready`));
    });
  });
}

/** utime + stime of a process, in seconds; 0 when it is gone. */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** The database server's processes: the postmaster and its children. */
function databasePids(postmasterPid: number | null): number[] {
  if (postmasterPid === null) return [];
  const pids = [postmasterPid];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === postmasterPid) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** Busy and total CPU seconds of the whole machine. */
function machineCpu(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const total = values.reduce((sum, value) => sum + value, 0) / CLOCK_TICKS;
  const idle = ((values[3] ?? 0) + (values[4] ?? 0)) / CLOCK_TICKS;
  return { busy: total - idle, total };
}

interface CpuSnapshot {
  services: Map<number, number>;
  database: Map<number, number>;
  loadGenerator: number;
  machine: { busy: number; total: number };
}

function snapshot(instances: Instance[], postmasterPid: number | null): CpuSnapshot {
  const usage = process.cpuUsage();
  return {
    services: new Map(instances.map((instance) => [instance.child.pid as number, cpuSeconds(instance.child.pid as number)])),
    database: new Map(databasePids(postmasterPid).map((pid) => [pid, cpuSeconds(pid)])),
    loadGenerator: (usage.user + usage.system) / 1e6,
    machine: machineCpu(),
  };
}

const delta = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, seconds]) => sum + seconds - (before.get(pid) ?? 0), 0);

interface PhaseResult {
  label: string;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  cpu: { services: number; database: number; loadGenerator: number; other: number; capacity: number };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

/** Runs one autocannon per instance at once, the connections split between them. */
async function phase(
  label: string,
  instances: Instance[],
  postmasterPid: number | null,
  request: (instance: Instance) => autocannon.Options,
): Promise<PhaseResult> {
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let requests = 0;
  const before = snapshot(instances, postmasterPid);
  const started = Date.now();
  await Promise.all(
    instances.map((instance, index) => {
      const connections = Math.floor(CONNECTIONS / instances.length) + (index < CONNECTIONS % instances.length ? 1 : 0);
      return new Promise<void>((resolve, reject) => {
        const run = autocannon({ ...request(instance), connections, duration: DURATION_SECONDS }, (error) => (error ? reject(error) : resolve()));
        run.on('response', (_client, statusCode, _bytes, responseTime) => {
          requests += 1;
          latencies.push(responseTime);
          if (statusCode < 200 || statusCode > 299) non2xx += 1;
        });
        run.on('reqError', () => (errors += 1));
      });
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  const after = snapshot(instances, postmasterPid);
  latencies.sort((a, b) => a - b);
  const services = delta(before.services, after.services);
  const database = delta(before.database, after.database);
  const loadGenerator = after.loadGenerator - before.loadGenerator;
  const busy = after.machine.busy - before.machine.busy;
  return {
    label,
    requests,
    perSecond: requests / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    non2xx,
    errors,
    cpu: {
      services: services / seconds,
      database: database / seconds,
      loadGenerator: loadGenerator / seconds,
      other: Math.max(0, busy - services - database - loadGenerator) / seconds,
      capacity: (after.machine.total - before.machine.total) / seconds,
    },
  };
}

interface Target {
  supplierId: string;
  productId: string;
  quantity: number;
}

/** Products that can take many orders, each listed as often as its stock allows. */
async function orderTargets(baseUrl: string, authorization: string): Promise<Target[]> {
  const targets: Target[] = [];
  for (let page = 1; page <= Math.ceil(CATALOG_SIZE / 100); page += 1) {
    const response = await fetch(`${baseUrl}/products?per_page=100&page=${page}`, { headers: { authorization } });
    const body = (await response.json()) as { data: Array<{ id: string; minimum_order: number; inventory_available: number; supplier: { id: string } }> };
    for (const product of body.data) {
      const orders = Math.floor(product.inventory_available / product.minimum_order);
      for (let copy = 0; copy < Math.min(orders, 20); copy += 1) {
        targets.push({ supplierId: product.supplier.id, productId: product.id, quantity: product.minimum_order });
      }
    }
  }
  // Spread consecutive orders over the catalog, so they rarely wait on the same product's row.
  for (let index = targets.length - 1; index > 0; index -= 1) {
    const other = Math.floor(Math.random() * (index + 1));
    [targets[index], targets[other]] = [targets[other] as Target, targets[index] as Target];
  }
  return targets;
}

function printPhase(result: PhaseResult): void {
  const { cpu } = result;
  console.log(
    `${result.label.padEnd(34)} ${result.perSecond.toFixed(0).padStart(6)}/s   p50 ${String(result.p50).padStart(4)} ms   p99 ${String(result.p99).padStart(4)} ms   non-2xx ${result.non2xx}   errors ${result.errors}`,
  );
  const perRequest = (cores: number) => ((cores / result.perSecond) * 1000).toFixed(2);
  console.log(
    `${''.padEnd(34)} CPU cores busy: service ${cpu.services.toFixed(2)}, database ${cpu.database.toFixed(2)}, load generator ${cpu.loadGenerator.toFixed(2)}, other ${cpu.other.toFixed(2)} of ${cpu.capacity.toFixed(1)}` +
      ` | CPU ms per request: service ${perRequest(cpu.services)}, database ${perRequest(cpu.database)}, load generator ${perRequest(cpu.loadGenerator)}`,
  );
}

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    console.error('bench:cluster runs on PostgreSQL: set DATABASE_URL=postgres://user@host:port/db (a database named bench_cluster_… is created and dropped there)');
    process.exit(2);
  }
  const name = `bench_cluster_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${name}`;
  const dataDirectory = (await admin.query<{ setting: string }>(`select setting from pg_settings where name = 'data_directory'`)).rows[0]?.setting;
  const pidFile = dataDirectory ? join(dataDirectory, 'postmaster.pid') : '';
  const postmasterPid = pidFile && existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : null;
  const settings = (await admin.query<{ name: string; setting: string }>(
    `select name, setting from pg_settings where name in ('server_version', 'synchronous_commit', 'fsync', 'max_connections', 'shared_buffers')`,
  )).rows;

  const instances: Instance[] = [];
  try {
    console.log(`Seeding a ${CATALOG_SIZE.toLocaleString('en-US')}-product catalog in database ${name}…`);
    instances.push(await startInstance(databaseUrl.toString()));
    const first = instances[0] as Instance;
    const credentials = JSON.parse(readFileSync(join(first.dataDir, 'demo-credentials.json'), 'utf8')) as { buyers: Array<{ api_key: string }> };
    const keys = credentials.buyers.map((buyer) => `Bearer ${buyer.api_key}`);
    // The demo's webhooks point at closed loopback ports: their failing deliveries and retries
    // would run alongside the phases, so they are switched off (PATCH /webhooks is not everywhere).
    const bench = new pg.Client({ connectionString: databaseUrl.toString() });
    await bench.connect();
    await bench.query('update webhooks set active = false');
    await bench.end();
    const targets = await orderTargets(first.url, keys[0] as string);
    let nextTarget = 0;
    let nextKey = 0;
    const orders = (instance: Instance): autocannon.Options => ({
      url: `${instance.url}/orders`,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => {
            const target = targets[nextTarget++ % targets.length] as Target;
            return {
              ...request,
              headers: { authorization: keys[nextKey++ % keys.length] as string, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
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
    let nextPage = 0;
    const reads = (instance: Instance): autocannon.Options => ({
      url: `${instance.url}/products`,
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => ({
            ...request,
            path: `/api/v1/products?per_page=50&page=${1 + (nextPage++ % 20)}`,
            headers: { authorization: keys[nextKey++ % keys.length] as string },
          }),
        },
      ],
    });

    // A short warm-up of both kinds of request on the first instance.
    const warmUp = (options: autocannon.Options) => autocannon({ ...options, connections: 4, duration: 2 });
    await warmUp(orders(first));
    await warmUp(reads(first));

    const results: PhaseResult[] = [];
    const load = loadavg();
    results.push(await phase('POST /orders, 1 instance', [first], postmasterPid, orders));
    results.push(await phase('GET /products, 1 instance', [first], postmasterPid, reads));
    instances.push(...(await Promise.all([startInstance(databaseUrl.toString()), startInstance(databaseUrl.toString())])));
    for (const instance of instances.slice(1)) {
      await warmUp(orders(instance));
      await warmUp(reads(instance));
    }
    results.push(await phase('POST /orders, 3 instances', instances, postmasterPid, orders));
    results.push(await phase('GET /products, 3 instances', instances, postmasterPid, reads));
    const loadAfter = loadavg();

    console.log('');
    console.log(`Machine: ${cpus().length} cores; load average ${load.map((value) => value.toFixed(1)).join(' / ')} at the start, ${loadAfter.map((value) => value.toFixed(1)).join(' / ')} at the end (1/5/15 min)`);
    console.log(`PostgreSQL: ${settings.map((row) => `${row.name}=${row.setting}`).join(', ')}${postmasterPid === null ? ' (not on this machine: its CPU is not measured)' : ''}`);
    console.log(`${CONNECTIONS} connections, ${DURATION_SECONDS} s per phase, ${CATALOG_SIZE.toLocaleString('en-US')} products, ${keys.length} API keys in turn; orders: one line of a product's minimum, a fresh Idempotency-Key each; reads: pages 1–20 of 50 products`);
    for (const result of results) printPhase(result);
    const orderRows = await admin.query<{ total: string }>(`select count(*)::text as total from pg_stat_activity where datname = $1`, [name]);
    console.log(`Connections to the benchmark database at the end: ${orderRows.rows[0]?.total}`);
  } finally {
    for (const instance of instances) instance.child.kill('SIGTERM');
    await Promise.all(instances.map((instance) => new Promise((resolve) => (instance.child.exitCode !== null ? resolve(null) : instance.child.once('exit', resolve)))));
    for (const instance of instances) rmSync(instance.dataDir, { recursive: true, force: true });
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
