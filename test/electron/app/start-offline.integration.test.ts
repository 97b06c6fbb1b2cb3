import * as electron from 'electron';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { BridgeInput, BridgeMethod, BridgeOutput } from '../../../shared/bridge/contract';
import type { CatalogProduct } from '../../../shared/schemas';
import { createCaseworksCore, EMBEDDED_SERVICE_FOLDER, type CaseworksCoreHandle, type CoreOptions } from '../../../electron/app/app-core';
import type { DemoStart } from '../../../electron/core/session/session-manager';
import { createElectronPlatform } from '../../../electron/main/electron-platform';
import { startService, type RunningService } from '../../../server/main';
import type { FakeElectron } from '../../support/fake-electron-module';
import { copyServiceTemplate, seededServiceTemplate } from '../../support/e2e-service-template';

/**
 * Starting offline in the desktop app, through the faked Electron platform (its settings store and
 * safeStorage as the app uses them): saved accounts, a service that is down, then back.
 */
const fake = electron as unknown as FakeElectron;
const address = { street1: '1 Vine St', city: 'Napa', state: 'CA' as const, zip: '94558' };
const tuning: CoreOptions = { offlineProbeMs: 250, syncIntervalMs: 0, hydrateDetails: false, client: { timeoutMs: 3_000, maxAttempts: 2, baseDelayMs: 20, maxDelayMs: 50 } };

const folders: string[] = [];
const cores: CaseworksCoreHandle[] = [];
const services: RunningService[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
  await Promise.all(services.splice(0).map((service) => service.close().catch(() => undefined)));
});
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function folder(prefix: string): string {
  const made = mkdtempSync(path.join(tmpdir(), prefix));
  folders.push(made);
  return made;
}

/** The app as Electron starts it: a new platform (settings, safeStorage) on the same user data folder. */
function launch(userData: string, options: CoreOptions = {}) {
  fake.app.getPath.mockImplementation((name: string) => path.join(userData, name === 'userData' ? '' : name));
  const core = createCaseworksCore(createElectronPlatform({ mainDir: '/opt/caseworks/dist-electron/main' }), { ...tuning, ...options });
  cores.push(core);
  async function data<M extends BridgeMethod>(method: M, input?: BridgeInput<M>): Promise<BridgeOutput<M>> {
    const result = await core.dispatcher.dispatch(method, input);
    if (!result.ok) throw new Error(`${method}: ${result.error.code} ${result.error.message}`);
    return result.data as BridgeOutput<M>;
  }
  return { core, data };
}

async function productsInStock(data: ReturnType<typeof launch>['data'], count: number): Promise<CatalogProduct[]> {
  let found: CatalogProduct[] = [];
  await vi.waitFor(
    async () => {
      found = (await data('searchCatalog', { text: '', inStock: true, limit: 30 })).items.filter((item) => item.inventory_available >= item.minimum_order * 2);
      expect(found.length).toBeGreaterThanOrEqual(count);
    },
    { timeout: 30_000, interval: 200 },
  );
  return found;
}

const draftOf = (product: CatalogProduct) => ({
  order: { supplier_id: product.supplier.id, items: [{ product_id: product.id, quantity: product.minimum_order }], shipping_address: address },
  supplierName: product.supplier.name,
  estimatedTotalCents: 1,
});

async function allConfirmed(data: ReturnType<typeof launch>['data'], ids: string[]): Promise<string[]> {
  let orderIds: string[] = [];
  await vi.waitFor(
    async () => {
      const entries = (await data('listOutbox')).entries.filter((entry) => ids.includes(entry.id));
      orderIds = entries.map((entry) => entry.confirmed?.id ?? '');
      expect(entries.map((entry) => entry.state)).toEqual(ids.map(() => 'confirmed'));
    },
    { timeout: 30_000, interval: 200 },
  );
  return orderIds;
}

describe('the desktop app started while its service is down', { timeout: 180_000 }, () => {
  it('with a saved account of its own service: the account, the catalog and the queued orders are there, more can be queued, all go out when the service answers', async () => {
    const serviceDir = folder('caseworks-electron-service-');
    copyServiceTemplate(await seededServiceTemplate(120), serviceDir);
    let service = await startService({ dataDir: serviceDir, logger: false, port: 0 });
    services.push(service);
    const { baseUrl } = service;
    const port = Number(new URL(baseUrl).port);
    const apiKey = service.demoCredentials?.buyers[0]?.api_key ?? '';
    const userData = folder('caseworks-electron-userdata-');

    // No demo in this test: the first launch goes straight to the buyer's own service.
    const noDemo = { startEmbedded: () => Promise.reject(new Error('no demo in this test')) };
    const first = launch(userData, noDemo);
    await first.core.ready;
    await first.data('connectService', { baseUrl, apiKey });
    const products = await productsInStock(first.data, 3);
    await service.close();
    const queued = await first.data('submitOrders', { drafts: [draftOf(products[0]!), draftOf(products[1]!)] });
    await first.core.close();

    const again = launch(userData, noDemo);
    await again.core.ready;
    const session = await again.data('getSession');
    expect(session).toMatchObject({ mode: 'custom', baseUrl, account: { name: expect.any(String) }, keyStorage: 'os-encrypted' });
    await vi.waitFor(async () => expect(await again.data('getSession')).toMatchObject({ online: false, problem: { code: 'unreachable' } }), { timeout: 10_000 });
    expect((await again.data('listOutbox')).entries.map((entry) => entry.id)).toEqual(queued.map((entry) => entry.id));
    expect((await again.data('searchCatalog', { text: '', limit: 5 })).total).toBeGreaterThan(0);
    const [third] = await again.data('submitOrders', { drafts: [draftOf(products[2]!)] });

    service = await startService({ dataDir: serviceDir, logger: false, port });
    services.push(service);
    const orderIds = await allConfirmed(again.data, [...queued.map((entry) => entry.id), third!.id]);
    expect(new Set(orderIds).size).toBe(3);
    await vi.waitFor(async () => expect((await again.data('getSession')).problem).toBeNull(), { timeout: 10_000 });
  });

  it('with a saved demo account and a demo service that is slow to start, or cannot start: signed in at once from its last start, orders queued, sent once it runs', async () => {
    const userData = folder('caseworks-electron-demo-');
    const serviceDir = path.join(userData, EMBEDDED_SERVICE_FOLDER);
    copyServiceTemplate(await seededServiceTemplate(120), serviceDir);
    let refuse = false;
    let hold: Promise<void> | null = null;
    const startEmbedded = async (): Promise<DemoStart> => {
      if (refuse) return { ok: false, failure: { code: 'failed', message: 'The demo service stopped while starting (exit code 1).' } };
      await hold;
      const service = await startService({ dataDir: serviceDir, logger: false, port: 0 });
      services.push(service);
      const buyers = service.demoCredentials?.buyers ?? [];
      return {
        ok: true,
        service: {
          baseUrl: service.baseUrl,
          apiKey: buyers[0]!.api_key,
          buyers: buyers.map((buyer) => ({ accountId: buyer.account_id, apiKey: buyer.api_key, name: buyer.name })),
          stop: () => service.close(),
        },
      };
    };

    const first = launch(userData, { startEmbedded });
    await first.core.ready;
    const products = await productsInStock(first.data, 3);
    const name = (await first.data('getSession')).account?.name;
    await first.core.close();
    await Promise.all(services.splice(0).map((service) => service.close()));

    // It cannot start: the account and its outbox are there all the same, and take an order.
    refuse = true;
    const failing = launch(userData, { startEmbedded, embeddedRestart: { attempts: 1, delayMs: () => 50 } });
    await failing.core.ready;
    expect(await failing.data('getSession')).toMatchObject({ mode: 'demo', account: { name } });
    const [queued] = await failing.data('submitOrders', { drafts: [draftOf(products[0]!)] });
    expect(queued?.state).toBe('queued');
    await vi.waitFor(async () => expect((await failing.data('getSession')).problem).toMatchObject({ code: 'demo_unavailable' }), { timeout: 10_000 });
    await failing.core.close();

    // It is slow: signed in before it runs; once it runs, both orders go out by themselves.
    refuse = false;
    let release!: () => void;
    hold = new Promise((resolve) => (release = resolve));
    const slow = launch(userData, { startEmbedded });
    await slow.core.ready;
    expect(await slow.data('getSession')).toMatchObject({ mode: 'demo', baseUrl: null, account: { name } });
    expect((await slow.data('listOutbox')).entries.map((entry) => entry.id)).toEqual([queued!.id]);
    const [second] = await slow.data('submitOrders', { drafts: [draftOf(products[1]!)] });
    release();
    const orderIds = await allConfirmed(slow.data, [queued!.id, second!.id]);
    expect(new Set(orderIds).size).toBe(2);
  });
});
