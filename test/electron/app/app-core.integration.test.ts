import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BridgeMethod, BridgeInput, BridgeOutput } from '../../../shared/bridge/contract';
import type { BridgeEvent } from '../../../shared/bridge/events';
import type { CatalogProduct } from '../../../shared/schemas';
import type { BridgeResult } from '../../../shared/bridge/result';
import { createCaseworksCore, type CaseworksCoreHandle } from '../../../electron/app/app-core';
import { createTestPlatform } from '../../support/fake-core';
import { embeddedCoreOptions, inProcessEmbeddedService } from '../../support/embedded-service-in-process';
import { valueOrFault } from '../../../electron/core/offline/offline-database';
import { createOfflineStore } from '../../../electron/core/offline/offline-store';
import { DEMO_SCOPE_URL } from '../../../electron/core/session/service-connection';

const address = { street1: '1 Vine St', city: 'Napa', state: 'CA' as const, zip: '94558' };

/** A core on its own embedded demo service and data folder, with the bridge as the renderer calls it. */
async function startCore() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'caseworks-core-'));
  const platform = createTestPlatform({ dataDir, now: () => new Date() });
  const events: BridgeEvent[] = [];
  const embedded = await inProcessEmbeddedService({ dataDir, catalogSize: 120, shipAfterSeconds: 10, deliverAfterSeconds: 120 });
  const core: CaseworksCoreHandle = createCaseworksCore(platform, embeddedCoreOptions(embedded));
  running.push(core);
  core.events.subscribe((event) => events.push(event));
  await core.ready;
  await core.whenIdle();

  async function call<M extends BridgeMethod>(method: M, input?: BridgeInput<M>): Promise<BridgeResult<BridgeOutput<M>>> {
    return (await core.dispatcher.dispatch(method, input)) as BridgeResult<BridgeOutput<M>>;
  }

  async function data<M extends BridgeMethod>(method: M, input?: BridgeInput<M>): Promise<BridgeOutput<M>> {
    const result = await call(method, input);
    if (!result.ok) throw new Error(`${method}: ${result.error.code} ${result.error.message}`);
    return result.data;
  }

  return { core, platform, events, call, data };
}

/** A cart draft of one product's minimum, to the test address. */
const draftOf = (product: CatalogProduct) => ({
  order: { supplier_id: product.supplier.id, items: [{ product_id: product.id, quantity: product.minimum_order }], shipping_address: address },
  supplierName: product.supplier.name,
  estimatedTotalCents: 1,
});

/** The service's id of a queued order, once the outbox has it confirmed. */
async function confirmedOrderId(data: Awaited<ReturnType<typeof startCore>>['data'], entryId: string): Promise<string> {
  let orderId = '';
  await vi.waitFor(async () => {
    orderId = (await data('listOutbox')).entries.find((candidate) => candidate.id === entryId)?.confirmed?.id ?? '';
    expect(orderId).toMatch(/^ord_/);
  }, { timeout: 15_000, interval: 100 });
  return orderId;
}

const running: CaseworksCoreHandle[] = [];
afterAll(async () => {
  await Promise.all(running.splice(0).map((core) => core.close()));
});

/**
 * One core for the tests that leave it as they found it (reads, orders placed online). A test that
 * changes what others rely on (stops the service, signs out) starts a core of its own, so no test
 * depends on the order the others run in.
 */
let shared: Awaited<ReturnType<typeof startCore>>;
beforeAll(async () => {
  shared = await startCore();
});
const call: typeof shared.call = (...args) => shared.call(...args);
const data: typeof shared.data = (...args) => shared.data(...args);

describe('the core on the embedded demo service', () => {
  it('signs in as the first demo buyer on first launch', async () => {
    const session = await data('getSession');
    expect(session).toMatchObject({ mode: 'demo', keyStorage: 'embedded-demo', online: true });
    expect(session.account?.id).toMatch(/^org_/);
    expect(shared.events).toContainEqual({ type: 'session-changed' });
  });

  it('shows the offline catalog while the demo service is still starting, and after it failed to start', async () => {
    let fail!: (error: Error) => void;
    const starting = new Promise<never>((_, reject) => {
      fail = reject;
    });
    // A second launch on the first one's data folder, whose demo service does not come up.
    const relaunched = createCaseworksCore(createTestPlatform({ dataDir: shared.platform.dataDir, now: () => new Date() }), {
      startEmbedded: () => starting,
      syncIntervalMs: 0,
    });
    running.push(relaunched);
    const ask = async <M extends BridgeMethod>(method: M, input?: BridgeInput<M>) => {
      const result = (await relaunched.dispatcher.dispatch(method, input)) as BridgeResult<BridgeOutput<M>>;
      if (!result.ok) throw new Error(`${method}: ${result.error.message}`);
      return result.data;
    };
    await relaunched.offlineReady;
    const stored = await data('searchCatalog', { limit: 5 });
    expect(await ask('getSession')).toMatchObject({ mode: 'demo', account: null });
    const shown = await ask('searchCatalog', { limit: 5 });
    expect(shown.total).toBe(120);
    expect(shown.items.map((item) => item.id)).toEqual(stored.items.map((item) => item.id));
    expect((await ask('getSyncStatus')).datasets.find((dataset) => dataset.name === 'catalog')?.count).toBe(120);
    fail(new Error('the demo service could not start'));
    await relaunched.ready;
    expect((await ask('getSession')).mode).toBe('none');
    expect((await ask('searchCatalog', { limit: 5 })).total).toBe(120);
  });

  it('syncs every dataset and reports their ages', async () => {
    const status = await data('getSyncStatus');
    expect(status.online).toBe(true);
    for (const name of ['suppliers', 'catalog', 'orders', 'account', 'webhooks'] as const) {
      const dataset = status.datasets.find((entry) => entry.name === name);
      expect(dataset?.updatedAt, name).not.toBeNull();
      expect(dataset?.error, name).toBeNull();
    }
    expect(status.cacheBytes).toBeGreaterThan(0);
    expect(shared.events.some((event) => event.type === 'sync-progress' && event.dataset === 'catalog' && event.finished)).toBe(true);
  });

  it('searches the cached catalog and serves product images from the cache', async () => {
    const all = await data('searchCatalog', { limit: 500 });
    expect(all.total).toBe(120);
    const first = all.items[0]!;
    expect(first.image_url).toMatch(new RegExp(`^/product-images/${first.id}\\?v=[\\w-]{10}$`));
    const found = await data('searchCatalog', { text: first.name.split(' ')[0] ?? '' });
    expect(found.items.length).toBeGreaterThan(0);
    const image = await shared.core.readImage(first.id);
    expect(image?.contentType).toMatch(/^image\//);
    expect(image?.body.length).toBeGreaterThan(0);
    const notShownYet = all.items.at(-1)!;
    expect((await shared.core.readImage(notShownYet.id))?.body.length, 'a product the page was not handed is found in the catalog').toBeGreaterThan(0);
  });

  it('searches suppliers like the catalog: typos, towns, states by name, wine regions; filters region and state apart', async () => {
    const everyone = (await data('listSuppliers', { perPage: 100 })).items;
    const catalog = (await data('searchCatalog', { limit: 500 })).items;
    // The wine regions are the catalog's, not the state codes of the suppliers' towns.
    const listed = await data('listSuppliers', {});
    expect(listed.regions).toEqual([...new Set(catalog.map((product) => product.region))].sort((a, b) => a.localeCompare(b)));
    expect(listed.states.map((state) => state.value)).toEqual(expect.arrayContaining(['CA']));
    expect(listed.states.find((state) => state.value === 'CA')?.label).toBe('California');

    const target = everyone.find((supplier) => supplier.location.endsWith(', CA') && supplier.name.split(' ')[0]!.length >= 5)!;
    const first = target.name.split(' ')[0]!;
    // One letter too many, as "Ashby" typed "ashbey".
    const typo = `${first.slice(0, -1)}e${first.slice(-1)}`;
    expect((await data('listSuppliers', { q: typo.toLowerCase() })).items.map((supplier) => supplier.id)).toContain(target.id);
    const town = target.location.split(',')[0]!;
    expect((await data('listSuppliers', { q: town.toLowerCase() })).items.map((supplier) => supplier.id)).toContain(target.id);
    const californians = everyone.filter((supplier) => supplier.location.endsWith(', CA'));
    expect((await data('listSuppliers', { q: 'california', perPage: 100 })).meta.total).toBe(californians.length);
    expect((await data('listSuppliers', { state: 'CA', perPage: 100 })).meta.total).toBe(californians.length);

    const region = catalog.find((product) => product.supplier.id === target.id)!.region;
    const ofRegion = new Set(catalog.filter((product) => product.region === region).map((product) => product.supplier.id));
    const byRegion = await data('listSuppliers', { region, perPage: 100 });
    expect(byRegion.items.map((supplier) => supplier.id).sort()).toEqual([...ofRegion].sort());
    const regionWord = region.split(' ')[0]!.toLowerCase();
    expect((await data('listSuppliers', { q: regionWord, perPage: 100 })).items.map((supplier) => supplier.id)).toContain(target.id);
  });

  it('reads suppliers, products, the account, orders and webhooks', async () => {
    const suppliers = await data('listSuppliers', {});
    expect(suppliers.items.length).toBeGreaterThan(0);
    expect(suppliers.regions.length).toBeGreaterThan(0);
    const supplier = suppliers.items[0]!;
    expect((await data('getSupplier', { id: supplier.id })).data.id).toBe(supplier.id);
    const products = await data('listSupplierProducts', { id: supplier.id });
    expect(products.items.length).toBeGreaterThan(0);
    expect(products.freshness.fromCache).toBe(false);
    const product = await data('getProduct', { id: products.items[0]!.id });
    expect(product.data.image_url).toMatch(new RegExp(`^/product-images/${product.data.id}\\?v=[\\w-]{10}$`));
    expect((await data('getAccount')).data.id).toMatch(/^org_/);
    expect(Array.isArray((await data('listOrders', {})).items)).toBe(true);
    expect(Array.isArray((await data('listWebhooks')).items)).toBe(true);
    expect(await call('getSupplier', { id: 'sup_doesnotexist' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('sends an order through the outbox, reads it back, and follows it to shipment', async () => {
    const products = (await data('searchCatalog', { inStock: true, limit: 50 })).items;
    const product = products.find((candidate) => candidate.inventory_available >= candidate.minimum_order + 1)!;
    const [entry] = await data('submitOrders', {
      drafts: [
        {
          order: { supplier_id: product.supplier.id, items: [{ product_id: product.id, quantity: product.minimum_order }], shipping_address: address },
          supplierName: product.supplier.name,
          estimatedTotalCents: product.case_price_cents * product.minimum_order,
        },
      ],
    });
    expect(entry?.state).toMatch(/queued|sending/);
    await vi.waitFor(async () => {
      const outbox = (await data('listOutbox')).entries;
      expect(outbox.find((candidate) => candidate.id === entry!.id)?.state).toBe('confirmed');
    }, { timeout: 15_000, interval: 100 });
    const confirmed = (await data('listOutbox')).entries.find((candidate) => candidate.id === entry!.id)!.confirmed!;
    await vi.waitFor(async () => {
      const order = await data('getOrder', { id: confirmed.id });
      expect(order.data.status).not.toBe('confirmed');
    }, { timeout: 30_000, interval: 250 });
    const shipped = await data('getOrder', { id: confirmed.id });
    const trackingUrl = shipped.data.tracking?.tracking_url;
    expect(trackingUrl).toMatch(/^https:/);
    expect(await data('openTrackingLink', { url: trackingUrl! })).toEqual({ outcome: 'opened' });
    expect(shared.platform.openExternal).toHaveBeenCalledWith(trackingUrl);
  });

  it.each([
    ['an https link the app did not produce', 'https://evil.example/track'],
    ['http', 'http://track.example.com/1'],
    ['file', 'file:///etc/passwd'],
    ['javascript', 'javascript:alert(1)'],
    ['data', 'data:text/html,<script>alert(1)</script>'],
  ])('refuses to open %s', async (_name, url) => {
    vi.mocked(shared.platform.openExternal!).mockClear();
    expect(await call('openTrackingLink', { url })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(shared.platform.openExternal).not.toHaveBeenCalled();
  });

  it('serves reads from the offline copy while the service is down and sends queued orders once it is back', async () => {
    const { core, events, data } = await startCore();
    await core.whenIdle();
    await data('syncNow');
    await core.whenIdle();
    const orders = await data('listOrders', {});
    const knownOrder = orders.items[0]!;
    const product = (await data('searchCatalog', { inStock: true, limit: 50 })).items.find(
      (candidate) => candidate.inventory_available >= candidate.minimum_order + 1,
    )!;
    await core.stopEmbeddedService();

    const offlineOrders = await data('listOrders', {});
    expect(offlineOrders.freshness.fromCache).toBe(true);
    expect(offlineOrders.freshness.asOf).not.toBeNull();
    expect((await data('getAccount')).freshness.fromCache).toBe(true);
    expect((await data('getOrder', { id: knownOrder.id })).data.id).toBe(knownOrder.id);
    expect((await data('searchCatalog', {})).total).toBe(120);
    expect((await data('getSession')).online).toBe(false);
    expect(events).toContainEqual({ type: 'connectivity', online: false });

    const [queued] = await data('submitOrders', {
      drafts: [
        {
          order: { supplier_id: product.supplier.id, items: [{ product_id: product.id, quantity: product.minimum_order }], shipping_address: address },
          supplierName: product.supplier.name,
          estimatedTotalCents: 1,
        },
      ],
    });
    expect(queued?.state).toBe('queued');
    const ordersBefore = (await data('listOrders', {})).meta.total;

    await core.startEmbeddedService();
    await vi.waitFor(async () => {
      const entry = (await data('listOutbox')).entries.find((candidate) => candidate.id === queued!.id);
      expect(entry?.state).toBe('confirmed');
    }, { timeout: 20_000, interval: 200 });
    expect(events).toContainEqual({ type: 'connectivity', online: true });
    const live = await data('listOrders', {});
    expect(live.freshness.fromCache).toBe(false);
    expect(live.meta.total).toBe(ordersBefore + 1);
  });

  it('keeps the signed-in account’s address book and favourites, and filters the catalog by them', async () => {
    const saved = await data('addSavedAddress', { label: 'Warehouse', address, makeDefault: true });
    expect(await data('getAddressBook')).toMatchObject({ items: [{ id: saved.id, label: 'Warehouse' }], defaultId: saved.id, problem: null });
    const { items } = await data('searchCatalog', { limit: 5 });
    for (const item of items.slice(0, 2)) await data('setFavourite', { productId: item.id, favourite: true });
    const starred = await data('searchCatalog', { favouritesOnly: true, limit: 50 });
    expect(starred.items.map((item) => item.id).sort()).toEqual(items.slice(0, 2).map((item) => item.id).sort());
  });

  it('notifies the desktop when a synced order ships', async () => {
    const product = (await data('searchCatalog', { inStock: true, limit: 50 })).items.find(
      (candidate) => candidate.inventory_available >= candidate.minimum_order + 1,
    )!;
    const [entry] = await data('submitOrders', { drafts: [draftOf(product)] });
    const orderId = await confirmedOrderId(data, entry!.id);
    await shared.core.whenIdle();
    await data('syncNow');
    await shared.core.whenIdle();
    await vi.waitFor(async () => expect((await data('getOrder', { id: orderId })).data.status).toBe('shipped'), {
      timeout: 30_000,
      interval: 250,
    });
    await data('syncNow');
    await shared.core.whenIdle();
    expect(shared.events).toContainEqual(expect.objectContaining({ type: 'order-status', orderId }));
    expect(shared.platform.notify).toHaveBeenCalledWith('Order shipped', expect.stringContaining('is on its way'));
  });

  it('counts many orders moving in one sync in one notification, not one each', async () => {
    const { core, data, platform } = await startCore();
    const products = (await data('searchCatalog', { inStock: true, limit: 50 })).items.filter(
      (candidate) => candidate.inventory_available >= candidate.minimum_order + 1,
    );
    const drafts = products.slice(0, 4).map(draftOf);
    expect(drafts).toHaveLength(4);
    const entries = await data('submitOrders', { drafts });
    const orderIds = await Promise.all(entries.map((entry) => confirmedOrderId(data, entry.id)));
    await core.whenIdle();
    await data('syncNow');
    await core.whenIdle();
    vi.mocked(platform.notify).mockClear();
    const embedded = core.embeddedService()!;
    await vi.waitFor(async () => {
      for (const id of orderIds) {
        const response = await fetch(`${embedded.baseUrl}/orders/${id}`, { headers: { authorization: `Bearer ${embedded.buyers![0]!.apiKey}` } });
        expect(((await response.json()) as { status: string }).status).toBe('shipped');
      }
    }, { timeout: 30_000, interval: 250 });
    await data('syncNow');
    await core.whenIdle();
    expect(vi.mocked(platform.notify).mock.calls).toEqual([['4 orders moved', '4 shipped. See Orders for each.']]);
  });

  it('signs out: the account data goes, queued orders stay', async () => {
    const { call, data } = await startCore();
    const catalogBefore = (await data('searchCatalog', { limit: 1 })).total;
    const someProduct = (await data('searchCatalog', { limit: 1 })).items[0]!;
    const result = await data('signOut');
    expect(result.keptQueuedOrders).toBeGreaterThanOrEqual(0);
    const session = await data('getSession');
    expect(session).toMatchObject({ mode: 'none', account: null, keyStorage: 'none' });
    expect(await call('getAccount')).toMatchObject({ ok: false, error: { code: 'not_configured' } });
    expect((await data('listOutbox')).entries.length).toBe(0);

    // The shared catalog stays (the sign-out dialog promises only private data goes): it can be
    // searched and read offline at once, and Settings still counts it.
    expect((await data('searchCatalog', { limit: 1 })).total).toBe(catalogBefore);
    const detail = await data('getProduct', { id: someProduct.id });
    expect(detail.data.name).toBe(someProduct.name);
    expect(detail.freshness.fromCache).toBe(true);
    const status = await data('getSyncStatus');
    expect(status.datasets.find((dataset) => dataset.name === 'catalog')?.count).toBe(catalogBefore);
    expect(status.datasets.find((dataset) => dataset.name === 'suppliers')?.count).toBeGreaterThan(0);
    for (const name of ['orders', 'account', 'webhooks'] as const) {
      expect(status.datasets.find((dataset) => dataset.name === name), name).toMatchObject({ count: 0, updatedAt: null });
    }
    expect(await call('listOrders', {})).toMatchObject({ ok: false });
  });
});

describe('several buyer accounts on the embedded demo service', () => {
  /** The service's own answer, asked with one account's key. */
  async function ordersOf(baseUrl: string, apiKey: string): Promise<{ id: string; supplier_id?: string }[]> {
    const response = await fetch(`${baseUrl}/orders?per_page=100`, { headers: { authorization: `Bearer ${apiKey}` } });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: { id: string }[] }).data;
  }

  it('queues orders of two accounts offline and places each once, under its own account, when the service is back', async () => {
    const { core, data, call, platform } = await startCore();
    const embedded = core.embeddedService()!;
    const [first, second] = embedded.buyers!;
    const firstSession = await data('getSession');
    expect(firstSession.account?.id).toBe(first!.accountId);

    const added = await data('addBuyerAccount', { baseUrl: embedded.baseUrl, apiKey: second!.apiKey });
    expect(added).toMatchObject({ mode: 'demo', account: { id: second!.accountId }, keyStorage: 'embedded-demo' });
    expect(await call('addBuyerAccount', { baseUrl: embedded.baseUrl, apiKey: second!.apiKey })).toMatchObject({ ok: false, error: { code: 'rejected' } });
    await core.whenIdle();
    const product = (await data('searchCatalog', { inStock: true, limit: 50 })).items.find(
      (candidate) => candidate.inventory_available >= 2 * candidate.minimum_order,
    )!;
    const draft = {
      order: { supplier_id: product.supplier.id, items: [{ product_id: product.id, quantity: product.minimum_order }], shipping_address: address },
      supplierName: product.supplier.name,
      estimatedTotalCents: 1,
    };
    await core.stopEmbeddedService();
    await core.checkConnectivity();

    const [queuedForSecond] = await data('submitOrders', { drafts: [draft] });
    const { accounts } = await data('listBuyerAccounts');
    const firstAccount = accounts.find((account) => account.accountId === first!.accountId)!;
    const secondAccount = accounts.find((account) => account.accountId === second!.accountId)!;
    expect(secondAccount.active).toBe(true);
    expect(await data('switchBuyerAccount', { id: firstAccount.id })).toMatchObject({ account: { id: first!.accountId }, buyerAccountId: firstAccount.id });
    expect(core.embeddedService(), 'switching does not start the stopped service').toBeNull();
    expect((await data('listOutbox')).entries, "the other account's order is not listed").toEqual([]);
    const [queuedForFirst] = await data('submitOrders', { drafts: [draft] });
    expect((await data('listBuyerAccounts')).accounts.map((account) => account.queuedOrders)).toEqual([1, 1]);

    await core.startEmbeddedService();
    await vi.waitFor(async () => {
      expect((await data('listBuyerAccounts')).accounts.map((account) => account.queuedOrders)).toEqual([0, 0]);
    }, { timeout: 20_000, interval: 200 });
    await core.whenIdle();
    const firstConfirmed = (await data('listOutbox')).entries.find((entry) => entry.id === queuedForFirst!.id)?.confirmed?.id;
    await data('switchBuyerAccount', { id: secondAccount.id });
    const secondConfirmed = (await data('listOutbox')).entries.find((entry) => entry.id === queuedForSecond!.id)?.confirmed?.id;
    expect(firstConfirmed).toMatch(/^ord_/);
    expect(secondConfirmed).toMatch(/^ord_/);

    const baseUrl = core.embeddedService()!.baseUrl;
    const firstOrders = (await ordersOf(baseUrl, first!.apiKey)).map((order) => order.id);
    const secondOrders = (await ordersOf(baseUrl, second!.apiKey)).map((order) => order.id);
    expect(firstOrders.filter((id) => id === firstConfirmed)).toHaveLength(1);
    expect(secondOrders.filter((id) => id === secondConfirmed)).toHaveLength(1);
    expect(firstOrders).not.toContain(secondConfirmed);
    expect(secondOrders).not.toContain(firstConfirmed);
    // The second account's order was placed while the first was active: the rep is told, for whom.
    expect(platform.notify).toHaveBeenCalledWith(`Order placed for ${added.account!.name}`, expect.stringContaining(`The order to ${product.supplier.name} is order `));
  });
  it('follows the orders of an account that is not the active one, and announces its shipment by the account’s name', async () => {
    const { core, data, events, platform } = await startCore();
    const embedded = core.embeddedService()!;
    const [, second] = embedded.buyers!;
    const added = await data('addBuyerAccount', { baseUrl: embedded.baseUrl, apiKey: second!.apiKey });
    await core.whenIdle();
    const product = (await data('searchCatalog', { inStock: true, limit: 50 })).items.find(
      (candidate) => candidate.inventory_available >= 2 * candidate.minimum_order,
    )!;
    const [entry] = await data('submitOrders', { drafts: [draftOf(product)] });
    const orderId = await confirmedOrderId(data, entry!.id);
    await core.whenIdle();

    const { accounts } = await data('listBuyerAccounts');
    await data('switchBuyerAccount', { id: accounts.find((account) => account.accountId !== second!.accountId)!.id });
    await core.whenIdle();
    // The service ships the second account's order while the first is active.
    await vi.waitFor(async () => {
      const response = await fetch(`${embedded.baseUrl}/orders/${orderId}`, { headers: { authorization: `Bearer ${second!.apiKey}` } });
      expect(((await response.json()) as { status: string }).status).toBe('shipped');
    }, { timeout: 30_000, interval: 250 });
    events.length = 0;
    await data('syncNow');
    await core.whenIdle();
    expect(platform.notify).toHaveBeenCalledWith(`Order shipped for ${added.account!.name}`, expect.stringContaining('is on its way'));
    // The screens show the active account: they are not told of another account's order.
    expect(events.filter((event) => event.type === 'order-status')).toEqual([]);
  });
});

describe('removing a buyer account or signing out', () => {
  it('counts the queued orders it keeps, and stops sending them', async () => {
    const { core, data } = await startCore();
    const embedded = core.embeddedService()!;
    const second = embedded.buyers![1]!;
    await data('addBuyerAccount', { baseUrl: embedded.baseUrl, apiKey: second.apiKey });
    await core.whenIdle();
    const product = (await data('searchCatalog', { inStock: true, limit: 50 })).items.find((candidate) => candidate.inventory_available >= candidate.minimum_order)!;
    const drafts = [
      {
        order: { supplier_id: product.supplier.id, items: [{ product_id: product.id, quantity: product.minimum_order }], shipping_address: address },
        supplierName: product.supplier.name,
        estimatedTotalCents: 1,
      },
    ];
    await core.stopEmbeddedService();
    await core.checkConnectivity();
    await data('submitOrders', { drafts });
    const { accounts } = await data('listBuyerAccounts');
    const [first, added] = accounts;
    expect(added).toMatchObject({ active: true, queuedOrders: 1 });
    expect(await data('removeBuyerAccount', { id: added!.id })).toEqual({ keptQueuedOrders: 1 });
    expect(await data('getSession')).toMatchObject({ buyerAccountId: first!.id });
    expect((await data('listBuyerAccounts')).accounts.map((account) => account.id)).toEqual([first!.id]);

    await data('submitOrders', { drafts });
    expect(await data('signOut')).toEqual({ keptQueuedOrders: 1 });
    expect((await data('listBuyerAccounts')).accounts).toEqual([]);
  });

  it('removing an account that is being followed waits for its sync, then its private offline data is gone', async () => {
    const { core, data, platform } = await startCore();
    const embedded = core.embeddedService()!;
    const second = embedded.buyers![1]!;
    await data('addBuyerAccount', { baseUrl: embedded.baseUrl, apiKey: second.apiKey });
    await core.whenIdle();
    const { accounts } = await data('listBuyerAccounts');
    const [first, added] = accounts;
    await data('switchBuyerAccount', { id: first!.id });
    await core.whenIdle();
    const offline = createOfflineStore({ dataDir: platform.dataDir });
    const secondScope = { baseUrl: DEMO_SCOPE_URL, accountId: second.accountId };
    expect(await valueOrFault(offline.datasetInfo('orders', secondScope)), 'followed: its orders are on disk').not.toBeNull();
    // Its account-only sync is under way when it is removed.
    await data('syncNow');
    await data('removeBuyerAccount', { id: added!.id });
    await core.whenIdle();
    for (const dataset of ['orders', 'account', 'webhooks'] as const) expect(await valueOrFault(offline.datasetInfo(dataset, secondScope)), dataset).toBeNull();
    expect(await valueOrFault(offline.readOrders(secondScope))).toEqual([]);
    await offline.close();
  });
});
