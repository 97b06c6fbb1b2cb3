import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CatalogProduct } from '../../../shared/schemas';
import { DATA_FOLDER_IN_USE_EXIT_CODE } from '../../../shared/embedded-service';
import { EMBEDDED_SERVICE_FOLDER } from '../../../electron/app/app-core';
import { APP_DATA_FOLDER_LOCK_FILE as DATA_FOLDER_LOCK_FILE } from '../../../server/data-folder-lock';
import { ensureRendererBuilt } from '../../support/e2e-build';
import { copyServiceTemplate, seededServiceTemplate } from '../../support/e2e-service-template';
import { startShellProcess, type ShellProcess } from '../../support/shell-process';

const address = { street1: '1 Vine St', city: 'Napa', state: 'CA' as const, zip: '94558' };
const running: ShellProcess[] = [];
let dataDir = '';

beforeAll(async () => {
  ensureRendererBuilt();
  dataDir = mkdtempSync(path.join(tmpdir(), 'caseworks-one-owner-'));
  copyServiceTemplate(await seededServiceTemplate(120), path.join(dataDir, EMBEDDED_SERVICE_FOLDER));
}, 300_000);
afterAll(async () => {
  await Promise.all(running.splice(0).map((shell) => shell.stop()));
  rmSync(dataDir, { recursive: true, force: true });
});

function shellOn(folder: string): ShellProcess {
  const shell = startShellProcess({ CASEWORKS_DATA_DIR: folder, CASEWORKS_SHIP_DELAY_MS: '600000', CASEWORKS_DELIVER_DELAY_MS: '600000' });
  running.push(shell);
  return shell;
}

/** Places one order of a product's minimum through the shell's bridge and waits for the service to confirm it. */
async function placeConfirmed(shell: ShellProcess, product: CatalogProduct): Promise<string> {
  const [entry] = await shell.data('submitOrders', {
    drafts: [
      {
        order: { supplier_id: product.supplier.id, items: [{ product_id: product.id, quantity: product.minimum_order }], shipping_address: address },
        supplierName: product.supplier.name,
        estimatedTotalCents: 1,
      },
    ],
  });
  let orderId = '';
  await vi.waitFor(
    async () => {
      orderId = (await shell.data('listOutbox')).entries.find((candidate) => candidate.id === entry?.id)?.confirmed?.id ?? '';
      expect(orderId).toMatch(/^ord_/);
    },
    { timeout: 30_000, interval: 200 },
  );
  return orderId;
}

/** A product with stock for a few orders, once the first sync has brought the catalog in. */
async function productInStock(shell: ShellProcess): Promise<CatalogProduct> {
  let found: CatalogProduct | undefined;
  await vi.waitFor(
    async () => {
      const { items } = await shell.data('searchCatalog', { text: '', inStock: true, limit: 20 });
      found = items.find((item) => item.inventory_available >= item.minimum_order * 3);
      expect(found).toBeDefined();
    },
    { timeout: 60_000, interval: 300 },
  );
  return found as CatalogProduct;
}

// Several processes start and stop in each test: minutes on a loaded two-core machine.
describe('one owner per data folder: two `npm run web` on one CASEWORKS_DATA_DIR', { timeout: 300_000 }, () => {
  it('the second says the folder is in use, naming the first, and exits non-zero; no acknowledged order is lost', async () => {
    const first = shellOn(dataDir);
    await first.waitFor(/Connected to the demo service/, 120_000);
    const { base } = await first.page();
    const product = await productInStock(first);
    const before = await placeConfirmed(first, product);

    const startedAt = Date.now();
    const second = shellOn(dataDir);
    expect(await second.exited).toBe(DATA_FOLDER_IN_USE_EXIT_CODE);
    const refusedWithin = Date.now() - startedAt;
    expect(second.output()).toContain(`in use by npm run web (pid ${first.pid}, started `);
    expect(second.output()).toContain(`its page is ${base}/`);
    expect(second.output(), 'it started nothing: no page, no demo service').not.toMatch(/Caseworks is running|Connected to/);
    console.log(`[one owner] the second shell was refused in ${refusedWithin} ms`);

    // The first one goes on as before.
    const after = await placeConfirmed(first, product);
    expect(await first.stop(), first.output()).toBe(0);
    expect(existsSync(path.join(dataDir, DATA_FOLDER_LOCK_FILE)), 'the folder is free once the first one stopped').toBe(false);

    // Started again on the folder, it finds both orders the service confirmed.
    const again = shellOn(dataDir);
    await again.waitFor(/Connected to the demo service/, 120_000);
    await vi.waitFor(
      async () => {
        const ids = (await again.data('listOrders', { page: 1, perPage: 50 })).items.map((order) => order.id);
        expect(ids).toEqual(expect.arrayContaining([before, after]));
      },
      { timeout: 30_000, interval: 300 },
    );
    expect(await again.stop(), again.output()).toBe(0);
  });

  it('a shell killed without stopping leaves a stale lock that the next start takes over', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'caseworks-one-owner-killed-'));
    try {
      // Own service given, so no demo service is started: only the folder's lock is at stake.
      const env = { CASEWORKS_DATA_DIR: folder, CASEWORKS_SERVICE_URL: 'http://127.0.0.1:9/api/v1', CASEWORKS_API_KEY: 'sk_nothing_12345678' };
      const killed = startShellProcess(env);
      running.push(killed);
      await killed.page();
      killed.child.kill('SIGKILL');
      await killed.exited;
      expect(existsSync(path.join(folder, DATA_FOLDER_LOCK_FILE))).toBe(true);

      const next = startShellProcess(env);
      running.push(next);
      await next.page();
      expect(await next.stop()).toBe(0);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
