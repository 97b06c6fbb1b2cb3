import { valueOrFault, type OfflineDatabase } from '../../../electron/core/offline/offline-database';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Supplier } from '../../../shared';
import type { OfflineChoice } from '../../../shared/bridge/offline-choice';
import { REMOVAL_BATCH, TYPICAL_BYTES_PER_PRODUCT, choiceView, coverageOf, narrows, widens } from '../../../electron/core/offline/offline-choice';
import { createOfflineChoiceService, unknownSuppliers } from '../../../electron/core/offline/offline-choice-service';
import { createOfflineStore, type OfflineStore } from '../../../electron/core/offline/offline-store';
import { serviceDatabaseFile } from '../../../electron/core/offline/service-files';
import { createSearchService } from '../../../electron/core/search/search-service';
import { createSyncEngine } from '../../../electron/core/sync/sync-engine';
import { createFakeService } from '../sync/fake-service';
import { valueOf } from '../search/search-outcome';

const baseUrl = 'http://127.0.0.1:9/api/v1';
const stamp = '2026-11-01T10:00:00.000Z';
/** The fixture catalog's four suppliers (product n is supplier n % 4). */
const FIXTURE_SUPPLIERS = ['sup_napa', 'sup_sonoma', 'sup_bordeaux', 'sup_mendoza'];
const two: OfflineChoice = { keep: 'suppliers', supplierIds: ['sup_napa', 'sup_bordeaux'] };

describe('choosing what the offline copy carries', () => {
  let dataDir: string;
  let store: OfflineStore;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'caseworks-choice-'));
    store = createOfflineStore({ dataDir });
  });
  afterEach(async () => {
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** A fake service whose supplier list is the catalog's own suppliers, each counting its products. */
  const serviceWith = (products: number, feed: boolean) => {
    const service = createFakeService({ products, feed, suppliers: 0 });
    service.state.suppliers.splice(
      0,
      service.state.suppliers.length,
      ...FIXTURE_SUPPLIERS.map((id, n): Supplier => ({ id, name: `Supplier ${id}`, dba_name: null, location: 'Napa, CA', total_products: Math.ceil((products - n) / 4), created_at: stamp })),
    );
    return service;
  };
  const engineFor = (service: ReturnType<typeof createFakeService>) =>
    createSyncEngine({ api: service.api, store, scope: { baseUrl, accountId: null }, hydrateDetails: true, imagePrefetchLimit: 0 });
  const syncFully = async (engine: ReturnType<typeof engineFor>) => {
    const report = await engine.sync();
    await engine.whenIdle();
    return report;
  };
  const choices = () => createOfflineChoiceService(store.database, () => baseUrl);
  const search = () => {
    const service = createSearchService(store.database);
    service.use(baseUrl);
    return service;
  };
  const suppliersStored = async () => {
    const result = await valueOf(search().search({ limit: 500 }));
    return result.facets.supplier.map((facet) => facet.value).sort();
  };
  const detailOf = (id: string) => valueOrFault(store.productDetail({ baseUrl, accountId: null }, id));

  for (const feed of [true, false]) {
    const path = feed ? 'the change feed' : 'the list pages (a service with only the seed’s interface)';

    it(`a sync through ${path} keeps only the chosen suppliers’ products and details`, async () => {
      const service = serviceWith(400, feed);
      await choices().set(two);
      const report = await syncFully(engineFor(service));
      expect(report.outcomes.find((outcome) => outcome.dataset === 'catalog')).toMatchObject({ via: feed ? 'feed' : 'pages' });
      expect(await suppliersStored()).toEqual(['sup_bordeaux', 'sup_napa']);
      expect((await valueOf(search().search({ limit: 1 }))).total).toBe(200);
      expect(await detailOf('prod_00000')).not.toBeNull();
      expect(await detailOf('prod_00001')).toBeNull();
      // The seed path asks one detail per product: only for the products kept.
      if (!feed) expect(service.log.filter((entry) => entry.name === 'getProduct')).toHaveLength(200);
      expect(await choices().coverage()).toEqual({ suppliersKept: 2, productsKept: 200, productsInCatalog: 400 });
    });

    it(`leaving a supplier out removes its products and details at once, and ${path} does not bring them back`, async () => {
      const service = serviceWith(400, feed);
      const engine = engineFor(service);
      await syncFully(engine);
      expect(await choices().coverage()).toBeNull();
      const change = await choices().set(two);
      expect(change).toMatchObject({ removed: 200, widened: false });
      expect(change!.freedBytes).toBeGreaterThan(0);
      expect(await suppliersStored()).toEqual(['sup_bordeaux', 'sup_napa']);
      expect(await detailOf('prod_00001')).toBeNull();
      // A product of a supplier left out changes on the service: still not kept.
      service.changeProduct(1, { name: 'Changed wine' });
      service.clearLog();
      await syncFully(engine);
      expect(await suppliersStored()).toEqual(['sup_bordeaux', 'sup_napa']);
      expect((await valueOf(search().search({ text: 'changed', limit: 5 }))).total).toBe(0);
      // The details the copy says it holds are the ones left (the removal went through the database's own count).
      expect((await valueOrFault(store.datasetInfo('productDetails', { baseUrl, accountId: null })))?.count).toBe(200);
      // Nothing was widened, so the feed went on from its cursor (pages: with their ETags).
      if (feed) expect(service.log.filter((entry) => entry.name === 'catalogChanges').every((entry) => entry.since !== null)).toBe(true);
      else expect(service.log.filter((entry) => entry.name === 'listProducts').some((entry) => entry.status === 304)).toBe(true);
    });

    it(`adding a supplier reads the catalog again through ${path} and keeps the new supplier’s products`, async () => {
      const service = serviceWith(400, feed);
      const engine = engineFor(service);
      await choices().set(two);
      await syncFully(engine);
      const change = await choices().set({ keep: 'suppliers', supplierIds: ['sup_napa', 'sup_bordeaux', 'sup_sonoma'] });
      expect(change).toMatchObject({ removed: 0, widened: true });
      service.clearLog();
      await syncFully(engine);
      expect(await suppliersStored()).toEqual(['sup_bordeaux', 'sup_napa', 'sup_sonoma']);
      expect((await valueOf(search().search({ limit: 1 }))).total).toBe(300);
      expect(await detailOf('prod_00001')).not.toBeNull();
      if (feed) expect(service.log.find((entry) => entry.name === 'catalogChanges')?.since).toBeNull();
      else {
        const pages = service.log.filter((entry) => entry.name === 'listProducts');
        expect(pages.every((entry) => entry.status === 200)).toBe(true);
        // Details are asked only for the products that had none: the new supplier's.
        expect(service.log.filter((entry) => entry.name === 'getProduct')).toHaveLength(100);
      }
    });
  }

  it('an empty choice keeps no product offline; going back to all reads them all again', async () => {
    const service = serviceWith(200, true);
    const engine = engineFor(service);
    await syncFully(engine);
    expect(await choices().set({ keep: 'suppliers', supplierIds: [] })).toMatchObject({ removed: 200 });
    expect((await valueOf(search().search({ limit: 1 }))).total).toBe(0);
    expect(await choices().coverage()).toEqual({ suppliersKept: 0, productsKept: 0, productsInCatalog: 200 });
    await choices().set({ keep: 'all' });
    await syncFully(engine);
    expect((await valueOf(search().search({ limit: 1 }))).total).toBe(200);
    expect(await choices().coverage()).toBeNull();
  });

  it('the choice survives a restart (it is kept in the service’s database)', async () => {
    await choices().set(two);
    await store.close();
    store = createOfflineStore({ dataDir });
    expect((await choices().view())!.choice).toEqual(two);
  });

  it('removing most of the catalog gives the space back to the disk (the file shrinks)', async () => {
    const service = serviceWith(2_000, true);
    await syncFully(engineFor(service));
    const file = serviceDatabaseFile(dataDir, baseUrl);
    const sizeOf = async () => (await stat(file)).size + (await stat(`${file}-wal`).then((info) => info.size, () => 0));
    const before = await sizeOf();
    const change = await choices().set({ keep: 'suppliers', supplierIds: ['sup_napa'] });
    expect(change).toMatchObject({ removed: 1_500, vacuumed: true });
    expect(await sizeOf()).toBeLessThan(before * 0.5);
  });

  it('the removal goes in batches of REMOVAL_BATCH; one cut short by a restart goes on at the first search after it', async () => {
    const service = serviceWith(2_400, true);
    await syncFully(engineFor(service));
    // Saved, and one batch removed, then the app stops.
    expect(await store.database.service(baseUrl, 'setOfflineChoice', { keep: 'suppliers', supplierIds: ['sup_napa'] })).toEqual({ removing: true, widened: false });
    expect(await store.database.service(baseUrl, 'removeLeftOut', 0, REMOVAL_BATCH)).toMatchObject({ removed: REMOVAL_BATCH, done: false });
    await store.close();
    store = createOfflineStore({ dataDir });
    expect((await valueOf(search().search({ limit: 1 }))).total).toBe(2_400 - REMOVAL_BATCH);
    expect(await choices().coverage()).toMatchObject({ suppliersKept: 1 });
    await expect.poll(() => store.database.service(baseUrl, 'choiceRemovalPending'), { timeout: 20_000 }).toBe(false);
    expect(await suppliersStored()).toEqual(['sup_napa']);
    expect((await valueOf(search().search({ limit: 1 }))).total).toBe(600);
  });

  it('sizes: each supplier’s products × the bytes a product takes in this copy, and the totals', async () => {
    const service = serviceWith(400, true);
    await syncFully(engineFor(service));
    const view = (await choices().set(two))!.view;
    expect(view.basis).toBe('stored');
    expect(view.productsKept).toBe(200);
    expect(view.bytesPerProduct).toBeGreaterThan(500);
    expect(view.suppliers.map((supplier) => [supplier.id, supplier.kept, supplier.estimatedBytes])).toEqual(
      FIXTURE_SUPPLIERS.map((id) => [id, two.supplierIds.includes(id), 100 * view.bytesPerProduct]),
    );
    expect(view.allBytes).toBe(400 * view.bytesPerProduct);
    expect(view.choiceBytes).toBe(200 * view.bytesPerProduct);
  });

  it('measures the bytes a product takes when the whole demo-like catalog is offline (TYPICAL_BYTES_PER_PRODUCT)', async () => {
    const service = serviceWith(2_000, true);
    await syncFully(engineFor(service));
    const { bytesPerProduct } = (await choices().view())!;
    console.info(`bytes per product, 2,000 fixture products through the feed: ${bytesPerProduct}`);
    // The typical figure the estimate uses before anything is stored is within a factor of two of a copy's own.
    expect(bytesPerProduct).toBeGreaterThan(TYPICAL_BYTES_PER_PRODUCT / 2);
    expect(bytesPerProduct).toBeLessThan(TYPICAL_BYTES_PER_PRODUCT * 2);
  });
});

describe('the choice’s rules (pure)', () => {
  const suppliers = [
    { id: 'sup_a', name: 'A', total_products: 10 },
    { id: 'sup_b', name: 'B', total_products: 30 },
  ];
  it('widens when a supplier is added or everything is kept again; narrows when one is left out', () => {
    const a: OfflineChoice = { keep: 'suppliers', supplierIds: ['sup_a'] };
    const ab: OfflineChoice = { keep: 'suppliers', supplierIds: ['sup_a', 'sup_b'] };
    expect([widens(a, ab), narrows(a, ab)]).toEqual([true, false]);
    expect([widens(ab, a), narrows(ab, a)]).toEqual([false, true]);
    expect([widens({ keep: 'all' }, a), narrows({ keep: 'all' }, a)]).toEqual([false, true]);
    expect([widens(a, { keep: 'all' }), narrows(a, { keep: 'all' })]).toEqual([true, false]);
    expect([widens(a, a), narrows(a, a)]).toEqual([false, false]);
  });
  it('estimates with the typical size when nothing is stored', () => {
    const view = choiceView({ choice: { keep: 'suppliers', supplierIds: ['sup_b'] }, suppliers, usedBytes: 4096, productsKept: 0 });
    expect(view).toMatchObject({ basis: 'typical', bytesPerProduct: TYPICAL_BYTES_PER_PRODUCT, allBytes: 40 * TYPICAL_BYTES_PER_PRODUCT, choiceBytes: 30 * TYPICAL_BYTES_PER_PRODUCT });
  });
  it('coverage is null when everything is kept, and counts the catalog from the suppliers otherwise', () => {
    expect(coverageOf({ choice: { keep: 'all' }, productsKept: 40, suppliers })).toBeNull();
    expect(coverageOf({ choice: { keep: 'suppliers', supplierIds: ['sup_a'] }, productsKept: 10, suppliers })).toEqual({ suppliersKept: 1, productsKept: 10, productsInCatalog: 40 });
    expect(coverageOf({ choice: { keep: 'suppliers', supplierIds: ['sup_a'] }, productsKept: 10, suppliers: [] })!.productsInCatalog).toBeNull();
  });
  it('coverage reads the suppliers once, and only when a choice of suppliers is kept (a caller passes them as a getter)', () => {
    let reads = 0;
    const lazily = (choice: OfflineChoice) => ({
      choice,
      productsKept: 10,
      get suppliers() {
        reads += 1;
        return suppliers;
      },
    });
    expect(coverageOf(lazily({ keep: 'all' }))).toBeNull();
    expect(reads).toBe(0);
    expect(coverageOf(lazily({ keep: 'suppliers', supplierIds: ['sup_a'] }))?.productsInCatalog).toBe(40);
    expect(reads).toBe(1);
  });
  it('names the suppliers a choice holds that the service does not list', () => {
    expect(unknownSuppliers({ keep: 'suppliers', supplierIds: ['sup_a', 'sup_zz'] }, suppliers)).toEqual([{ index: 1, id: 'sup_zz' }]);
    expect(unknownSuppliers({ keep: 'all' }, [])).toEqual([]);
  });
});

describe('a supplier added while the feed is being read', () => {
  it('the feed page written after it does not keep its cursor: the next sync reads from nothing', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'caseworks-choice-race-'));
    const store = createOfflineStore({ dataDir });
    try {
      const scope = { baseUrl, accountId: null };
      const choices = createOfflineChoiceService(store.database, () => baseUrl);
      await choices.set(two);
      const service = createFakeService({ products: 8, feed: true, suppliers: 0 });
      const detail = (n: number) => service.state.details.get(service.state.products[n]!.id)!;
      await store.startFeedBootstrap(scope);
      await store.applyChanges(scope, [0, 1].map((n) => ({ type: 'product.changed', product: detail(n) })), 'c2g0', stamp);
      expect((await valueOrFault(store.datasetInfo('catalog', scope)))!.cursor).toBe('c2g0');
      // The choice widens between two pages of a running read: the page after it keeps no cursor.
      await choices.set({ keep: 'suppliers', supplierIds: ['sup_napa', 'sup_bordeaux', 'sup_sonoma'] });
      await store.applyChanges(scope, [2, 3].map((n) => ({ type: 'product.changed', product: detail(n) })), 'c4g0', stamp);
      expect((await valueOrFault(store.datasetInfo('catalog', scope)))!.cursor).toBeNull();
      // A read from nothing clears it.
      await store.startFeedBootstrap(scope);
      await store.applyChanges(scope, [], 'c8g0', stamp);
      expect((await valueOrFault(store.datasetInfo('catalog', scope)))!.cursor).toBe('c8g0');
    } finally {
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('clearing the offline copy', () => {
  it('keeps the choice: the copy is deleted, what it carries is not widened', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'caseworks-choice-clear-'));
    const store = createOfflineStore({ dataDir });
    try {
      const choices = createOfflineChoiceService(store.database, () => baseUrl);
      await choices.set(two);
      const freed = await choices.keptThrough(() => store.clearAll());
      expect(freed).toBeGreaterThan(0);
      expect((await choices.view())!.choice).toEqual(two);
    } finally {
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the search coverage a start asks for with its first browse', () => {
  it('sends its requests to the worker together, not each after the answer before (the index read then runs between them)', async () => {
    const asked: string[] = [];
    const answers: (() => void)[] = [];
    const database = {
      answer: (_service: string, op: string) => {
        asked.push(op);
        return new Promise((resolve) => answers.push(() => resolve({ ok: true, value: op === 'choiceRemovalPending' ? false : null })));
      },
    } as unknown as OfflineDatabase;
    const coverage = createOfflineChoiceService(database, () => baseUrl).coverage();
    await new Promise((resolve) => setImmediate(resolve));
    expect(asked).toEqual(['choiceRemovalPending', 'searchCoverage']);
    for (const answer of answers) answer();
    expect(await coverage).toBeNull();
    // The pending removal is asked once per service; later searches ask for the coverage alone.
    const again = createOfflineChoiceService(database, () => baseUrl);
    const first = again.coverage();
    for (const answer of answers.splice(0)) answer();
    await new Promise((resolve) => setImmediate(resolve));
    for (const answer of answers.splice(0)) answer();
    await first;
    asked.length = 0;
    const second = again.coverage();
    await new Promise((resolve) => setImmediate(resolve));
    for (const answer of answers.splice(0)) answer();
    await second;
    expect(asked).toEqual(['searchCoverage']);
  });
});
