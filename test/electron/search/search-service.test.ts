import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfflineStore, type StoreScope } from '../../../electron/core/offline/offline-store';
import type { CatalogPageRecord } from '../../../electron/core/offline/dataset-records';
import { createSearchService, type SearchService } from '../../../electron/core/search/search-service';
import type { CatalogSource } from '../../../electron/core/search/search-protocol';
import { makeCatalog } from './catalog-fixture';
import { CRASH_CODE } from './crashing-search-worker';

const scope: StoreScope = { baseUrl: 'http://127.0.0.1:9/api/v1', accountId: 'org_a' };
const catalog = makeCatalog(1_000);
const savedAt = '2026-11-22T09:00:00.000Z';

describe('search service (worker thread)', () => {
  let dataDir: string;
  let source: CatalogSource;
  const services: SearchService[] = [];
  const started = () => {
    const service = createSearchService();
    services.push(service);
    return service;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'caseworks-search-'));
    const store = createOfflineStore({ dataDir });
    const pages: CatalogPageRecord[] = [];
    for (let page = 0; page < 10; page += 1) pages.push({ page: page + 1, items: catalog.slice(page * 100, page * 100 + 100).map((product) => product.item) });
    await store.write('catalog', scope, { savedAt, etags: {}, count: 1_000, records: pages });
    source = {
      catalogFile: store.pathOf('catalog', scope),
      detailsFile: store.pathOf('productDetails', scope),
      scope: store.fileScope('catalog', scope),
      snapshotFile: join(dataDir, 'search', 'catalog.index.gz'),
    };
  });
  afterAll(async () => {
    await Promise.all(services.map((service) => service.close()));
    await rm(dataDir, { recursive: true, force: true });
  });

  it('builds the index in the worker, answers queries, and saves a snapshot', async () => {
    const service = started();
    const report = await service.load(source);
    expect(report).toMatchObject({ documents: 1_000, source: 'built', asOf: savedAt, problem: null });
    expect((await stat(source.snapshotFile!)).size).toBeGreaterThan(1_000);
    const result = await service.search({ text: 'cabernay', sort: 'price_asc', limit: 5 });
    expect(result.total).toBe(167);
    expect(result.items).toHaveLength(5);
    expect(result.freshness).toEqual({ asOf: savedAt, fromCache: true });
  });

  it('reloads from the snapshot with the same answers', async () => {
    const first = started();
    await first.load(source);
    const second = started();
    const report = await second.load(source);
    expect(report.source).toBe('snapshot');
    const query = { text: 'pinot', region: 'bordeaux', limit: 50 };
    const { tookMs: _a, ...expected } = await first.search(query);
    const { tookMs: _b, ...actual } = await second.search(query);
    expect(actual).toEqual(expected);
    expect(actual.total).toBeGreaterThan(0);
  });

  it('ignores a damaged snapshot and rebuilds', async () => {
    await writeFile(source.snapshotFile!, 'not gzip');
    const service = started();
    expect((await service.load(source)).source).toBe('built');
    expect((await service.search({ text: 'malbec' })).total).toBe(167);
  });

  it('takes SKU/UPC from details fed in later, and looks codes up exactly', async () => {
    const service = started();
    await service.load(source);
    expect(await service.lookupCode('100000000007')).toBeNull();
    await service.addFacts(catalog.slice(0, 20).map((product) => product.facts));
    expect((await service.lookupCode('100000000007'))?.id).toBe('prod_00007');
    expect((await service.lookupCode(' sku-son-13 '))?.id).toBe('prod_00013');
    expect((await service.search({ text: 'SKU-SON-13' })).items[0]?.id).toBe('prod_00013');
    expect((await service.search({ country: 'France', limit: 500 })).total).toBe(250);
  });

  it('answers queries sent before the first load finishes from the loaded catalog', async () => {
    const service = started();
    const loading = service.load(source);
    const early = service.search({ text: 'merlot' });
    expect((await early).total).toBe(166);
    await loading;
  });

  it('restarts a worker that died and reloads the last catalog, failing only the call it was answering', async () => {
    const service = createSearchService({ workerEntry: join(import.meta.dirname, 'crashing-search-worker.ts') });
    services.push(service);
    await service.load(source);
    const before = await service.search({ text: 'cab', limit: 5 });
    expect(before.total).toBeGreaterThan(0);
    await expect(service.lookupCode(CRASH_CODE)).rejects.toThrow(/stopped \(exit code 3\)/);
    const after = await service.search({ text: 'cab', limit: 5 });
    expect(after.total).toBe(before.total);
    expect(after.items.map((item) => item.id)).toEqual(before.items.map((item) => item.id));
  });

  it('reports a missing catalog as an empty index with a plain-words problem', async () => {
    const service = started();
    const report = await service.load({ ...source, catalogFile: join(dataDir, 'nope.cache') });
    expect(report).toMatchObject({ documents: 0, source: 'empty' });
    expect(report.problem).toMatch(/first sync/);
    expect((await service.search({ text: 'merlot' })).total).toBe(0);
  });
});
