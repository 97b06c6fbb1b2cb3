import type { CatalogSearchInput, CatalogSearchResult } from '../../../shared/bridge/search';
import type { SearchCoverage } from '../../../shared/bridge/offline-choice';
import type { CatalogProduct } from '../../../shared/schemas';
import { failWith, succeed, type Outcome } from '../../core/failure';
import type { HandlerGroup } from '../handler-types';
import type { ReadContext } from './read-context';
import { callService, freshOrCached, isUnreachable } from './service-calls';
import { PRODUCT_NOT_CARRIED } from '../../core/offline/offline-choice-service';

export interface CatalogHandlerDeps extends ReadContext {
  search: {
    /** A refusal of the offline copy (a full disk, a copy set aside) is the search's Failure (offline-refusal.ts). */
    search(input: CatalogSearchInput, onlyIds?: readonly string[]): Promise<Outcome<CatalogSearchResult>>;
    /** A keystroke's search: null when a newer keystroke's replaced it before it ran (search-service.ts). */
    searchAsTyped(input: CatalogSearchInput, onlyIds?: readonly string[]): Promise<Outcome<CatalogSearchResult> | null>;
    lookupCode(code: string): Promise<Outcome<CatalogProduct | null>>;
  };
  /** When the cached catalog was last confirmed by the service; null if never synced. */
  catalogAsOf(): Promise<string | null>;
  /** The signed-in account's starred products, for the "Favourites" filter (none when nobody is signed in). */
  favouriteIds?(): Promise<readonly string[]>;
  /** What searches cover when only chosen suppliers are kept offline (null: the whole catalog). */
  searchCoverage?(): Promise<SearchCoverage | null>;
  /** Reads the offline catalog's search index unless it was read: true when this call read it. */
  readSearchIndex?(): Promise<boolean>;
}

/** The catalog is searched locally (the offline copy in the search worker); one product is read fresh when possible. */
export function createCatalogHandlers(deps: CatalogHandlerDeps) {
  return {
    async searchCatalog(input) {
      // Asked of the offline worker before the search, which answers one call at a time in order:
      // the coverage is answered while the search runs, and the search's answer, the last to come,
      // is sent on at once (asked after it, the coverage cost one more wait for the worker).
      const covering = deps.searchCoverage?.() ?? null;
      const searching = (async () => {
        const onlyIds = input.favouritesOnly ? ((await deps.favouriteIds?.()) ?? []) : undefined;
        // The search box's first page, one per keystroke: a newer keystroke's search replaces it while it waits.
        const typed = input.asYouType === true && input.offset === 0;
        return typed ? deps.search.searchAsTyped(input, onlyIds) : deps.search.search(input, onlyIds);
      })();
      const [result, coverage] = await Promise.all([searching, covering]);
      // Retryable: a page whose search was replaced no longer asks again; one that still shows it does.
      if (!result) return failWith('superseded', 'A newer search replaced this one before it ran.', true);
      if (!result.ok) return result;
      return succeed({ ...result.data, items: result.data.items.map((item) => deps.images.localize(item)), coverage });
    },
    async prepareSearch() {
      return succeed({ read: (await deps.readSearchIndex?.()) ?? false });
    },
    async lookupProductCode({ code }) {
      const [found, asOf] = await Promise.all([deps.search.lookupCode(code), deps.catalogAsOf()]);
      if (!found.ok) return found;
      const product = found.data;
      return succeed({ product: product ? deps.images.localize(product) : null, freshness: { asOf, fromCache: true } });
    },
    async getProduct({ id }) {
      const read = await freshOrCached({
        online: deps.online(),
        live: async () => {
          const product = await callService(deps.client(), 'getProduct', { params: { id } });
          // Best-effort: a copy that refuses to keep it (a full disk…) does not take the service's answer from the buyer.
          if (product.ok) await deps.offline.keepProductDetail(product.data);
          return product;
        },
        cached: () => deps.offline.productDetail(id),
        now: deps.now,
      });
      if (!read.ok) {
        // Not in the offline copy while only chosen suppliers are kept: most likely not carried, said so.
        if (isUnreachable(read.error) && (await deps.searchCoverage?.())) return failWith('offline', PRODUCT_NOT_CARRIED, true);
        return read;
      }
      return succeed({ data: deps.images.localize(read.data.data), freshness: read.data.freshness });
    },
  } satisfies HandlerGroup<'searchCatalog' | 'prepareSearch' | 'lookupProductCode' | 'getProduct'>;
}
