import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Order, Product, Supplier } from '../../../shared/schemas';
import { createDispatcher } from '../../../electron/bridge/dispatcher';
import { createCatalogHandlers } from '../../../electron/bridge/handlers/catalog';
import { createGuideHandlers } from '../../../electron/bridge/handlers/guides';
import { createOrderHandlers } from '../../../electron/bridge/handlers/orders';
import { createPastedOrderHandlers } from '../../../electron/bridge/handlers/pasted-order';
import { createSupplierHandlers } from '../../../electron/bridge/handlers/suppliers';
import { createReads } from '../../../electron/app/reads';
import type { ServiceClient } from '../../../electron/core/api';
import { createFavouritesStore } from '../../../electron/core/favourites/favourites-store';
import { createOrderGuidesStore } from '../../../electron/core/guides/guides-store';
import { createKnownLinks } from '../../../electron/core/links/known-links';
import { createProductImageAddresses } from '../../../electron/core/images/product-image-urls';
import { createOfflineCopy } from '../../../electron/core/offline/offline-copy';
import type { OfflineDatabase, OfflineResult } from '../../../electron/core/offline/offline-database';
import { DISK_FULL_MESSAGE } from '../../../electron/core/offline/offline-host';
import type { OfflineFailureCode } from '../../../electron/core/offline/offline-protocol';
import { createOfflineReads } from '../../../electron/core/offline/offline-reads';
import type { OfflineStore } from '../../../electron/core/offline/offline-store';
import type { Outbox } from '../../../electron/core/outbox';
import { createSearchService } from '../../../electron/core/search/search-service';
import type { Session } from '../../../electron/core/session/session-interface';
import type { SyncEngine } from '../../../electron/core/sync/sync-engine';
import { makeProduct, shippedOrder, suppliers as fixtureSuppliers } from '../../renderer/support/fixtures';
import { createRecordingHandlers } from '../../support/recording-handlers';

const BASE_URL = 'http://127.0.0.1:9/api/v1';
const scope = { baseUrl: BASE_URL, accountId: 'org_1' };
const AS_OF = '2026-11-22T09:00:00.000Z';
const DISK_FULL = { ok: false, error: { code: 'storage_error', message: DISK_FULL_MESSAGE, retryable: true } };

const refusal = (code: OfflineFailureCode = 'disk_full', message = DISK_FULL_MESSAGE): OfflineResult<never> => ({ ok: false, code, message });
/** An offline store whose every read and write the worker refuses for a full disk, but for the ones given. */
const refusingStore = (answers: Partial<Record<keyof OfflineStore, (...args: never[]) => Promise<OfflineResult<unknown>>>> = {}) =>
  new Proxy({}, { get: (_target, name: string) => answers[name as keyof OfflineStore] ?? (async () => refusal()) }) as OfflineStore;
/** A database whose every answer is the worker's refusal for a full disk, unless `answering()` says otherwise. */
const refusingDatabase = (answering: () => boolean = () => false, value: unknown = {}) =>
  ({ answer: async () => (answering() ? { ok: true, value } : refusal()) }) as Pick<OfflineDatabase, 'answer'> as OfflineDatabase;

/** The sync engine as the reads see it: the offline copy over `store`, and its datasets' age. */
function engineOver(store: OfflineStore): SyncEngine {
  const copy = createOfflineCopy({ store, scope: () => scope });
  const engine: Pick<SyncEngine, 'accountId' | 'copy' | 'freshness'> = { accountId: scope.accountId, copy, freshness: () => ({ asOf: AS_OF, fromCache: true }) };
  return engine as SyncEngine;
}

/** A service that answers `getProduct` and `getOrder` with these. */
function serviceAnswering(product: Product, order: Order): ServiceClient {
  const call = async (name: string) => ({ ok: true, notModified: false, data: name === 'getProduct' ? product : order, etag: null, status: 200 });
  return { baseUrl: BASE_URL, call, callBytes: call } as Pick<ServiceClient, 'baseUrl' | 'call' | 'callBytes'> as ServiceClient;
}

describe('a refusal of the offline copy where the buyer asked for something', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'caseworks-refusal-callers-'));
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a pasted order whose codes the copy refuses to match is a storage_error in its words, not every code "not found"', async () => {
    const search = createSearchService(refusingDatabase());
    search.use(BASE_URL);
    const handlers = createPastedOrderHandlers({ search, catalogAsOf: async () => AS_OF, images: createProductImageAddresses(), detailCoverage: async () => ({ stored: 1, catalog: 1 }) });
    const dispatcher = createDispatcher({ handlers: { ...createRecordingHandlers(), ...handlers } });
    expect(await dispatcher.dispatch('matchProductCodes', { codes: ['CW-A1', 'CW-B2'] })).toEqual(DISK_FULL);
  });

  /** The guides' handlers over the app's own sources (reads.ts): search and offline copy as given, guides in a folder of the test's. */
  function guidesOver(search: ReturnType<typeof createSearchService>, store: OfflineStore) {
    const engine = engineOver(store);
    const session: Pick<Session, 'shown' | 'active' | 'reachable'> = { shown: () => engine, active: () => null, reachable: () => false };
    const { tools } = createReads({ dataDir, session: session as Session, search, images: createProductImageAddresses(), fetch: globalThis.fetch, now: () => new Date(AS_OF) });
    const guides = createOrderGuidesStore({ dataDir, scope, now: () => new Date(AS_OF) });
    const favourites = createFavouritesStore({ dataDir, scope, now: () => new Date(AS_OF) });
    const handlers = createGuideHandlers({ orderGuides: () => guides, favourites: () => favourites, guideSources: tools.guideSources });
    return { dispatcher: createDispatcher({ handlers: { ...createRecordingHandlers(), ...handlers } }), guides, favourites };
  }

  it('a guide whose products the copy refuses to read is a storage_error: opened, exported, or made from the favourites', async () => {
    const search = createSearchService(refusingDatabase());
    search.use(BASE_URL);
    const { dispatcher, guides, favourites } = guidesOver(search, refusingStore());
    const guide = await guides.create('Weekly', [{ productId: 'prod_a1', par: 2 }]);
    if (!guide.ok) throw new Error('could not create the guide');
    expect(await dispatcher.dispatch('getOrderGuide', { id: guide.value.id })).toEqual(DISK_FULL);
    expect(await dispatcher.dispatch('exportOrderGuide', { id: guide.value.id })).toEqual(DISK_FULL);
    await favourites.set('prod_a1', true);
    expect(await dispatcher.dispatch('createOrderGuide', { name: 'Starred', from: { kind: 'favourites' } })).toEqual(DISK_FULL);
  });

  it('a guide from a past order the copy refuses to read says the copy\'s problem, not "not on this computer"', async () => {
    const { dispatcher } = guidesOver(createSearchService(refusingDatabase()), refusingStore());
    expect(await dispatcher.dispatch('createOrderGuide', { name: 'Like last week', from: { kind: 'order', orderId: 'ord_1' } })).toEqual(DISK_FULL);
  });

  it('an export whose codes (SKU, UPC) the copy refuses to read is a storage_error, not lines "without a code"', async () => {
    // No catalog searched: its products read as not listed; the codes come from the stored details, refused.
    const { dispatcher, guides } = guidesOver(createSearchService(refusingDatabase()), refusingStore());
    const guide = await guides.create('Weekly', [{ productId: 'prod_a1', par: 2 }]);
    if (!guide.ok) throw new Error('could not create the guide');
    expect(await dispatcher.dispatch('exportOrderGuide', { id: guide.value.id })).toEqual(DISK_FULL);
  });

  it('the supplier list whose regions the copy refuses to read is listed all the same, without the region filter and with the refusal beside it; the next read, answered, has them (the refusal is not kept)', async () => {
    const list: Supplier[] = fixtureSuppliers;
    const napa = list[0]!;
    let answering = false;
    const search = createSearchService(refusingDatabase(() => answering, { [napa.id]: ['Napa Valley'] }));
    search.use(BASE_URL);
    const engine = engineOver(refusingStore({ readSuppliers: async () => ({ ok: true, value: list }) }));
    const handlers = createSupplierHandlers({
      client: () => null,
      online: () => false,
      offline: createOfflineReads(() => engine),
      now: () => new Date(AS_OF),
      images: createProductImageAddresses(),
      search,
      catalogAsOf: async () => AS_OF,
    });
    const dispatcher = createDispatcher({ handlers: { ...createRecordingHandlers(), ...handlers } });
    const refused = await dispatcher.dispatch('listSuppliers', { region: 'Napa Valley' });
    expect(list.length).toBeGreaterThan(1);
    expect(refused).toMatchObject({ ok: true, data: { regions: [], regionsRefused: DISK_FULL.error, meta: { total: list.length } } });
    answering = true;
    const answered = await dispatcher.dispatch('listSuppliers', { region: 'Napa Valley' });
    expect(answered).toMatchObject({ ok: true, data: { regions: ['Napa Valley'], items: [{ id: napa.id }], meta: { total: 1 } } });
    expect(answered).not.toHaveProperty(['data', 'regionsRefused']);
  });
});

describe('a refusal of the offline copy keeping a detail just read from the service (best-effort)', () => {
  const product = makeProduct({ id: 'prod_a1', name: 'Pinot Noir' });
  const order = shippedOrder;

  function readersOver(store: OfflineStore) {
    const engine = engineOver(store);
    const context = {
      client: () => serviceAnswering(product, order),
      online: () => true,
      offline: createOfflineReads(() => engine),
      now: () => new Date(AS_OF),
      images: createProductImageAddresses(),
    };
    const search = createSearchService(refusingDatabase());
    const catalog = createCatalogHandlers({ ...context, search, catalogAsOf: async () => AS_OF });
    const orders = createOrderHandlers({ ...context, outbox: async (): Promise<Outbox> => expect.fail('no outbox here'), knownLinks: createKnownLinks() });
    const unexpected: unknown[] = [];
    const dispatcher = createDispatcher({ handlers: { ...createRecordingHandlers(), ...catalog, ...orders }, onUnexpectedError: (_method, error) => unexpected.push(error) });
    return { dispatcher, unexpected };
  }

  it.each(['disk_full', 'damaged', 'unavailable'] as const)('a product and an order read online are the service\'s answer though the copy refuses to keep them (%s)', async (code) => {
    const { dispatcher, unexpected } = readersOver(refusingStore({ putProductDetails: async () => refusal(code), putOrderDetails: async () => refusal(code) }));
    expect(await dispatcher.dispatch('getProduct', { id: product.id })).toMatchObject({ ok: true, data: { data: { id: product.id }, freshness: { fromCache: false } } });
    expect(await dispatcher.dispatch('getOrder', { id: order.id })).toMatchObject({ ok: true, data: { data: { id: order.id }, freshness: { fromCache: false } } });
    expect(unexpected).toEqual([]);
  });
});
