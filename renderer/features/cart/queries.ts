import { useQueries } from '@tanstack/react-query';
import type { CatalogProduct } from '../../../shared/schemas';
import { useBridge } from '../../lib/bridgeContext';
import { dataOrThrow } from '../../lib/bridgeErrors';
import { queryKeys } from '../../lib/queryKeys';

/**
 * How many of a supplier's in-stock wines the free-shipping hint looks through, most expensive
 * first (they reach the threshold in the fewest cases); the search's own ceiling.
 */
const HINT_CANDIDATES = 500;

export interface FreeShippingWines {
  /** The buyer's starred wines of the supplier, in stock. */
  favourites: CatalogProduct[];
  /** All of the supplier's wines in stock (the favourites among them). */
  catalog: CatalogProduct[];
  pending: boolean;
}

/** The wines the free-shipping hint may suggest for one supplier, from the offline copy; nothing is read while `enabled` is false. */
export function useFreeShippingWines(supplierId: string, enabled: boolean): FreeShippingWines {
  const bridge = useBridge();
  const search = (favouritesOnly: boolean) => ({
    queryKey: queryKeys.freeShippingCandidates(supplierId, favouritesOnly),
    queryFn: () =>
      dataOrThrow(bridge.searchCatalog({ supplierId, inStock: true, sort: 'price_desc', limit: HINT_CANDIDATES, ...(favouritesOnly ? { favouritesOnly: true } : {}) })),
    enabled,
  });
  return useQueries({
    queries: [search(true), search(false)],
    combine: ([favourites, catalog]) => ({
      favourites: favourites?.data?.items ?? [],
      catalog: catalog?.data?.items ?? [],
      pending: Boolean(favourites?.isPending || catalog?.isPending),
    }),
  });
}
