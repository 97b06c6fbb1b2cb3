import { useQuery } from '@tanstack/react-query';
import type { Favourites } from '../../../shared/bridge';
import { useBridge } from '../../lib/bridgeContext';
import { dataOrThrow } from '../../lib/bridgeErrors';
import { queryKeys } from '../../lib/queryKeys';

/** The signed-in account's starred products (kept on this computer, so at hand offline). */
export function useFavourites() {
  return useFavouritesAs(asIs);
}

/** The starred products' ids as a set: what the stars ask, product by product. */
export function useFavouritesSet() {
  return useFavouritesAs(asSet);
}

/** Defined once, so TanStack Query builds the set once per answer, not once per caller's render. */
const asSet = (favourites: Favourites): ReadonlySet<string> => new Set(favourites.productIds);
const asIs = (favourites: Favourites) => favourites;

function useFavouritesAs<T>(select: (favourites: Favourites) => T) {
  const bridge = useBridge();
  return useQuery({ queryKey: queryKeys.favourites, queryFn: () => dataOrThrow(bridge.getFavourites({})), staleTime: Infinity, select });
}
