import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfflineDatabase, type OfflineDatabase } from '../../../electron/core/offline/offline-database';
import { createOfflineStore, type StoreScope } from '../../../electron/core/offline/offline-store';
import { createSearchService } from '../../../electron/core/search/search-service';
import { valueOf } from './search-outcome';
import { UPGRADE_DISK_FULL_MESSAGE } from '../../../electron/core/offline/offline-host';
import type { OfflineFailureCode } from '../../../electron/core/offline/offline-protocol';
import { makeCatalog } from './catalog-fixture';
import { detailOf } from './catalog-database';
import { CRASH_CODE } from './crashing-offline-worker';

const scope: StoreScope = { baseUrl: 'http://127.0.0.1:9/api/v1', accountId: null };
const catalog = makeCatalog(1_000);
const savedAt = '2026-11-22T09:00:00.000Z';


/** A database whose every answer is the worker's refusal with `code`. */
const refusing = (code: OfflineFailureCode, message: string) => ({ answer: async () => ({ ok: false, code, message }) }) as unknown as OfflineDatabase;

describe('search service (the offline worker)', () => {
  let dataDir: string;
  const databases: OfflineDatabase[] = [];
  const opened = (workerEntry?: string) => {
    const database = createOfflineDatabase({ dataDir, ...(workerEntry ? { workerEntry } : {}) });
    databases.push(database);
    const search = createSearchService(database);
    search.use(scope.baseUrl);
    return { database, search };
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'caseworks-search-'));
    const store = createOfflineStore({ dataDir });
    for (let page = 1; page <= 10; page += 1) {
      await store.writeCatalogPage(scope, page, `"p${page}"`, catalog.slice((page - 1) * 100, page * 100).map((product) => product.item));
    }
    await store.finishCatalog(scope, 10, savedAt);
    await store.close();
  });
  afterAll(async () => {
    await Promise.all(databases.map((database) => database.close()));
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers from the database written by another connection, with its age', async () => {
    const { search } = opened();
    const result = await valueOf(search.search({ text: 'cabernay', sort: 'price_asc', limit: 5 }));
    expect(result.total).toBe(167);
    expect(result.items).toHaveLength(5);
    expect(result.freshness).toEqual({ asOf: savedAt, fromCache: true });
  });

  it('reads the search index when asked (prepareSearch) once, and nothing where no service is searched', async () => {
    const { database, search } = opened();
    expect(await search.readIndex()).toBe(true);
    expect(await search.readIndex()).toBe(false);
    expect((await valueOf(search.search({ text: 'cabernay', limit: 5 }))).total).toBe(167);
    expect(await createSearchService(database).readIndex()).toBe(false);
  });

  it('takes SKU/UPC and country from details as they are stored, and looks codes up exactly', async () => {
    const { database, search } = opened();
    const store = createOfflineStore({ dataDir, database });
    expect(await valueOf(search.lookupCode('100000000007'))).toBeNull();
    await store.putProductDetails(scope, catalog.slice(0, 20).map((product) => ({ detail: detailOf(product.item, product.facts), etag: null, fetchedAt: savedAt })));
    expect((await valueOf(search.lookupCode('100000000007')))?.id).toBe('prod_00007');
    expect((await valueOf(search.lookupCode(' sku-son-13 ')))?.id).toBe('prod_00013');
    expect((await valueOf(search.search({ text: 'SKU-SON-13' }))).items[0]?.id).toBe('prod_00013');
    // Bordeaux's country is learned from one detail and holds for the region's other products.
    expect((await valueOf(search.search({ country: 'France', limit: 500 }))).total).toBe(250);
  });

  it('restarts a worker that died, failing only the call it was answering', async () => {
    const { search } = opened(join(import.meta.dirname, 'crashing-offline-worker.ts'));
    const before = await valueOf(search.search({ text: 'cab', limit: 5 }));
    expect(before.total).toBeGreaterThan(0);
    await expect(search.lookupCode(CRASH_CODE)).rejects.toThrow(/stopped \(exit code 3\)/);
    const after = await valueOf(search.search({ text: 'cab', limit: 5 }));
    expect(after.total).toBe(before.total);
    expect(after.items.map((item) => item.id)).toEqual(before.items.map((item) => item.id));
  });

  it('a service never synced answers nothing, with no age', async () => {
    const { search } = opened();
    search.use('http://127.0.0.1:10/api/v1');
    const result = await valueOf(search.search({ text: 'merlot' }));
    expect(result).toMatchObject({ total: 0, items: [], freshness: { asOf: null, fromCache: true } });
  });

  it('when the database module cannot be loaded: one line says why, searches answer nothing, writes fail with that line', async () => {
    const { database, search } = opened(join(import.meta.dirname, 'unloadable-offline-worker.ts'));
    expect(await valueOf(search.search({ text: 'merlot' }))).toMatchObject({ total: 0, items: [] });
    expect(await valueOf(search.lookupCode('100000000007'))).toBeNull();
    const store = createOfflineStore({ dataDir, database });
    const failure = await store.writeCatalogPage(scope, 1, null, []);
    expect(failure).toMatchObject({ ok: false, code: 'unavailable' });
    expect(!failure.ok && failure.message).toMatch(/^The offline copy is unavailable: its database module could not be loaded \(The module 'better_sqlite3\.node' was compiled against a different Node\.js version[^\n]*\)\.$/);
  });

  it("a refusal the buyer can act on (a full disk, a copy set aside) is the call's storage_error in the worker's words", async () => {
    const search = createSearchService(refusing('disk_full', UPGRADE_DISK_FULL_MESSAGE));
    search.use(scope.baseUrl);
    const failure = { ok: false, error: { code: 'storage_error', message: UPGRADE_DISK_FULL_MESSAGE, retryable: true } };
    expect(await search.search({ text: 'merlot' })).toMatchObject(failure);
    expect(await search.searchAsTyped({ text: 'merlot', asYouType: true })).toMatchObject(failure);
    expect(await search.lookupCode('100000000007')).toMatchObject(failure);
    const damaged = createSearchService(refusing('damaged', 'The offline copy was damaged and set aside.'));
    damaged.use(scope.baseUrl);
    expect(await damaged.search({ text: 'merlot' })).toMatchObject({ ok: false, error: { code: 'storage_error', message: 'The offline copy was damaged and set aside.', retryable: true } });
  });

  it('an unavailable copy still answers an empty search (and no product for a code)', async () => {
    const search = createSearchService(refusing('unavailable', 'The offline copy is unavailable.'));
    search.use(scope.baseUrl);
    expect(await valueOf(search.search({ text: 'merlot' }))).toMatchObject({ total: 0, items: [], freshness: { asOf: null } });
    expect(await valueOf(search.lookupCode('100000000007'))).toBeNull();
  });
});
