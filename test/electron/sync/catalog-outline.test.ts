import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CatalogProduct } from '../../../shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOfflineStore, type OfflineStore } from '../../../electron/core/offline/offline-store';
import { outlineEntry, readCatalogOutline } from '../../../electron/core/sync/catalog-outline';
import { createFakeService } from './fake-service';

const scope = { baseUrl: 'http://127.0.0.1:9/api/v1', accountId: null };

describe('catalog outline', () => {
  let dataDir: string;
  let store: OfflineStore;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'caseworks-outline-'));
    store = createOfflineStore({ dataDir });
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps id, region and image_url of a product, nothing else', () => {
    const product = createFakeService({ products: 1 }).state.products[0]!;
    expect(outlineEntry(product)).toEqual({ id: product.id, region: product.region, image_url: product.image_url });
  });

  it('reads the stored catalog in page order, each product once, whatever order the lines are in', async () => {
    const products = createFakeService({ products: 5 }).state.products;
    const [a, b, c, d, e] = products as [CatalogProduct, CatalogProduct, CatalogProduct, CatalogProduct, CatalogProduct];
    const pages = [
      { page: 2, items: [c, d] },
      { page: 1, items: [a, b] },
      // A product that moved to the next page while the pages were fetched.
      { page: 3, items: [d, e] },
    ];
    await store.write('catalog', scope, { savedAt: '2026-11-22T08:00:00.000Z', etags: {}, count: 6, records: pages });
    expect((await readCatalogOutline(store, scope)).map((entry) => entry.id)).toEqual([a, b, c, d, e].map((product) => product.id));
    expect((await readCatalogOutline(store, scope))[0]).toEqual(outlineEntry(a));
  });

  it('is empty when there is no stored catalog', async () => {
    expect(await readCatalogOutline(store, scope)).toEqual([]);
  });
});
