import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CatalogProduct } from '../../../shared/schemas';
import { ensureRendererBuilt, REPO_ROOT } from '../../support/e2e-build';
import { copyServiceTemplate, seededServiceTemplate } from '../../support/e2e-service-template';
import { startShellProcess, type ShellProcess } from '../../support/shell-process';

const address = { street1: '1 Vine St', city: 'Napa', state: 'CA' as const, zip: '94558' };
const cleanups: (() => Promise<unknown> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** `npm run server -- --port <port> --data <dir>` in its own process, until stopped. */
function startService(port: number, dataDir: string): { stopped: Promise<number | null>; stop(): Promise<number | null>; ready: Promise<void> } {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'server/cli.ts'), '--port', String(port), '--data', dataDir, '--ship-after', '600', '--deliver-after', '600'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const stopped = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`:${port}/api/v1`)) resolve();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    void stopped.then(() => reject(new Error(`the service exited before it was ready:\n${output}`)));
  });
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return stopped;
  };
  cleanups.push(stop);
  return { stopped, stop, ready };
}

let serviceDir = '';
let dataDir = '';
let port = 0;
let apiKey = '';
let baseUrl = '';

beforeAll(async () => {
  ensureRendererBuilt();
  serviceDir = mkdtempSync(path.join(tmpdir(), 'caseworks-own-service-'));
  copyServiceTemplate(await seededServiceTemplate(120), serviceDir);
  dataDir = mkdtempSync(path.join(tmpdir(), 'caseworks-shell-offline-'));
  cleanups.push(() => rmSync(serviceDir, { recursive: true, force: true }), () => rmSync(dataDir, { recursive: true, force: true }));
  port = await freePort();
  baseUrl = `http://127.0.0.1:${port}/api/v1`;
  apiKey = (JSON.parse(readFileSync(path.join(serviceDir, 'demo-credentials.json'), 'utf8')) as { buyers: { api_key: string }[] }).buyers[0]?.api_key ?? '';
}, 300_000);

function shell(): ShellProcess {
  const started = startShellProcess({ CASEWORKS_DATA_DIR: dataDir, CASEWORKS_SERVICE_URL: baseUrl, CASEWORKS_API_KEY: apiKey });
  cleanups.push(() => started.stop());
  return started;
}

function draftOf(product: CatalogProduct) {
  return {
    order: { supplier_id: product.supplier.id, items: [{ product_id: product.id, quantity: product.minimum_order }], shipping_address: address },
    supplierName: product.supplier.name,
    estimatedTotalCents: 1,
  };
}

// Two services and two shells start and stop: minutes on a loaded two-core machine.
describe('the browser shell started while its service (CASEWORKS_SERVICE_URL) is down', { timeout: 300_000 }, () => {
  it('finds the account, the catalog and the queued orders, takes more, and sends them all by itself when the service starts', async () => {
    // Online first: the account is learned and the catalog downloaded.
    let service = startService(port, serviceDir);
    await service.ready;
    const online = shell();
    const connected = await online.waitFor(/Connected to .* as (.+)\./, 60_000);
    const accountName = connected[1];
    let products: CatalogProduct[] = [];
    await vi.waitFor(
      async () => {
        products = (await online.data('searchCatalog', { text: '', inStock: true, limit: 30 })).items.filter((item) => item.inventory_available >= item.minimum_order * 2);
        expect(products.length).toBeGreaterThanOrEqual(3);
      },
      { timeout: 60_000, interval: 300 },
    );

    // The service goes away; two orders wait in the outbox; the shell is stopped.
    await service.stop();
    const queued = await online.data('submitOrders', { drafts: [draftOf(products[0]!), draftOf(products[1]!)] });
    expect(queued.map((entry) => entry.state)).toEqual(['queued', 'queued']);
    expect(await online.stop()).toBe(0);

    // Started again with the service still down.
    const startedAt = Date.now();
    const offline = shell();
    await offline.waitFor(/Offline: Could not reach the service at 127\.0\.0\.1/, 30_000);
    const saidWithin = Date.now() - startedAt;
    const session = await offline.data('getSession');
    expect(session).toMatchObject({ mode: 'custom', baseUrl, account: { name: accountName }, online: false, problem: { code: 'unreachable' } });
    const outbox = await offline.data('listOutbox');
    expect(outbox.entries.map((entry) => entry.id)).toEqual(queued.map((entry) => entry.id));
    // Waiting: queued, or being tried right now.
    expect(outbox.entries.every((entry) => entry.state === 'queued' || entry.state === 'sending')).toBe(true);
    expect((await offline.data('searchCatalog', { text: '', limit: 5 })).total, 'the catalog is there').toBeGreaterThan(0);
    const [third] = await offline.data('submitOrders', { drafts: [draftOf(products[2]!)] });
    expect(third?.state).toBe('queued');
    expect(offline.output(), 'never "Connected" while the service is down').not.toMatch(/Connected to/);

    // The service starts again: everything goes out without a click, each order once.
    service = startService(port, serviceDir);
    await service.ready;
    const serviceBackAt = Date.now();
    const ids = [...queued.map((entry) => entry.id), third?.id];
    let orderIds: string[] = [];
    await vi.waitFor(
      async () => {
        const entries = (await offline.data('listOutbox')).entries.filter((entry) => ids.includes(entry.id));
        orderIds = entries.map((entry) => entry.confirmed?.id ?? '');
        expect(entries.map((entry) => entry.state)).toEqual(['confirmed', 'confirmed', 'confirmed']);
      },
      { timeout: 60_000, interval: 250 },
    );
    const sentWithin = Date.now() - serviceBackAt;
    console.log(`[start offline] the terminal said "Offline" ${saidWithin} ms after start; the 3 orders were confirmed ${sentWithin} ms after the service was ready again`);
    expect(new Set(orderIds).size).toBe(3);
    const placed = await fetch(`${baseUrl}/orders?per_page=100`, { headers: { authorization: `Bearer ${apiKey}` } }).then((response) => response.json() as Promise<{ data: { id: string }[] }>);
    for (const id of orderIds) expect(placed.data.filter((order) => order.id === id), `order ${id} once`).toHaveLength(1);
    await offline.waitFor(/Connected to .* as /, 30_000);
    expect(await offline.stop()).toBe(0);
    await service.stop();
  });
});
