import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Order, type CatalogProduct } from '../../../shared';
import { killAllCli, spawnCli } from './spawn-cli';

const dataDir = mkdtempSync(join(tmpdir(), 'caseworks-cli-'));
afterAll(() => {
  killAllCli();
  rmSync(dataDir, { recursive: true, force: true });
});

interface CredentialsFile {
  base_url: string;
  buyers: Array<{ account_id: string; name: string; api_key: string }>;
}
const readCredentials = () => JSON.parse(readFileSync(join(dataDir, 'demo-credentials.json'), 'utf8')) as CredentialsFile;

describe('npm run server', () => {
  it('seeds an empty folder, writes credentials, simulates fulfilment, stops on SIGTERM, and keeps every order across a restart', async () => {
    const first = spawnCli(['--port', '0', '--data', dataDir, '--catalog-size', '60', '--ship-after', '1', '--deliver-after', '1'], true);
    const ready = new Promise<unknown>((resolve) => first.child.once('message', resolve));
    const baseUrl = await first.baseUrl;
    expect(await ready).toEqual({ type: 'ready', baseUrl });

    const credentials = readCredentials();
    expect(credentials.base_url).toBe(baseUrl);
    expect(credentials.buyers.length).toBeGreaterThanOrEqual(2);
    for (const buyer of credentials.buyers) {
      expect(buyer.account_id).toMatch(/^org_/);
      expect(buyer.name.length).toBeGreaterThan(0);
    }
    const [buyer] = credentials.buyers;
    const authorization = `Bearer ${buyer?.api_key}`;

    const catalog = (await (await fetch(`${baseUrl}/products?per_page=100`, { headers: { authorization } })).json()) as { data: CatalogProduct[] };
    expect(catalog.data.length).toBeGreaterThan(0);
    const product = catalog.data.find((candidate) => candidate.inventory_available >= candidate.minimum_order) as CatalogProduct;
    const created = await fetch(`${baseUrl}/orders`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({
        supplier_id: product.supplier.id,
        items: [{ product_id: product.id, quantity: product.minimum_order }],
        shipping_address: { street1: '1 Main St', city: 'Napa', state: 'CA', zip: '94558' },
      }),
    });
    expect(created.status).toBe(201);
    const order = Order.parse(await created.json());

    let current = order;
    const deadline = Date.now() + 20_000;
    while (current.status !== 'delivered' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      current = Order.parse(await (await fetch(`${baseUrl}/orders/${order.id}`, { headers: { authorization } })).json());
    }
    expect(current.status).toBe('delivered');
    expect(current.timeline.map((entry) => entry.event)).toEqual(['order_placed', 'order_confirmed', 'order_shipped', 'order_delivered']);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = spawnCli(['--port', '0', '--data', dataDir]);
    const secondUrl = await second.baseUrl;
    expect(secondUrl).not.toBe(baseUrl);
    const kept = readCredentials();
    expect(kept.base_url).toBe(secondUrl);
    expect(kept.buyers).toEqual(credentials.buyers);
    const reread = await fetch(`${secondUrl}/orders/${order.id}`, { headers: { authorization } });
    expect(reread.status).toBe(200);
    expect(Order.parse(await reread.json())).toEqual(current);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  }, 180_000);

  it.each([
    [['--port', 'eighty']],
    [['--mode', 'yolo']],
    [['--nonsense']],
    [['--catalog-size', '-5']],
  ])('%j → one error line on stderr and exit 2', async (args) => {
    const run = spawnCli(args);
    expect(await run.exited).toBe(2);
    const { stdout, stderr } = run.output();
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^error: /);
  });

  it('--help prints the usage and exits 0', async () => {
    const run = spawnCli(['--help']);
    expect(await run.exited).toBe(0);
    expect(run.output().stdout).toContain('--ship-after');
    expect(run.output().stdout).toContain('DATABASE_URL');
    for (const flag of ['--webhook-timeout-ms', '--webhook-lease-ms', '--webhook-poll-ms']) expect(run.output().stdout).toContain(flag);
  });
});
