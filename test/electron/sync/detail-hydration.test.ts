import { describe, expect, it } from 'vitest';
import type { Product } from '../../../shared';
import { hydrateProductDetails } from '../../../electron/core/sync/detail-hydration';
import type { OfflineStore, StoreScope } from '../../../electron/core/offline/offline-store';
import { catalogDatabase, detailOf } from '../search/catalog-database';
import { makeCatalog } from '../search/catalog-fixture';

const now = () => new Date('2026-11-22T12:00:00.000Z');
const scope: StoreScope = { baseUrl: 'http://127.0.0.1:9/api/v1', accountId: null };

/** The store's detail calls answered in-process by a service database. */
function storeOn(database: ReturnType<typeof catalogDatabase>) {
  return {
    detailsToFetch: async (_scope: StoreScope, input: Parameters<typeof database.detailsToFetch>[0]) => ({ ok: true, value: database.detailsToFetch(input) }),
    putProductDetails: async (_scope: StoreScope, records: Parameters<typeof database.putProductDetails>[0]) => ({ ok: true, value: database.putProductDetails(records) }),
    touchProductDetails: async (_scope: StoreScope, ids: string[], at: string) => ({ ok: true, value: database.touchProductDetails(ids, at) }),
  } as unknown as Pick<OfflineStore, 'detailsToFetch' | 'putProductDetails' | 'touchProductDetails'>;
}

describe('product detail hydration', () => {
  it('reads one product of each region with no known country first, then the rest in catalog order, skipping fresh ones', async () => {
    const catalog = makeCatalog(12);
    // Product 3 (Mendoza) has a fresh detail: Mendoza's country is known and it is not read again.
    const database = catalogDatabase(catalog.map((product) => product.item), '2026-11-22T08:00:00.000Z', [catalog[3]!]);
    const asked: string[] = [];
    const details = new Map(catalog.map((product) => [product.item.id, detailOf(product.item, product.facts)]));
    const report = await hydrateProductDetails({
      store: storeOn(database),
      scope,
      fetchProduct: async (id) => {
        asked.push(id);
        return { ok: true, notModified: false, data: details.get(id) as Product, etag: `"${id}"` };
      },
      limit: (task) => task(),
      now,
      maxAgeMs: 24 * 3_600_000,
      batchSize: 4,
      due: 11,
      onProgress: () => {},
    });
    // Regions are n % 4: Napa 0, Sonoma 1, Bordeaux 2, Mendoza 3 (known).
    expect(asked.slice(0, 3)).toEqual(['prod_00000', 'prod_00001', 'prod_00002']);
    expect(asked.slice(3)).toEqual(['prod_00004', 'prod_00005', 'prod_00006', 'prod_00007', 'prod_00008', 'prod_00009', 'prod_00010', 'prod_00011']);
    expect(report).toEqual({ ok: true, value: { fetched: 11, notModified: 0, error: null } });
    expect(database.detailCoverage('2026-11-21T12:00:00.000Z')).toEqual({ stored: 12, due: 0 });
  });

  it('stops at a connection failure and keeps what it read; the next run reads only the rest', async () => {
    const catalog = makeCatalog(10);
    const database = catalogDatabase(catalog.map((product) => product.item), '2026-11-22T08:00:00.000Z');
    const details = new Map(catalog.map((product) => [product.item.id, detailOf(product.item, product.facts)]));
    let calls = 0;
    const run = (failAfter: number) =>
      hydrateProductDetails({
        store: storeOn(database),
        scope,
        fetchProduct: async (id) => {
          calls += 1;
          if (calls > failAfter) return { ok: false, error: { code: 'offline', message: 'Could not reach the service.' } };
          return { ok: true, notModified: false, data: details.get(id) as Product, etag: null };
        },
        limit: (task) => task(),
        now,
        maxAgeMs: 24 * 3_600_000,
        batchSize: 3,
        due: 10,
        onProgress: () => {},
      });
    const first = await run(5);
    expect(first.ok && first.value.error).toMatch(/could not reach/i);
    expect(database.detailCoverage('2026-11-21T12:00:00.000Z').stored).toBe(5);
    calls = 0;
    const second = await run(Infinity);
    expect(second).toEqual({ ok: true, value: { fetched: 5, notModified: 0, error: null } });
    expect(database.detailCoverage('2026-11-21T12:00:00.000Z')).toEqual({ stored: 10, due: 0 });
  });
});
