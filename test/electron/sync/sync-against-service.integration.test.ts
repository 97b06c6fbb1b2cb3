import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../../../server/main';
import { createServiceClient, fetchAsSent } from '../../../electron/core/api';
import { createImageCache } from '../../../electron/core/images/image-cache';
import { createOfflineStore, type OfflineStore } from '../../../electron/core/offline/offline-store';
import { createSearchService, type SearchService } from '../../../electron/core/search/search-service';
import { createSyncEngine, type SyncEngine } from '../../../electron/core/sync/sync-engine';
import { copyServiceTemplate, seededServiceTemplate } from '../../support/e2e-service-template';
import type { SyncEvent } from '../../../electron/core/sync/sync-context';
import { valueOf } from '../search/search-outcome';

const CATALOG_SIZE = 300;

describe('sync against the real embedded service', () => {
  let service: RunningService;
  let dataDir: string;
  let search: SearchService;
  let store: OfflineStore;
  let engine: SyncEngine;
  const statuses: number[] = [];
  const events: SyncEvent[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'caseworks-sync-it-'));
    const serviceDir = join(dataDir, 'service');
    copyServiceTemplate(await seededServiceTemplate(CATALOG_SIZE), serviceDir);
    service = await startService({ dataDir: serviceDir, catalogSize: CATALOG_SIZE, rateLimitPerMinute: 100_000, logger: false });
    const apiKey = service.demoCredentials!.buyers[0]!.api_key;
    /** The client's transports (`fetch`, and `fetchAsSent` for the feed's pages), each recording its answers' statuses. */
    const recording =
      (transport: typeof fetch): typeof fetch =>
      async (input, init) => {
        const response = await transport(input, init);
        statuses.push(response.status);
        return response;
      };
    const api = createServiceClient({
      baseUrl: service.baseUrl,
      getApiKey: () => apiKey,
      fetch: recording(fetch),
      fetchAsSent: recording(fetchAsSent),
      maxAttempts: 1,
      timeoutMs: 5_000,
    });
    store = createOfflineStore({ dataDir });
    search = createSearchService(store.database);
    engine = createSyncEngine({
      api,
      store,
      scope: { baseUrl: service.baseUrl, accountId: null },
      search,
      images: createImageCache({ dir: join(dataDir, 'images') }),
      imagePrefetchLimit: 20,
      onEvent: (event) => events.push(event),
    });
    await engine.init();
  });
  afterAll(async () => {
    await store?.close();
    await service?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const status = (name: string) => engine.statuses().find((entry) => entry.name === name)!;

  it('first sync: every dataset arrives, images and details follow in the background, search works on the copy', async () => {
    const report = await engine.sync();
    expect(report.outcomes.filter((outcome) => outcome.result === 'failed')).toEqual([]);
    expect(status('catalog')).toMatchObject({ count: CATALOG_SIZE, error: null });
    expect(status('suppliers').count).toBeGreaterThan(0);
    expect(engine.accountId).toBe(service.demoCredentials!.buyers[0]!.account_id);
    await engine.whenIdle();
    expect(status('images')).toMatchObject({ count: 20, error: null });
    expect(status('productDetails')).toMatchObject({ count: CATALOG_SIZE, error: null });

    const all = await valueOf(search.search({ limit: 500 }));
    expect(all.total).toBe(CATALOG_SIZE);
    const varietal = all.items[0]!.varietal;
    const prefix = varietal.slice(0, 3).toLowerCase();
    const byPrefix = await valueOf(search.search({ text: prefix, limit: 500 }));
    expect(byPrefix.items.some((item) => item.varietal === varietal)).toBe(true);
    const detail = await valueOf(engine.copy.productDetail(all.items[0]!.id));
    expect(detail?.id).toBe(all.items[0]!.id);
    expect((await valueOf(search.lookupCode(detail!.sku)))?.id).toBe(detail!.id);
    if (detail!.upc) expect((await valueOf(search.lookupCode(detail!.upc)))?.id).toBe(detail!.id);
    const country = await valueOf(search.search({ country: detail!.country, limit: 1 }));
    expect(country.total).toBeGreaterThan(0);
  });

  it('an unchanged re-sync is answered with 304s', async () => {
    statuses.length = 0;
    events.length = 0;
    const report = await engine.sync();
    await engine.whenIdle();
    expect(report.outcomes.map((outcome) => outcome.result)).not.toContain('failed');
    expect(report.outcomes.filter((outcome) => outcome.dataset !== 'orders').every((outcome) => outcome.result === 'unchanged')).toBe(true);
    expect(statuses.filter((code) => code === 304).length).toBeGreaterThanOrEqual(Math.ceil(CATALOG_SIZE / 100) + 3);
    expect(events.filter((event) => event.type === 'data-changed' && event.datasets.includes('catalog'))).toEqual([]);
  });

  it('with the service stopped, reads come from the cache with their ages and the error is in plain words', async () => {
    const before = status('catalog').updatedAt;
    await service.close();
    await engine.sync();
    expect(status('catalog')).toMatchObject({ count: CATALOG_SIZE, updatedAt: before, error: expect.stringMatching(/Could not reach the service/) });
    expect(engine.freshness('catalog')).toEqual({ asOf: before, fromCache: true });
    expect((await valueOf(search.search({ limit: 1 }))).total).toBe(CATALOG_SIZE);
    expect((await valueOf(engine.copy.suppliers())).length).toBe(status('suppliers').count);
    expect((await valueOf(engine.copy.account()))?.id).toBe(engine.accountId);
  });
});
