import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { keepsSupplier, type CaseworksBridge, type OfflineChoice, type OfflineChoiceView } from '../../../shared/bridge';
import type { Product } from '../../../shared/schemas';
import { createDispatcher } from '../../../electron/bridge/dispatcher';
import type { BridgeHandlers } from '../../../electron/bridge/handler-types';
import { createCatalogHandlers, type CatalogHandlerDeps } from '../../../electron/bridge/handlers/catalog';
import { createPastedOrderHandlers, type PastedOrderHandlerDeps } from '../../../electron/bridge/handlers/pasted-order';
import { createOfflineChoiceHandlers } from '../../../electron/bridge/handlers/offline-choice';
import { valueOrFault, type OfflineDatabase, type OfflineResult } from '../../../electron/core/offline/offline-database';
import { createOfflineHost } from '../../../electron/core/offline/offline-host';
import { createSearchService } from '../../../electron/core/search/search-service';
import * as fixtures from './fixtures';
import { succeed } from '../../../electron/core/failure';

const BASE_URL = 'http://127.0.0.1:4555/api/v1';

export interface FakeCatalogSources {
  /** When the catalog was saved (its freshness). */
  asOf: string;
  /** The starred products, for the Favourites filter. */
  favouriteIds(): Promise<readonly string[]>;
}

const BYTES_PER_PRODUCT = 1_700;

type CatalogMethods = Pick<CaseworksBridge, 'searchCatalog' | 'lookupProductCode' | 'matchProductCodes' | 'getOfflineChoice' | 'setOfflineChoice'>;

/**
 * The catalog's search as the app answers it: the offline worker's host (electron/core/offline/offline-host.ts)
 * run in-process over a database in a temporary folder, the real search service and its bridge
 * handlers behind the real dispatcher. The products (with their details: country, SKU, UPC) are
 * written as the sync writes them, so what a search finds, its facets, sorts and code lookups are
 * the app's own and this fake cannot drift from them. Written on the first search. What is kept
 * offline (Settings → what to keep offline) is the fixtures' suppliers, all or those chosen: the
 * copy then holds only their products, as the app's removal leaves it.
 */
export function createFakeCatalog(sources: FakeCatalogSources) {
  let choice: OfflineChoice = { keep: 'all' };
  const keeps = (supplierId: string) => keepsSupplier(choice, supplierId);
  let kept: readonly Product[] = fixtures.products;
  const choiceView = (): OfflineChoiceView => {
    const suppliers = fixtures.suppliers.map((supplier) => ({
      id: supplier.id,
      name: supplier.name,
      products: supplier.total_products,
      kept: keeps(supplier.id),
      estimatedBytes: supplier.total_products * BYTES_PER_PRODUCT,
    }));
    const bytes = (list: typeof suppliers) => list.reduce((total, supplier) => total + supplier.estimatedBytes, 0);
    return {
      choice,
      suppliers,
      bytesPerProduct: BYTES_PER_PRODUCT,
      basis: 'stored',
      allBytes: bytes(suppliers),
      choiceBytes: bytes(suppliers.filter((supplier) => supplier.kept)),
      productsKept: kept.length,
    };
  };
  let host: ReturnType<typeof createOfflineHost> | null = null;

  function opened() {
    if (host) return host;
    const dataDir = mkdtempSync(path.join(process.env.TMPDIR ?? tmpdir(), 'caseworks-renderer-catalog-'));
    host = createOfflineHost({ dataDir });
    host.service(BASE_URL, 'writeCatalogPage', [1, null, kept.map(fixtures.toCatalogProduct)]);
    host.service(BASE_URL, 'finishCatalog', [1, sources.asOf]);
    host.service(BASE_URL, 'putProductDetails', [kept.map((detail) => ({ detail, etag: null, fetchedAt: sources.asOf }))]);
    return host;
  }

  const answer = async (baseUrl: string, op: string, ...args: unknown[]) => opened().service(baseUrl, op as never, args) as OfflineResult<never>;
  const database = { answer, service: (baseUrl: string, op: string, ...args: unknown[]) => valueOrFault(answer(baseUrl, op, ...args)) } as unknown as OfflineDatabase;
  const search = createSearchService(database);
  search.use(BASE_URL);
  const deps = {
    search,
    catalogAsOf: async () => sources.asOf,
    favouriteIds: sources.favouriteIds,
    searchCoverage: async () =>
      choice.keep === 'all'
        ? null
        : { suppliersKept: choice.supplierIds.length, productsKept: kept.length, productsInCatalog: fixtures.suppliers.reduce((total, supplier) => total + supplier.total_products, 0) },
    images: { localize: <T>(item: T) => item },
  } as unknown as CatalogHandlerDeps;
  /**
   * What the offline copy carries, as the offline worker would answer it (the sizes are the fake's
   * estimate: every product the same size); whether a choice names a supplier of the service, what
   * changing it answers and whether a sync starts are the app's handlers'.
   */
  const choices = {
    view: async () => choiceView(),
    async set(next: OfflineChoice) {
      const before = choiceView();
      const keptBefore = (supplierId: string) => keepsSupplier(before.choice, supplierId);
      choice = next;
      kept = fixtures.products.filter((item) => keeps(item.supplier.id));
      host?.close();
      host = null;
      const view = choiceView();
      return { view, removed: 0, freedBytes: Math.max(0, before.choiceBytes - view.choiceBytes), vacuumed: false, widened: fixtures.suppliers.some((supplier) => keeps(supplier.id) && !keptBefore(supplier.id)) };
    },
  };
  const handlers = {
    ...createCatalogHandlers(deps),
    // A pasted order's codes, matched by the same search (every product's details are stored).
    ...createPastedOrderHandlers({ ...deps, detailCoverage: async () => ({ stored: kept.length, catalog: kept.length }) } as unknown as PastedOrderHandlerDeps),
    // Online, a sync starts at once when the choice widens (the fake's sync always can).
    ...createOfflineChoiceHandlers({ choices, suppliers: async () => succeed(fixtures.suppliers), online: () => true, syncNow: () => true }),
  };
  const dispatcher = createDispatcher({ handlers: handlers as unknown as BridgeHandlers });
  const call = (method: keyof CatalogMethods) => (input: unknown) => dispatcher.dispatch(method, input);

  return {
    methods: {
      searchCatalog: call('searchCatalog'),
      lookupProductCode: call('lookupProductCode'),
      matchProductCodes: call('matchProductCodes'),
      getOfflineChoice: call('getOfflineChoice'),
      setOfflineChoice: call('setOfflineChoice'),
    } as CatalogMethods,
  };
}
