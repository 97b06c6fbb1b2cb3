import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CaseworksBridge, SearchCoverage } from '../../../shared/bridge';
import type { Product } from '../../../shared/schemas';
import { createDispatcher } from '../../../electron/bridge/dispatcher';
import type { BridgeHandlers } from '../../../electron/bridge/handler-types';
import { createCatalogHandlers, type CatalogHandlerDeps } from '../../../electron/bridge/handlers/catalog';
import { valueOrFault, type OfflineDatabase, type OfflineResult } from '../../../electron/core/offline/offline-database';
import { createOfflineHost } from '../../../electron/core/offline/offline-host';
import { createSearchService } from '../../../electron/core/search/search-service';
import { toCatalogProduct } from './fixtures';

const BASE_URL = 'http://127.0.0.1:4555/api/v1';

export interface FakeCatalogSources {
  /** When the catalog was saved (its freshness). */
  asOf: string;
  /** The starred products, for the Favourites filter. */
  favouriteIds(): Promise<readonly string[]>;
  /** What searches cover while only chosen suppliers are kept offline. */
  searchCoverage(): Promise<SearchCoverage | null>;
}

type CatalogMethods = Pick<CaseworksBridge, 'searchCatalog' | 'lookupProductCode'>;

/**
 * The catalog's search as the app answers it: the offline worker's host (electron/core/offline/offline-host.ts)
 * run in-process over a database in a temporary folder, the real search service and its bridge
 * handlers behind the real dispatcher. The products (with their details: country, SKU, UPC) are
 * written as the sync writes them, so what a search finds, its facets, sorts and code lookups are
 * the app's own and this fake cannot drift from them. Written on the first search.
 */
export function createFakeCatalog(sources: FakeCatalogSources) {
  let kept: readonly Product[] = [];
  let host: ReturnType<typeof createOfflineHost> | null = null;

  function opened() {
    if (host) return host;
    const dataDir = mkdtempSync(path.join(process.env.TMPDIR ?? tmpdir(), 'caseworks-renderer-catalog-'));
    host = createOfflineHost({ dataDir });
    host.service(BASE_URL, 'writeCatalogPage', [1, null, kept.map(toCatalogProduct)]);
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
    searchCoverage: sources.searchCoverage,
    images: { localize: <T>(item: T) => item },
  } as unknown as CatalogHandlerDeps;
  const handlers = createCatalogHandlers(deps);
  const dispatcher = createDispatcher({ handlers: handlers as unknown as BridgeHandlers });
  const call = (method: keyof CatalogMethods) => (input: unknown) => dispatcher.dispatch(method, input);

  return {
    methods: { searchCatalog: call('searchCatalog'), lookupProductCode: call('lookupProductCode') } as CatalogMethods,
    /** The products in the offline copy (only the kept suppliers' while a choice holds): written again at the next search. */
    keep(products: readonly Product[]) {
      kept = products;
      host?.close();
      host = null;
    },
  };
}
