import { describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../electron/bridge/dispatcher';
import { createCatalogHandlers, type CatalogHandlerDeps } from '../../../electron/bridge/handlers/catalog';
import { createSupplierHandlers, type SupplierHandlerDeps } from '../../../electron/bridge/handlers/suppliers';
import type { ServiceClient } from '../../../electron/core/api';
import { createOfflineCopy } from '../../../electron/core/offline/offline-copy';
import { createOfflineReads } from '../../../electron/core/offline/offline-reads';
import type { OfflineStore } from '../../../electron/core/offline/offline-store';
import type { SyncEngine } from '../../../electron/core/sync/sync-engine';
import { createProductImageAddresses } from '../../../electron/core/images/product-image-urls';
import type { OfflineDatabase } from '../../../electron/core/offline/offline-database';
import { UPGRADE_DISK_FULL_MESSAGE } from '../../../electron/core/offline/offline-host';
import type { OfflineFailureCode } from '../../../electron/core/offline/offline-protocol';
import { createSearchService } from '../../../electron/core/search/search-service';
import { createRecordingHandlers } from '../../support/recording-handlers';

/** A database whose every answer is the worker's refusal with `code`. */
const refusing = (code: OfflineFailureCode, message: string) => ({ answer: async () => ({ ok: false, code, message }) }) as unknown as OfflineDatabase;

/** The catalog's handlers over the dispatcher, searching through the search service over `database`. */
function catalogOver(database: OfflineDatabase) {
  const search = createSearchService(database);
  search.use('http://127.0.0.1:9/api/v1');
  const deps = { search, catalogAsOf: async () => null, images: createProductImageAddresses() } as unknown as CatalogHandlerDeps;
  const unexpected: unknown[] = [];
  const dispatcher = createDispatcher({ handlers: { ...createRecordingHandlers(), ...createCatalogHandlers(deps) }, onUnexpectedError: (_method, error) => unexpected.push(error) });
  return { dispatcher, unexpected };
}

/** The supplier handlers over the dispatcher, offline, reading the offline copy whose every read is refused with `code`. */
function suppliersOver(code: OfflineFailureCode, message: string) {
  const refused = async () => ({ ok: false, code, message });
  const store = { readSuppliers: refused, readOrders: refused, readAccount: refused, readWebhooks: refused, productDetail: refused } as unknown as OfflineStore;
  const copy = createOfflineCopy({ store, scope: () => ({ baseUrl: 'http://127.0.0.1:9/api/v1', accountId: 'org_1' }) });
  const engine = { accountId: 'org_1', copy, freshness: () => ({ asOf: '2026-11-22T09:00:00.000Z', fromCache: true }) } as unknown as SyncEngine;
  const unreachable = { call: async () => ({ ok: false, error: { code: 'offline', message: 'Could not reach the service.', retryable: true } }) } as unknown as ServiceClient;
  const deps = {
    client: () => unreachable,
    online: () => false,
    offline: createOfflineReads(() => engine),
    now: () => new Date('2026-11-22T10:00:00.000Z'),
    images: createProductImageAddresses(),
    search: { search: async () => ({ ok: false }), supplierRegions: async () => ({}) },
    catalogAsOf: async () => null,
  } as unknown as SupplierHandlerDeps;
  return createDispatcher({ handlers: { ...createRecordingHandlers(), ...createSupplierHandlers(deps) } });
}

describe('a refusal of the offline copy over the bridge', () => {
  it('a screen\'s read of the offline copy (the supplier list, offline) refused for a full disk is a storage_error in the worker\'s words', async () => {
    const dispatcher = suppliersOver('disk_full', UPGRADE_DISK_FULL_MESSAGE);
    expect(await dispatcher.dispatch('listSuppliers', {})).toEqual({ ok: false, error: { code: 'storage_error', message: UPGRADE_DISK_FULL_MESSAGE, retryable: true } });
    expect(await dispatcher.dispatch('getSupplier', { id: 'sup_napa' })).toMatchObject({ ok: false, error: { code: 'storage_error', retryable: true } });
  });

  it('an unavailable copy is a storage_error that trying again does not help', async () => {
    const dispatcher = suppliersOver('unavailable', 'The offline copy is unavailable.');
    expect(await dispatcher.dispatch('listSuppliers', {})).toEqual({ ok: false, error: { code: 'storage_error', message: 'The offline copy is unavailable.', retryable: false } });
  });

  it('a search refused for a full disk is a storage_error in the worker\'s words, retryable (not "something went wrong")', async () => {
    const { dispatcher, unexpected } = catalogOver(refusing('disk_full', UPGRADE_DISK_FULL_MESSAGE));
    const failure = { ok: false, error: { code: 'storage_error', message: UPGRADE_DISK_FULL_MESSAGE, retryable: true } };
    expect(await dispatcher.dispatch('searchCatalog', { text: 'merlot' })).toEqual(failure);
    expect(await dispatcher.dispatch('searchCatalog', { text: 'merlot', asYouType: true })).toEqual(failure);
    expect(await dispatcher.dispatch('lookupProductCode', { code: 'SKU-7' })).toEqual(failure);
    expect(unexpected).toEqual([]);
  });

  it('a copy set aside mid-use is a retryable storage_error too', async () => {
    const { dispatcher } = catalogOver(refusing('damaged', 'The offline copy was damaged and set aside; the next sync rebuilds it.'));
    expect(await dispatcher.dispatch('searchCatalog', { text: 'merlot' })).toEqual({
      ok: false,
      error: { code: 'storage_error', message: 'The offline copy was damaged and set aside; the next sync rebuilds it.', retryable: true },
    });
  });

  it('an unavailable copy still answers an empty search', async () => {
    const { dispatcher } = catalogOver(refusing('unavailable', 'The offline copy is unavailable.'));
    expect(await dispatcher.dispatch('searchCatalog', { text: 'merlot' })).toMatchObject({ ok: true, data: { items: [], total: 0, freshness: { asOf: null } } });
  });
});
