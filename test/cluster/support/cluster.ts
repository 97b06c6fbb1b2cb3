import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { CatalogProduct, Paginated } from '../../../shared';
import { waitFor } from '../../server/webhooks/receiver';
import { createTestDatabase } from '../../support/postgres-admin';

/**
 * Several processes of the real CLI (`tsx server/cli.ts`, as `npm run server` runs it) on one
 * fresh database of the PostgreSQL server named by DATABASE_URL. Everything started here is
 * killed by `stopAll()`, which every test file calls in afterEach.
 */

const START_TIMEOUT_MS = 60_000;

export function serverUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('the cluster suite runs on PostgreSQL: set DATABASE_URL (see README, Tests)');
  return url;
}

export interface ClusterDatabase {
  name: string;
  url: string;
  /** A client of this database for the test's own queries (closed by drop()). */
  query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
  /** A connection of its own, e.g. to hold a lock across requests; closed by drop(). */
  connect(): Promise<pg.Client>;
  drop(): Promise<void>;
}

/** An empty database, dropped (with every connection to it) by drop(). */
export async function createDatabase(): Promise<ClusterDatabase> {
  const { name, url, drop } = await createTestDatabase(serverUrl(), 'cluster');
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => undefined);
  const clients: pg.Client[] = [];
  return {
    name,
    url,
    query: (text, values) => pool.query(text, values),
    async connect() {
      const client = new pg.Client({ connectionString: url });
      client.on('error', () => undefined);
      await client.connect();
      clients.push(client);
      return client;
    },
    async drop() {
      await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
      await pool.end().catch(() => undefined);
      await drop();
    },
  };
}

export interface Instance {
  /** Where this process listens, ending in /api/v1. */
  url: string;
  dataDir: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  output(): { stdout: string; stderr: string };
  /** SIGTERM, then wait for the exit (SIGKILL after 20 s). */
  stop(): Promise<number | null>;
  kill(): void;
}

const running = new Set<ChildProcess>();
const dataDirs = new Set<string>();

export interface StartOptions {
  databaseUrl: string;
  args?: string[];
}

/**
 * Spawns one instance and resolves once it prints its URL; rejects with its output when it
 * exits first or takes longer than a minute.
 */
export function spawnInstance(options: StartOptions): { ready: Promise<Instance>; exited: Promise<number | null>; output(): { stdout: string; stderr: string } } {
  const dataDir = mkdtempSync(join(tmpdir(), 'caseworks-cluster-'));
  dataDirs.add(dataDir);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'server/cli.ts', '--port', '0', '--data', dataDir, '--catalog-size', '60', ...(options.args ?? [])],
    { env: { ...process.env, DATABASE_URL: options.databaseUrl }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  running.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code, signal) => {
      running.delete(child);
      resolve(code ?? (signal ? -1 : null));
    }),
  );
  const output = () => ({ stdout, stderr });
  const ready = new Promise<Instance>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL within ${START_TIMEOUT_MS} ms: ${stderr}`)), START_TIMEOUT_MS);
    child.stdout?.on('data', () => {
      const url = stdout.split('\n').find((line) => /^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/.test(line));
      if (!url) return;
      clearTimeout(timer);
      resolve({
        url,
        dataDir,
        child,
        exited,
        output,
        async stop() {
          if (child.exitCode !== null || child.signalCode !== null) return exited;
          child.kill('SIGTERM');
          const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
          const code = await exited;
          clearTimeout(force);
          return code;
        },
        kill: () => child.kill('SIGKILL'),
      });
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before printing its URL: ${stderr.slice(-2_000)}`));
    });
  });
  ready.catch(() => undefined);
  return { ready, exited, output };
}

export const startInstance = (options: StartOptions): Promise<Instance> => spawnInstance(options).ready;

/**
 * The instance an instance id names (`host/pid/random`, as in `webhook_deliveries.claimed_by` and,
 * after `caseworks `, in `pg_stat_activity.application_name`): the one whose process has that pid.
 */
export function instanceNamed(instances: Instance[], instanceId: string): Instance {
  const pid = Number(/(?:^|\/)(\d+)\/[^/]+$/.exec(instanceId)?.[1]);
  const found = instances.find((instance) => instance.child.pid === pid);
  if (!found) throw new Error(`no running instance has the id ${instanceId}`);
  return found;
}

export interface Cluster {
  database: ClusterDatabase;
  instances: Instance[];
  /** The demo buyers' keys, from the instance that seeded. */
  apiKeys: string[];
}

export interface ClusterOptions {
  /** The URL the instances are given instead of the database's own, e.g. one through a proxy. */
  reachVia?: (databaseUrl: string) => string;
}

/**
 * A fresh database and `count` instances on it: the first starts alone (it migrates and seeds),
 * the others then start together.
 */
export async function startCluster(count: number, args: string[] = [], options: ClusterOptions = {}): Promise<Cluster> {
  const database = await createDatabase();
  databases.add(database);
  const databaseUrl = options.reachVia?.(database.url) ?? database.url;
  const first = await startInstance({ databaseUrl, args });
  const others = await Promise.all(Array.from({ length: count - 1 }, () => startInstance({ databaseUrl, args })));
  return { database, instances: [first, ...others], apiKeys: readApiKeys(first.dataDir) };
}

export function readApiKeys(dataDir: string): string[] {
  const file = join(dataDir, 'demo-credentials.json');
  if (!existsSync(file)) return [];
  const credentials = JSON.parse(readFileSync(file, 'utf8')) as { buyers: Array<{ api_key: string }> };
  return credentials.buyers.map((buyer) => buyer.api_key);
}

const databases = new Set<ClusterDatabase>();

/** Remembers a database made outside startCluster, so stopAll() drops it. */
export function track(database: ClusterDatabase): ClusterDatabase {
  databases.add(database);
  return database;
}

/** Kills every process started here and drops every database made here. */
export async function stopAll(): Promise<void> {
  const exits = [...running].map((child) => new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  }));
  await Promise.all(exits);
  for (const database of databases) await database.drop().catch(() => undefined);
  databases.clear();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  dataDirs.clear();
}

/** Sends a request with the buyer's key. */
export async function call(
  baseUrl: string,
  path: string,
  apiKey: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Headers; bytes: Buffer; json: <T>() => T }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${apiKey}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, json: <T>() => JSON.parse(bytes.toString('utf8')) as T };
}

export const shippingAddress = { street1: '1 Main St', city: 'Napa', state: 'CA', zip: '94558' };

/** Products with stock for at least two orders of their minimum, from the first page of the catalog. */
export async function orderableProducts(baseUrl: string, apiKey: string): Promise<CatalogProduct[]> {
  const page = await call(baseUrl, '/products?per_page=100', apiKey);
  if (page.status !== 200) throw new Error(`GET /products answered ${page.status}`);
  return page.json<Paginated<CatalogProduct>>().data.filter((product) => product.inventory_available >= 2 * product.minimum_order);
}

/** Places one order of the product's minimum quantity; the caller checks the answer. */
export const placeOrder = (baseUrl: string, apiKey: string, product: CatalogProduct) =>
  call(baseUrl, '/orders', apiKey, {
    method: 'POST',
    headers: { 'idempotency-key': randomUUID() },
    body: { supplier_id: product.supplier.id, items: [{ product_id: product.id, quantity: product.minimum_order }], shipping_address: shippingAddress },
  });

/** Waits until a backend of the database waits for a lock (a request stuck behind a test's lock). */
export const lockWaiter = (database: ClusterDatabase) =>
  waitFor(async () => {
    const { rows } = await database.query<{ waiting: string }>(
      `select count(*)::text as waiting from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`,
      [database.name],
    );
    return Number(rows[0]?.waiting) > 0;
  }, 20_000);
