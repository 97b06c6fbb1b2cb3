import { describe, expect, it } from 'vitest';
import { readProductImage } from '../../../electron/app/product-images';
import type { ServiceClient } from '../../../electron/core/api';
import type { ImageCache } from '../../../electron/core/images/image-cache';
import { createProductImageAddresses } from '../../../electron/core/images/product-image-urls';
import { createOfflineCopy } from '../../../electron/core/offline/offline-copy';
import type { OfflineDatabase } from '../../../electron/core/offline/offline-database';
import { DISK_FULL_MESSAGE } from '../../../electron/core/offline/offline-host';
import type { OfflineStore } from '../../../electron/core/offline/offline-store';
import { createSearchService } from '../../../electron/core/search/search-service';
import type { SyncEngine } from '../../../electron/core/sync/sync-engine';
import { makeProduct } from '../../renderer/support/fixtures';

const BASE_URL = 'http://127.0.0.1:9/api/v1';
const IMAGE_URL = 'https://images.example/prod_a1.jpg';
const refused = async () => ({ ok: false as const, code: 'disk_full' as const, message: DISK_FULL_MESSAGE });

/** The image sources with an offline copy (catalog and details) that refuses every read for a full disk. */
function sourcesOver(service: ServiceClient | null) {
  const search = createSearchService({ answer: refused } as Pick<OfflineDatabase, 'answer'> as OfflineDatabase);
  search.use(BASE_URL);
  const store: Pick<OfflineStore, 'productDetail'> = { productDetail: refused };
  const engine: Pick<SyncEngine, 'copy'> = { copy: createOfflineCopy({ store: store as OfflineStore, scope: () => ({ baseUrl: BASE_URL, accountId: 'org_1' }) }) };
  const asked: string[] = [];
  const images: Pick<ImageCache, 'get'> = {
    get: async (url: string) => {
      asked.push(url);
      return { ok: true, bytes: Buffer.from('jpeg'), contentType: 'image/jpeg', fromCache: false };
    },
  };
  const sources = { addresses: createProductImageAddresses(), images: images as ImageCache, search, shown: () => engine as SyncEngine, service: () => service };
  return { sources, asked };
}

describe("a product's image when the offline copy refuses to say where it is", () => {
  it('asks the service where the image is when online, rather than answering no image', async () => {
    const product = makeProduct({ id: 'prod_a1', name: 'Pinot Noir', image_url: IMAGE_URL });
    const call = async () => ({ ok: true, notModified: false, data: product, etag: null, status: 200 });
    const service = { baseUrl: BASE_URL, call, callBytes: call } as Pick<ServiceClient, 'baseUrl' | 'call' | 'callBytes'> as ServiceClient;
    const { sources, asked } = sourcesOver(service);
    expect(await readProductImage('prod_a1', sources)).toMatchObject({ contentType: 'image/jpeg' });
    expect(asked).toEqual([IMAGE_URL]);
  });

  it('offline, with no address to read it by, answers no image', async () => {
    const { sources, asked } = sourcesOver(null);
    expect(await readProductImage('prod_a1', sources)).toBeNull();
    expect(asked).toEqual([]);
  });
});
