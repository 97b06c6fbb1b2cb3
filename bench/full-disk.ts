/**
 * `npx tsx bench/full-disk.ts`: the service on a really full disk (PGlite), as a check to run by hand.
 * Needs root (it mounts a 96 MB tmpfs under TMPDIR); tests cannot mount, so they inject the
 * database's disk_full error where the store meets the database instead (test/server/http/full-disk.test.ts).
 *
 * Starts the CLI with its data folder on the tmpfs, places an order, fills the disk, then places
 * orders until one is refused, reads /health/ready, frees the space and waits for readiness to come
 * back by itself; prints each answer and how long recovery took, then unmounts.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CatalogProduct } from '../shared';

const mountPoint = mkdtempSync(join(tmpdir(), 'caseworks-full-disk-'));
execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=96m', 'tmpfs', mountPoint]);
const dataDir = join(mountPoint, 'data');
mkdirSync(dataDir);
const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', '--port', '0', '--data', dataDir, '--catalog-size', '60', '--ship-after', '3600'], {
  env: { ...process.env, DATABASE_URL: '' },
  stdio: ['ignore', 'pipe', 'ignore'],
});

async function main(): Promise<void> {
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((candidate) => candidate.startsWith('http://'));
      if (line) resolve(line);
    });
    child.on('exit', (code) => reject(new Error(`the service exited with ${code}`)));
  });
  const key = (JSON.parse(readFileSync(join(dataDir, 'demo-credentials.json'), 'utf8')) as { buyers: Array<{ api_key: string }> }).buyers[0]?.api_key;
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const products = (await (await fetch(`${baseUrl}/products?per_page=100`, { headers })).json()) as { data: CatalogProduct[] };
  const product = products.data.find((candidate) => candidate.inventory_available >= candidate.minimum_order * 100) as CatalogProduct;
  const order = JSON.stringify({
    supplier_id: product.supplier.id,
    items: [{ product_id: product.id, quantity: product.minimum_order }],
    shipping_address: { street1: '1 Main St', city: 'Napa', state: 'CA', zip: '94558' },
  });
  const place = () => fetch(`${baseUrl}/orders`, { method: 'POST', headers, body: order });
  const ready = async () => (await fetch(`${baseUrl}/health/ready`)).status;

  console.log(`load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
  console.log(`before filling: POST /orders ${(await place()).status}, ready ${await ready()}`);
  const filler = join(mountPoint, 'filler');
  try {
    execFileSync('dd', ['if=/dev/zero', `of=${filler}`, 'bs=1M'], { stdio: 'ignore' });
  } catch {
    // dd stops with "No space left on device": the disk is full.
  }
  let accepted = 0;
  let refused: Response | null = null;
  for (let attempt = 0; attempt < 200 && !refused; attempt += 1) {
    const answer = await place();
    if (answer.status === 201) accepted += 1;
    else refused = answer;
  }
  console.log(`disk full: ${accepted} orders still fitted, then POST /orders ${refused?.status} Retry-After ${refused?.headers.get('retry-after')} ${await refused?.text()}`);
  console.log(`disk full: ready ${await ready()}`);
  await new Promise((resolve) => setTimeout(resolve, 6_000));
  console.log(`disk full, 6 s later (a write probe was due): ready ${await ready()}`);
  rmSync(filler);
  const freedAt = Date.now();
  let status = await ready();
  while (status !== 200 && Date.now() - freedAt < 60_000) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    status = await ready();
  }
  console.log(`space freed: ready ${status} after ${Date.now() - freedAt} ms; POST /orders ${(await place()).status}`);
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    child.kill('SIGTERM');
    child.once('exit', () => {
      execFileSync('umount', [mountPoint]);
      rmSync(mountPoint, { recursive: true, force: true });
    });
  });
