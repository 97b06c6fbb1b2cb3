import { describe, expect, it, vi } from 'vitest';
import type { Supplier } from '../../../shared';
import type { OfflineChoice, OfflineChoiceView } from '../../../shared/bridge/offline-choice';
import { createDispatcher } from '../../../electron/bridge/dispatcher';
import { createOfflineChoiceHandlers, type OfflineChoiceHandlerDeps } from '../../../electron/bridge/handlers/offline-choice';
import { createRecordingHandlers } from '../../support/recording-handlers';
import type { CatalogSearchResult } from '../../../shared/bridge/search';
import { createCatalogHandlers } from '../../../electron/bridge/handlers/catalog';
import { createSupplierHandlers } from '../../../electron/bridge/handlers/suppliers';
import { PRODUCT_NOT_CARRIED, SUPPLIER_NOT_CARRIED } from '../../../electron/core/offline/offline-choice-service';
import type { ServiceClient } from '../../../electron/core/api';
import type { OfflineReads } from '../../../electron/core/offline/offline-reads';
import { createProductImageAddresses } from '../../../electron/core/images/product-image-urls';
import { succeed } from '../../../electron/core/failure';

const stamp = '2026-11-01T10:00:00.000Z';
const suppliers: Supplier[] = ['sup_napa', 'sup_sonoma', 'sup_bordeaux'].map((id) => ({ id, name: id, dba_name: null, location: 'Napa, CA', total_products: 10, created_at: stamp }));
const viewOf = (choice: OfflineChoice): OfflineChoiceView => ({ choice, suppliers: [], bytesPerProduct: 1_700, basis: 'stored', allBytes: 0, choiceBytes: 0, productsKept: 0 });

function setup(overrides: Partial<OfflineChoiceHandlerDeps> = {}, widened = false) {
  const set = vi.fn(async (choice: OfflineChoice) => ({ view: viewOf(choice), removed: 0, freedBytes: 4096, vacuumed: false, widened }));
  const syncNow = vi.fn(() => true);
  const deps: OfflineChoiceHandlerDeps = { choices: { view: async () => viewOf({ keep: 'all' }), set }, suppliers: async () => succeed(suppliers), online: () => true, syncNow, ...overrides };
  const dispatcher = createDispatcher({ handlers: { ...createRecordingHandlers(), ...createOfflineChoiceHandlers(deps) } });
  return { dispatcher, set, syncNow };
}

describe('setOfflineChoice over the bridge', () => {
  it('refuses a supplier the service does not list, naming it and its place, and changes nothing', async () => {
    const { dispatcher, set } = setup();
    const answer = await dispatcher.dispatch('setOfflineChoice', { choice: { keep: 'suppliers', supplierIds: ['sup_napa', 'sup_nowhere'] } });
    expect(answer).toEqual({
      ok: false,
      error: {
        code: 'invalid_input',
        message: 'sup_nowhere is not a supplier of this service (or the supplier list has not been synced yet). Nothing was changed.',
        retryable: false,
        fields: [{ pointer: '/choice/supplierIds/1', detail: 'sup_nowhere is not a supplier of this service' }],
      },
    });
    expect(set).not.toHaveBeenCalled();
  });

  it('refuses what is not a supplier id at all, and a choice of another shape, at the contract', async () => {
    const { dispatcher, set } = setup();
    expect(await dispatcher.dispatch('setOfflineChoice', { choice: { keep: 'suppliers', supplierIds: ['napa'] } })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await dispatcher.dispatch('setOfflineChoice', { choice: { keep: 'some' } })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await dispatcher.dispatch('setOfflineChoice', { choice: { keep: 'all', supplierIds: [] } })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(set).not.toHaveBeenCalled();
  });

  it('every supplier is unknown before the supplier list was ever synced; keeping all always works', async () => {
    const { dispatcher } = setup({ suppliers: async () => succeed(null) });
    expect(await dispatcher.dispatch('setOfflineChoice', { choice: { keep: 'suppliers', supplierIds: ['sup_napa'] } })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await dispatcher.dispatch('setOfflineChoice', { choice: { keep: 'all' } })).toMatchObject({ ok: true, data: { choice: { keep: 'all' }, syncStarted: false } });
  });

  it('an empty choice is a choice (nothing kept); a supplier named twice counts once', async () => {
    const { dispatcher, set } = setup();
    expect(await dispatcher.dispatch('setOfflineChoice', { choice: { keep: 'suppliers', supplierIds: [] } })).toMatchObject({ ok: true, data: { freedBytes: 4096 } });
    await dispatcher.dispatch('setOfflineChoice', { choice: { keep: 'suppliers', supplierIds: ['sup_napa', 'sup_napa'] } });
    expect(set.mock.calls.map(([choice]) => choice)).toEqual([
      { keep: 'suppliers', supplierIds: [] },
      { keep: 'suppliers', supplierIds: ['sup_napa'] },
    ]);
  });

  it('a wider choice starts a sync when the service can be reached, not when offline', async () => {
    const online = setup({}, true);
    expect(await online.dispatcher.dispatch('setOfflineChoice', { choice: { keep: 'all' } })).toMatchObject({ ok: true, data: { syncStarted: true } });
    expect(online.syncNow).toHaveBeenCalledTimes(1);
    const offline = setup({ online: () => false }, true);
    expect(await offline.dispatcher.dispatch('setOfflineChoice', { choice: { keep: 'all' } })).toMatchObject({ ok: true, data: { syncStarted: false } });
    expect(offline.syncNow).not.toHaveBeenCalled();
  });

  it('without a service there is nothing to choose for', async () => {
    const { dispatcher } = setup({ choices: { view: async () => null, set: async () => null } });
    expect(await dispatcher.dispatch('getOfflineChoice', {})).toMatchObject({ ok: false, error: { code: 'not_configured' } });
    expect(await dispatcher.dispatch('setOfflineChoice', { choice: { keep: 'all' } })).toMatchObject({ ok: false, error: { code: 'not_configured' } });
  });
});

describe('offline, what the offline copy does not carry is said plainly', () => {
  const none = async () => succeed(null);
  const offline: OfflineReads = {
    suppliers: none, orders: none, orderDetail: none, account: none, webhooks: none, orderHistory: none, productDetail: none,
    keepProductDetail: async () => succeed(undefined),
    keepOrderDetail: async () => succeed(undefined),
  };
  const emptySearch = async () => succeed<CatalogSearchResult>({ items: [], total: 0, facets: { varietal: [], region: [], country: [], supplier: [], vintage: [] }, tookMs: 0, freshness: { asOf: stamp, fromCache: true } });
  /** A service client whose every call finds the service unreachable. */
  const unreachable = { call: async () => ({ ok: false, error: { code: 'offline', message: 'Could not reach the service.', retryable: true } }) } as unknown as ServiceClient;
  const context = { client: () => unreachable, online: () => false, offline, now: () => new Date(stamp), images: createProductImageAddresses(), catalogAsOf: async () => stamp };

  it('a product not in the copy while only chosen suppliers are kept: not carried (and the usual words when all are kept)', async () => {
    const partial = createCatalogHandlers({ ...context, search: { search: emptySearch, searchAsTyped: emptySearch, lookupCode: async () => succeed(null) }, searchCoverage: async () => ({ suppliersKept: 2, productsKept: 10, productsInCatalog: 40 }) });
    expect(await partial.getProduct({ id: 'prod_elsewhere' })).toMatchObject({ ok: false, error: { code: 'offline', message: PRODUCT_NOT_CARRIED } });
    const whole = createCatalogHandlers({ ...context, search: { search: emptySearch, searchAsTyped: emptySearch, lookupCode: async () => succeed(null) }, searchCoverage: async () => null });
    const answer = await whole.getProduct({ id: 'prod_elsewhere' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'offline' } });
    expect(answer.ok ? null : answer.error.message).not.toBe(PRODUCT_NOT_CARRIED);
  });

  it('a supplier whose products are not kept: not carried, rather than an empty list', async () => {
    const handlers = createSupplierHandlers({ ...context, search: { search: emptySearch, supplierRegions: async () => succeed({}) }, offlineKeeps: async (id) => id === 'sup_napa' });
    expect(await handlers.listSupplierProducts({ id: 'sup_sonoma', page: 1, perPage: 50 })).toMatchObject({ ok: false, error: { code: 'offline', message: SUPPLIER_NOT_CARRIED } });
    expect(await handlers.listSupplierProducts({ id: 'sup_napa', page: 1, perPage: 50 })).toMatchObject({ ok: true, data: { items: [], meta: { total: 0 } } });
  });
});
