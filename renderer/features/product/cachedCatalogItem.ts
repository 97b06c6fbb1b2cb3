import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { CatalogSearchResult } from '../../../shared/bridge';
import type { CatalogProduct } from '../../../shared/schemas';

/** The product as a catalog list already showed it, for when its full detail cannot be read. */
export function cachedCatalogItem(queryClient: QueryClient, id: string): CatalogProduct | null {
  for (const [, data] of queryClient.getQueriesData<InfiniteData<CatalogSearchResult>>({ queryKey: ['catalog'] })) {
    for (const page of data?.pages ?? []) {
      const found = page.items?.find((item) => item.id === id);
      if (found) return found;
    }
  }
  return null;
}
