import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProductDetailRecord, CatalogPageRecord } from '../../../electron/core/offline/dataset-records';
import { createOfflineStore, type StoreScope } from '../../../electron/core/offline/offline-store';
import { createSearchService, type SearchService } from '../../../electron/core/search/search-service';
import type { CatalogSource } from '../../../electron/core/search/search-protocol';
import { startupAnswerFile } from '../../../electron/core/search/startup-answer';
import type { Product } from '../../../shared';
import { makeCatalog } from './catalog-fixture';

const scope: StoreScope = { baseUrl: 'http://127.0.0.1:9/api/v1', accountId: null };
const catalog = makeCatalog(1_000);

const dirs: string[] = [];
const services: SearchService[] = [];
afterEach(async () => {
  await Promise.all(services.splice(0).map((service) => service.close()));
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});
const started = () => {
  const service = createSearchService();
  services.push(service);
  return service;
};

async function setup() {
  const dataDir = await mkdtemp(join(tmpdir(), 'caseworks-startup-answer-'));
  dirs.push(dataDir);
  const store = createOfflineStore({ dataDir });
  const writeCatalog = (products = catalog) => {
    const pages: CatalogPageRecord[] = [];
    for (let page = 0; page * 100 < products.length; page += 1) pages.push({ page: page + 1, items: products.slice(page * 100, page * 100 + 100).map((product) => product.item) });
    return store.write('catalog', scope, { savedAt: '2026-11-22T09:00:00.000Z', etags: {}, count: products.length, records: pages });
  };
  const writeDetails = (count: number) => {
    const records: ProductDetailRecord[] = catalog.slice(0, count).map(({ item, facts }) => ({
      detail: { ...item, ...facts } as unknown as Product,
      etag: null,
      fetchedAt: '2026-11-22T09:00:00.000Z',
    }));
    return store.write('productDetails', scope, { savedAt: '2026-11-22T09:00:00.000Z', etags: {}, count: records.length, records });
  };
  await writeCatalog();
  const source: CatalogSource = {
    catalogFile: store.pathOf('catalog', scope),
    detailsFile: store.pathOf('productDetails', scope),
    factsFile: store.pathOf('productFacts', scope),
    scope,
    snapshotFile: join(dataDir, 'search', 'catalog.snapshot'),
  };
  return { source, writeCatalog, writeDetails };
}

/** Waits until the worker has saved the first answer (it writes it after replying). */
async function savedAnswer(source: CatalogSource): Promise<{ query: string; result: { total: number } }> {
  for (let tries = 0; ; tries += 1) {
    try {
      return JSON.parse(await readFile(startupAnswerFile(source)!, 'utf8'));
    } catch (error) {
      if (tries > 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

/** Marks the saved answer (a total no index gives), to tell an answer from the file from one of the index. */
async function markSavedAnswer(source: CatalogSource) {
  const saved = await savedAnswer(source);
  await writeFile(startupAnswerFile(source)!, JSON.stringify({ ...saved, result: { ...saved.result, total: 4242 } }));
}

describe('the first screen of the last session', () => {
  it('saves the answer to the session’s first search, not to later ones', async () => {
    const { source } = await setup();
    const service = started();
    await service.load(source);
    const first = await service.search({ limit: 60 });
    await service.search({ text: 'malbec', limit: 60 });
    const saved = await savedAnswer(source);
    expect(JSON.parse(saved.query)).toMatchObject({ text: '', offset: 0, limit: 60 });
    expect(saved.result.total).toBe(first.total);
  });

  it('answers the same first search from it at the next start, while the index loads; any other search waits for the index', async () => {
    const { source } = await setup();
    const before = started();
    await before.load(source);
    await before.search({ limit: 60 });
    await markSavedAnswer(source);

    const next = started();
    const loading = next.load(source);
    const [fromFile, other] = await Promise.all([next.search({ limit: 60 }), next.search({ text: 'malbec', limit: 60 })]);
    expect(fromFile.total).toBe(4242);
    expect(other.total).toBe(167);
    await loading;
    // Once the index answers, it answers everything.
    expect((await next.search({ limit: 60 })).total).toBe(1_000);
  });

  it('answers the first search whether or not it was typed (asYouType is not part of the search)', async () => {
    const { source } = await setup();
    const before = started();
    await before.load(source);
    await before.search({ limit: 60 });
    await markSavedAnswer(source);
    expect(JSON.parse((await savedAnswer(source)).query)).not.toHaveProperty('asYouType');

    const next = started();
    const loading = next.load(source);
    expect((await next.search({ limit: 60, asYouType: true })).total).toBe(4242);
    await loading;
  });

  it('is not used once the catalog or the details changed', async () => {
    const { source, writeCatalog, writeDetails } = await setup();
    const before = started();
    await before.load(source);
    await before.search({ limit: 60 });
    await markSavedAnswer(source);

    await writeDetails(10);
    const afterDetails = started();
    const loading = afterDetails.load(source);
    expect((await afterDetails.search({ limit: 60 })).total).toBe(1_000);
    await loading;
    // That session saved its own first answer, for these details: marked, then the catalog changes.
    await markSavedAnswer(source);

    await writeCatalog(catalog.slice(0, 500));
    const afterCatalog = started();
    void afterCatalog.load(source);
    expect((await afterCatalog.search({ limit: 60 })).total).toBe(500);
  });

  it('does not read the same files again for a second load of them; does when they changed', async () => {
    const { source, writeDetails } = await setup();
    const service = started();
    expect((await service.load(source)).source).toBe('built');
    // A snapshot exists now: a real second load would come from it.
    expect((await service.load(source)).source).toBe('built');
    await writeDetails(20);
    const reloaded = await service.load(source);
    expect(reloaded).toMatchObject({ source: 'snapshot', codes: 40 });
  });
});
