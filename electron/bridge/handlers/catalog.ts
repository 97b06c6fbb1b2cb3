import type { CatalogSearchInput, CatalogSearchResult } from '../../../shared/bridge/search';
import type { CatalogProduct } from '../../../shared/schemas';
import { succeed } from '../../core/failure';
import type { HandlerGroup } from '../handler-types';
import type { ReadContext } from './read-context';
import { callService, freshOrCached } from './service-calls';

export interface CatalogHandlerDeps extends ReadContext {
  search: {
    search(input: CatalogSearchInput, onlyIds?: readonly string[]): Promise<CatalogSearchResult>;
    lookupCode(code: string): Promise<CatalogProduct | null>;
  };
  /** When the cached catalog was last confirmed by the service; null if never synced. */
  catalogAsOf(): Promise<string | null>;
  /** The signed-in account's starred products, for the "Favourites" filter (none when nobody is signed in). */
  favouriteIds?(): Promise<readonly string[]>;
}

/** The catalog is searched locally (the offline copy in the search worker); one product is read fresh when possible. */
export function createCatalogHandlers(deps: CatalogHandlerDeps) {
  return {
    async searchCatalog(input) {
      const onlyIds = input.favouritesOnly ? ((await deps.favouriteIds?.()) ?? []) : undefined;
      const result = await deps.search.search(input, onlyIds);
      return succeed({ ...result, items: result.items.map((item) => deps.images.localize(item)) });
    },
    async lookupProductCode({ code }) {
      const [product, asOf] = await Promise.all([deps.search.lookupCode(code), deps.catalogAsOf()]);
      return succeed({ product: product ? deps.images.localize(product) : null, freshness: { asOf, fromCache: true } });
    },
    async getProduct({ id }) {
      const read = await freshOrCached({
        online: deps.online(),
        live: async () => {
          const product = await callService(deps.client(), 'getProduct', { params: { id } });
          if (product.ok) await deps.offline.keepProductDetail(product.data);
          return product;
        },
        cached: () => deps.offline.productDetail(id),
        now: deps.now,
      });
      if (!read.ok) return read;
      return succeed({ data: deps.images.localize(read.data.data), freshness: read.data.freshness });
    },
  } satisfies HandlerGroup<'searchCatalog' | 'lookupProductCode' | 'getProduct'>;
}
