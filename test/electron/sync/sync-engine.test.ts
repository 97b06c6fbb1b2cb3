import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DISK_FULL_MESSAGE } from '../../../electron/core/offline/offline-host';
import { valueOrFault } from '../../../electron/core/offline/offline-database';
import { createOfflineStore, type OfflineStore, type StoreScope } from '../../../electron/core/offline/offline-store';
import { createSearchService } from '../../../electron/core/search/search-service';
import { createSyncEngine, type SyncEngineOptions } from '../../../electron/core/sync/sync-engine';
import type { SyncEvent } from '../../../electron/core/sync/sync-context';
import type { Order } from '../../../shared';
import { createFakeService } from './fake-service';
import { valueOf } from '../search/search-outcome';

const baseUrl = 'http://127.0.0.1:9/api/v1';

const diskFull = () => Promise.resolve({ ok: false, message: DISK_FULL_MESSAGE, code: 'disk_full' } as const);

describe('sync engine', () => {
  let dataDir: string;
  let store: OfflineStore;
  let events: SyncEvent[];
  let clock: Date;
  let uses: number;
  const search = {
    use: () => {
      uses += 1;
    },
  };
  const stores: OfflineStore[] = [];

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'caseworks-sync-'));
    store = createOfflineStore({ dataDir });
    stores.push(store);
    events = [];
    clock = new Date('2026-11-22T09:00:00.000Z');
    uses = 0;
  });
  /** Every engine of the test: its background work (images, details, saving the ages) may outlive `sync()`. */
  let engines: ReturnType<typeof createSyncEngine>[] = [];
  afterEach(async () => {
    await Promise.all(engines.map((engine) => engine.whenIdle()));
    engines = [];
    await Promise.all(stores.splice(0).map((opened) => opened.close()));
    await rm(dataDir, { recursive: true, force: true });
  });

  const engineFor = (service: ReturnType<typeof createFakeService>, extra: Partial<SyncEngineOptions> = {}) => {
    const engine = createSyncEngine({
      api: service.api,
      store,
      scope: { baseUrl, accountId: null },
      now: () => clock,
      onEvent: (event) => events.push(event),
      search,
      hydrateDetails: false,
      ...extra,
    });
    engines.push(engine);
    return engine;
  };
  const scopeOf = (accountId: string): StoreScope => ({ baseUrl, accountId });
  const status = (engine: ReturnType<typeof engineFor>, name: string) => engine.statuses().find((entry) => entry.name === name)!;
  /** What the offline catalog holds, as search answers it. */
  const searchable = () => {
    const service = createSearchService(store.database);
    service.use(baseUrl);
    return service;
  };
  const storedIds = async () => {
    const found = await valueOf(searchable().search({ limit: 500, sort: 'name' }));
    const rest = found.total > 500 ? await valueOf(searchable().search({ limit: 500, offset: 500, sort: 'name' })) : { items: [] };
    return [...found.items, ...rest.items].map((item) => item.id).sort();
  };
  /** Counts the store's calls of one method. */
  const counting = <K extends keyof OfflineStore>(method: K) => {
    const calls: unknown[][] = [];
    const original = store[method] as (...args: unknown[]) => unknown;
    const watched = { ...store, [method]: (...args: unknown[]) => (calls.push(args), original(...args)) } as OfflineStore;
    return { calls, store: watched };
  };

  it('first sync stores every dataset, counts it, ages it and reports progress page by page (unthrottled)', async () => {
    const service = createFakeService({ products: 250 });
    const engine = engineFor(service, { progressIntervalMs: 0 });
    const report = await engine.sync();
    expect(report.outcomes.map((outcome) => `${outcome.dataset}:${outcome.result}`).sort()).toEqual(
      ['account:changed', 'catalog:changed', 'orders:changed', 'suppliers:changed', 'webhooks:changed'],
    );
    expect(engine.accountId).toBe('org_buyer');
    expect(status(engine, 'catalog')).toEqual({ name: 'catalog', updatedAt: clock.toISOString(), count: 250, error: null });
    expect(status(engine, 'suppliers').count).toBe(3);
    expect(status(engine, 'orders').count).toBe(3);
    expect(status(engine, 'account').count).toBe(1);

    const catalogProgress = events.filter((event) => event.type === 'sync-progress' && event.dataset === 'catalog');
    expect(catalogProgress.at(-1)).toEqual({ type: 'sync-progress', dataset: 'catalog', done: 3, total: 3, finished: true });
    expect(catalogProgress.filter((event) => event.type === 'sync-progress' && event.total === 3).map((event) => event.type === 'sync-progress' && event.done)).toEqual([1, 2, 3, 3]);
    expect(events).toContainEqual({ type: 'data-changed', datasets: ['catalog'] });

    expect(await storedIds()).toEqual(service.state.products.map((item) => item.id).sort());
    expect((await valueOf(engine.copy.orders())).map((order) => order.id)).toEqual(['ord_0', 'ord_1', 'ord_2']);
    expect((await valueOf(engine.copy.orderDetail('ord_1')))?.supplier.address).toBe('1 Vine St, Napa, CA');
    expect((await valueOf(engine.copy.account()))?.name).toBe('Corner Wine Shop');
  });

  it('an unchanged re-sync gets 304s, writes nothing, and still refreshes the ages', async () => {
    const service = createFakeService({ products: 250 });
    const watched = counting('writeCatalogPage');
    const engine = engineFor(service, { store: watched.store });
    await engine.init();
    await engine.sync();
    expect(watched.calls).toHaveLength(3);
    service.clearLog();
    events.length = 0;
    clock = new Date('2026-11-22T10:00:00.000Z');

    const report = await engine.sync();
    expect(report.outcomes.every((outcome) => outcome.result === 'unchanged')).toBe(true);
    // This service has no change feed (it answers 404): the list pages are asked with their ETags.
    const lists = service.log.filter((entry) => entry.name !== 'getOrder' && entry.name !== 'catalogChanges');
    expect(lists.every((entry) => entry.status === 304)).toBe(true);
    expect(lists.filter((entry) => entry.name === 'listProducts')).toHaveLength(3);
    expect(watched.calls).toHaveLength(3);
    expect(uses).toBe(1);
    expect(events.filter((event) => event.type === 'data-changed')).toEqual([]);
    expect(status(engine, 'catalog').updatedAt).toBe('2026-11-22T10:00:00.000Z');
  });

  it('streams the catalog: each page is searchable as soon as it is written, before the list is complete', async () => {
    const service = createFakeService({ products: 250 });
    let searchedWhileSyncing: number | null = null;
    const api: typeof service.api = {
      call: (async (name: string, input: { query?: { page?: number } }) => {
        if (name === 'listProducts' && input.query?.page === 3) searchedWhileSyncing = (await valueOf(searchable().search({ limit: 1 }))).total;
        return (service.api.call as (name: string, input: unknown) => Promise<unknown>)(name, input);
      }) as typeof service.api.call,
    };
    const engine = engineFor(service, { api, concurrency: { pages: 1 } });
    await engine.sync();
    expect(searchedWhileSyncing).toBe(200);
    expect((await valueOf(searchable().search({ limit: 1 }))).total).toBe(250);
  });

  it('a change on one page refetches that page only and keeps the others from the stored copy', async () => {
    const service = createFakeService({ products: 250 });
    const engine = engineFor(service);
    await engine.sync();
    service.state.products[150] = { ...service.state.products[150]!, case_price_cents: 1 };
    service.clearLog();
    await engine.sync();
    const pages = service.log.filter((entry) => entry.name === 'listProducts');
    expect(pages.map((entry) => `${entry.page}:${entry.status}`).sort()).toEqual(['1:304', '2:200', '3:304']);
    expect(await storedIds()).toHaveLength(250);
    const [changed] = await valueOf(searchable().products([service.state.products[150]!.id]));
    expect(changed?.case_price_cents).toBe(1);
  });

  it('keeps requests within the concurrency bound', async () => {
    const service = createFakeService({ products: 1_000 });
    const engine = engineFor(service, { concurrency: { pages: 3 } });
    await engine.sync();
    expect(status(engine, 'catalog').count).toBe(1_000);
    expect(service.concurrency.max).toBe(3);
  });

  it('a catalog that shrinks to fewer pages leaves no stale page behind', async () => {
    const service = createFakeService({ products: 250 });
    const engine = engineFor(service);
    await engine.sync();
    service.state.products.splice(0, 100);
    await engine.sync();
    expect(await storedIds()).toEqual(service.state.products.map((item) => item.id).sort());
    expect(status(engine, 'catalog').count).toBe(150);
  });

  it('clearing the cache removes every database and reports the bytes freed', async () => {
    const service = createFakeService();
    const engine = engineFor(service);
    await engine.sync();
    const onDisk = await store.sizeOnDisk();
    expect(onDisk).toBeGreaterThan(0);
    expect(await engine.clearAll()).toBe(onDisk);
    expect(await store.sizeOnDisk()).toBeLessThan(onDisk);
    expect(status(engine, 'catalog')).toEqual({ name: 'catalog', updatedAt: null, count: 0, error: null });
    expect(await valueOf(engine.copy.suppliers())).toEqual([]);
    expect(await storedIds()).toEqual([]);
  });

  it('an unreachable service is known by its error code, whatever the wording: the rest of the sync is skipped', async () => {
    const service = createFakeService();
    const engine = engineFor(service);
    await engine.sync();
    service.goOfflineAfter(0, 'Le service est injoignable.');
    const report = await engine.sync();
    expect(report.outcomes.filter((outcome) => outcome.result === 'skipped').map((outcome) => outcome.dataset)).toEqual(['suppliers', 'catalog', 'orders', 'webhooks']);
    expect(service.log.filter((entry) => entry.status === 'offline')).toHaveLength(1);
  });

  it('going offline mid-sync keeps every page written so far, says why in plain words, and the next sync finishes the rest', async () => {
    const service = createFakeService({ products: 250 });
    // The list pages only (no feed request before them), so goOfflineAfter counts exactly the calls below.
    const engine = engineFor(service, { concurrency: { pages: 1 }, catalogFeed: false });
    await engine.sync();
    service.state.products.unshift({ ...service.state.products[0]!, id: 'prod_new01', name: 'Newcomer' });
    // account, suppliers page 1, catalog page 1 answer; catalog page 2 does not.
    service.goOfflineAfter(3);
    clock = new Date('2026-11-22T11:00:00.000Z');
    await engine.sync();
    expect(status(engine, 'catalog')).toMatchObject({ count: 250, updatedAt: '2026-11-22T09:00:00.000Z', error: expect.stringMatching(/Could not reach the service/) });
    expect((await storedIds()).includes('prod_new01'), 'page 1 is written and searchable').toBe(true);

    service.goOnline();
    service.clearLog();
    await engine.sync();
    expect(status(engine, 'catalog')).toMatchObject({ count: 251, error: null });
    expect(service.log.filter((entry) => entry.name === 'listProducts').map((entry) => `${entry.page}:${entry.status}`).sort()).toEqual(['1:304', '2:200', '3:200']);
    expect(await storedIds()).toEqual(service.state.products.map((item) => item.id).sort());
  });

  it('with the service unreachable from the start nothing is overwritten and every dataset reports the error', async () => {
    const service = createFakeService();
    const engine = engineFor(service);
    await engine.sync();
    service.goOfflineAfter(0);
    const report = await engine.sync();
    expect(report.outcomes.find((outcome) => outcome.dataset === 'account')?.result).toBe('failed');
    for (const name of ['account', 'suppliers', 'catalog', 'orders', 'webhooks']) {
      expect(status(engine, name).error).toMatch(/Could not reach/);
      expect(status(engine, name).updatedAt).toBe('2026-11-22T09:00:00.000Z');
    }
    expect(service.log.filter((entry) => entry.status === 'offline')).toHaveLength(1);

    const restarted = engineFor(service, { scope: scopeOf('org_buyer') });
    await restarted.init();
    expect(status(restarted, 'catalog')).toMatchObject({ count: 250, updatedAt: '2026-11-22T09:00:00.000Z' });
    expect((await valueOf(restarted.copy.suppliers())).length).toBe(3);
  });

  it('syncs only the account, its orders and webhooks for an account other than the active one, and still reports its orders moving', async () => {
    const service = createFakeService({ products: 250, orders: 2 });
    const engine = engineFor(service, { accountOnly: true, hydrateDetails: true });
    await engine.sync();
    await engine.whenIdle();
    const asked = new Set(service.log.map((entry) => entry.name));
    expect(asked.has('listOrders') && asked.has('getAccount') && asked.has('listWebhooks')).toBe(true);
    expect(['listProducts', 'listSuppliers', 'getProduct'].filter((name) => asked.has(name as never)), 'no catalog, suppliers or details').toEqual([]);
    service.state.orders[0] = { ...service.state.orders[0]!, status: 'shipped' };
    await engine.sync();
    expect(events.filter((event) => event.type === 'order-status')).toEqual([{ type: 'order-status', orderId: 'ord_0', orderNumber: 'CW-1000', status: 'shipped' }]);
  });

  it('reports order status changes between syncs and refreshes the details of open orders only', async () => {
    const service = createFakeService({ orders: 3 });
    const engine = engineFor(service);
    await engine.sync();
    expect(events.filter((event) => event.type === 'order-status')).toEqual([]);
    service.state.orders[0] = { ...service.state.orders[0]!, status: 'shipped' };
    service.state.orders[1] = { ...service.state.orders[1]!, status: 'delivered' };
    service.clearLog();
    await engine.sync();
    expect(events.filter((event) => event.type === 'order-status')).toEqual([
      { type: 'order-status', orderId: 'ord_0', orderNumber: 'CW-1000', status: 'shipped' },
      { type: 'order-status', orderId: 'ord_1', orderNumber: 'CW-1001', status: 'delivered' },
    ]);
    expect((await valueOf(engine.copy.orderDetail('ord_1')))?.status).toBe('delivered');

    service.clearLog();
    events.length = 0;
    await engine.sync();
    expect(events.filter((event) => event.type === 'order-status')).toEqual([]);
    expect(service.log.filter((entry) => entry.name === 'getOrder').map((entry) => entry.id).sort()).toEqual(['ord_0', 'ord_2']);
  });

  it('tells the screens of new or moved orders only once their details are in the copy', async () => {
    const service = createFakeService({ orders: 2 });
    // What a screen would read at the moment it is told: the detail of the new order and of the moved one.
    const readAtEvent: Promise<[string, Order | null, Order | null]>[] = [];
    const engine = engineFor(service, {
      onEvent: (event) => {
        events.push(event);
        if (event.type === 'data-changed' || event.type === 'order-status') {
          readAtEvent.push(Promise.all([event.type, valueOf(engine.copy.orderDetail('ord_new')), valueOf(engine.copy.orderDetail('ord_0'))]));
        }
      },
    });
    await engine.sync();
    readAtEvent.length = 0;
    service.state.orders.push({ ...service.state.orders[1]!, id: 'ord_new', order_number: 'CW-1099' });
    service.state.orders[0] = { ...service.state.orders[0]!, status: 'shipped' };
    await engine.sync();
    const seen = await Promise.all(readAtEvent);
    expect(seen.map(([type]) => type).sort()).toEqual(['data-changed', 'order-status']);
    for (const [, added, moved] of seen) {
      expect(added?.order_number).toBe('CW-1099');
      expect(moved?.status).toBe('shipped');
    }
  });

  it('sign-out clears the account’s private data but keeps the public catalog', async () => {
    const service = createFakeService();
    const engine = engineFor(service);
    await engine.sync();
    const freed = await engine.clearAccountData();
    expect(freed).toBeGreaterThan(0);
    expect(await valueOrFault(store.readOrders(scopeOf('org_buyer')))).toEqual([]);
    expect(await valueOrFault(store.readAccount(scopeOf('org_buyer')))).toBeNull();
    expect(await valueOrFault(store.datasetInfo('orders', scopeOf('org_buyer')))).toBeNull();
    expect(await valueOrFault(store.datasetInfo('catalog', scopeOf('org_buyer')))).toMatchObject({ count: 250 });
    expect(await valueOf(engine.copy.orders())).toEqual([]);
  });

  it('sign-out during a sync waits for its writes, leaves none of the account behind, and syncs no more', async () => {
    const service = createFakeService({ products: 50 });
    let ordersAsked!: () => void;
    const ordersAskedPromise = new Promise<void>((resolve) => (ordersAsked = resolve));
    let releaseOrders!: () => void;
    const ordersReleased = new Promise<void>((resolve) => (releaseOrders = resolve));
    const api: typeof service.api = {
      call: (async (name: string, input: unknown) => {
        if (name === 'listOrders') {
          ordersAsked();
          await ordersReleased;
        }
        return (service.api.call as (name: string, input: unknown) => Promise<unknown>)(name, input);
      }) as typeof service.api.call,
    };
    const engine = engineFor(service, { api });
    const syncing = engine.sync();
    await ordersAskedPromise;
    const clearing = engine.clearAccountData();
    releaseOrders();
    await clearing;
    await syncing;
    expect(await valueOrFault(store.readOrders(scopeOf('org_buyer')))).toEqual([]);
    expect(await valueOrFault(store.readStatuses(scopeOf('org_buyer')))).toEqual([]);
    expect(await valueOrFault(store.readAccount(scopeOf('org_buyer')))).toBeNull();
    expect(engine.syncNow()).toEqual({ started: false });
    expect((await engine.sync()).outcomes).toEqual([]);
    expect(await valueOrFault(store.readOrders(scopeOf('org_buyer')))).toEqual([]);
  });

  it('a dataset that cannot be saved fails in plain words and the rest of the sync still finishes', async () => {
    const service = createFakeService({ products: 50 });
    const failingStore: OfflineStore = { ...store, replaceOrders: () => Promise.resolve({ ok: false, message: DISK_FULL_MESSAGE, code: 'disk_full' } as const) };
    const engine = engineFor(service, { store: failingStore });
    const report = await engine.sync();
    expect(report.outcomes.find((outcome) => outcome.dataset === 'orders')).toEqual({ dataset: 'orders', result: 'failed', error: DISK_FULL_MESSAGE, errorCode: 'disk_full' });
    expect(report.outcomes.filter((outcome) => outcome.result === 'changed').map((outcome) => outcome.dataset).sort()).toEqual(['account', 'catalog', 'suppliers', 'webhooks']);
    expect(status(engine, 'orders').error).toMatch(/disk is full/);
  });

  // The catalog's page writes run inside the paged list and the feed's write-behind: a full disk there is the catalog step's failure, with its code.
  it.each([
    ['list pages', false, { writeCatalogPage: () => diskFull() }],
    ['the change feed', true, { applyChanges: () => diskFull(), applyChangesBytes: () => diskFull(), writeReadChanges: () => diskFull() }],
  ] as const)('a catalog page that cannot be written (through %s) fails the catalog with the disk-full words and code', async (_via, feed, failing) => {
    const service = createFakeService({ products: 250, feed });
    const engine = engineFor(service, { store: { ...store, ...failing } as OfflineStore });
    const report = await engine.sync();
    expect(report.outcomes.find((outcome) => outcome.dataset === 'catalog')).toMatchObject({ result: 'failed', error: DISK_FULL_MESSAGE, errorCode: 'disk_full' });
    expect(report.outcomes.find((outcome) => outcome.dataset === 'suppliers')?.result).toBe('changed');
    expect(status(engine, 'catalog').error).toMatch(/disk is full/);
  });

  it('tells of an order that moved even when its details cannot be saved (the list is, and the next sync compares with it)', async () => {
    const service = createFakeService({ orders: 2 });
    let detailsFail = false;
    const failingStore: OfflineStore = {
      ...store,
      putOrderDetails: (scope, records, replaceAll) =>
        detailsFail ? Promise.resolve({ ok: false, message: DISK_FULL_MESSAGE, code: 'disk_full' } as const) : store.putOrderDetails(scope, records, replaceAll),
    };
    const engine = engineFor(service, { store: failingStore });
    await engine.sync();
    detailsFail = true;
    service.state.orders[0] = { ...service.state.orders[0]!, status: 'shipped' };
    const report = await engine.sync();
    expect(report.outcomes.find((outcome) => outcome.dataset === 'orders')?.result).toBe('failed');
    expect(events.filter((event) => event.type === 'order-status')).toEqual([{ type: 'order-status', orderId: 'ord_0', orderNumber: 'CW-1000', status: 'shipped' }]);
  });

  it('refuses a key that now answers for another account', async () => {
    const service = createFakeService({ accountId: 'org_other' });
    const engine = engineFor(service, { scope: scopeOf('org_buyer') });
    await engine.sync();
    expect(status(engine, 'account').error).toMatch(/another account/);
    expect(service.log.some((entry) => entry.name === 'listOrders')).toBe(false);
    expect(await valueOrFault(store.readAccount(scopeOf('org_other')))).toBeNull();
  });

  it('background downloads go through the gate, which can hold each request', async () => {
    const service = createFakeService({ products: 30 });
    let lift!: () => void;
    let paused = new Promise<void>((resolve) => (lift = resolve));
    let pauseAsked = 0;
    const backgroundGate = async <R>(task: () => Promise<R>) => {
      pauseAsked += 1;
      await paused;
      return task();
    };
    const engine = engineFor(service, { hydrateDetails: true, backgroundGate });
    await engine.sync();
    // The background work has reached the pause (it asks before each request): nothing went out.
    await vi.waitFor(() => expect(pauseAsked).toBeGreaterThan(0));
    expect(service.log.filter((entry) => entry.name === 'getProduct')).toHaveLength(0);
    expect(engine.running).toBe(true);
    paused = Promise.resolve();
    lift();
    await engine.whenIdle();
    expect(service.log.filter((entry) => entry.name === 'getProduct')).toHaveLength(30);
    expect(status(engine, 'productDetails')).toMatchObject({ count: 30, error: null });
  });

  it('a periodic re-sync sends its page requests through the gate; a sync the buyer asked for does not', async () => {
    const service = createFakeService({ products: 250 });
    let lift!: () => void;
    let paused = Promise.resolve();
    let pauseAsked = 0;
    const backgroundGate = async <R>(task: () => Promise<R>) => {
      pauseAsked += 1;
      await paused;
      return task();
    };
    const engine = engineFor(service, { backgroundGate });
    await engine.sync();
    const pagesBefore = service.log.filter((entry) => entry.name === 'listProducts').length;
    expect(pagesBefore, 'the first sync was not held').toBe(3);
    await engine.whenIdle();

    paused = new Promise<void>((resolve) => (lift = resolve));
    pauseAsked = 0;
    const periodic = engine.sync({ periodic: true });
    // The periodic sync has reached the pause before a page request: no page went out.
    await vi.waitFor(() => expect(pauseAsked).toBeGreaterThan(0));
    expect(service.log.filter((entry) => entry.name === 'listProducts')).toHaveLength(pagesBefore);
    paused = Promise.resolve();
    lift();
    await periodic;
    expect(service.log.filter((entry) => entry.name === 'listProducts').length).toBeGreaterThan(pagesBefore);

    paused = new Promise<void>(() => {});
    const asked = await engine.sync();
    expect(asked.outcomes.find((outcome) => outcome.dataset === 'catalog')?.result, 'not held while the pause lasts').toBe('unchanged');
  });

  it('asks the service for no detail when every product has a fresh one, and for each once one is due', async () => {
    const service = createFakeService({ products: 120 });
    const first = engineFor(service, { hydrateDetails: true });
    await first.sync();
    await first.whenIdle();
    expect(status(first, 'productDetails')).toMatchObject({ count: 120, error: null });

    service.clearLog();
    const next = engineFor(service, { hydrateDetails: true, scope: scopeOf('org_buyer') });
    await next.init();
    await next.sync();
    await next.whenIdle();
    expect(status(next, 'productDetails')).toMatchObject({ count: 120, error: null });
    expect(service.log.filter((entry) => entry.name === 'getProduct')).toHaveLength(0);
    // Once they are due, each is asked again (with its ETag: 304).
    const later = engineFor(service, { hydrateDetails: true, scope: scopeOf('org_buyer'), now: () => new Date(clock.getTime() + 2 * 86_400_000) });
    await later.sync();
    await later.whenIdle();
    expect(service.log.filter((entry) => entry.name === 'getProduct').map((entry) => entry.status)).toEqual(Array(120).fill(304));
  });

  it('counts the stored details as each batch is saved while the download goes on', async () => {
    const service = createFakeService({ products: 450 });
    let asked = 0;
    let lift!: () => void;
    const held = new Promise<void>((resolve) => (lift = resolve));
    // The first 250 background requests go; the rest wait until the test lets them.
    const backgroundGate = async <R>(task: () => Promise<R>) => {
      asked += 1;
      if (asked > 250) await held;
      return task();
    };
    const engine = engineFor(service, { hydrateDetails: true, concurrency: { details: 1 }, backgroundGate, scope: scopeOf('org_buyer') });
    try {
      await engine.sync();
      await vi.waitFor(() => expect(asked).toBeGreaterThan(250));
      await vi.waitFor(() => expect(status(engine, 'productDetails').count).toBeGreaterThanOrEqual(200));
      expect(engine.running, 'still downloading').toBe(true);
    } finally {
      lift();
    }
    await engine.whenIdle();
    expect(status(engine, 'productDetails')).toMatchObject({ count: 450, error: null });
  });

  it('hydrates product details in the background, makes their codes searchable, and resumes after an interruption', async () => {
    const service = createFakeService({ products: 120 });
    const engine = engineFor(service, { hydrateDetails: true, concurrency: { details: 2 } });
    service.goOfflineAfter(5 + 2 + 40);
    await engine.sync();
    await engine.whenIdle();
    const partial = status(engine, 'productDetails');
    expect(partial.error).toMatch(/Could not reach/);
    expect(partial.count).toBeGreaterThanOrEqual(38);
    expect(partial.count).toBeLessThan(120);
    // One product of each of the four regions came first: every country is known.
    expect((await valueOf(searchable().search({ country: 'France', limit: 1 }))).total).toBe(30);

    service.goOnline();
    service.clearLog();
    const resumed = engineFor(service, { hydrateDetails: true, scope: scopeOf('org_buyer') });
    await resumed.init();
    await resumed.sync();
    await resumed.whenIdle();
    expect(status(resumed, 'productDetails')).toMatchObject({ count: 120, error: null });
    expect(service.log.filter((entry) => entry.name === 'getProduct')).toHaveLength(120 - partial.count);
    expect((await valueOf(resumed.copy.productDetail('prod_00007')))?.sku).toBe('SKU-7');
    expect((await valueOf(searchable().lookupCode('SKU-7')))?.id).toBe('prod_00007');
    const progress = events.filter((event) => event.type === 'sync-progress' && event.dataset === 'productDetails');
    expect(progress.at(-1)).toMatchObject({ finished: true });
  });
});
