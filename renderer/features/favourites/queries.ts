import { useQuery } from '@tanstack/react-query';
import { useBridge } from '../../lib/bridgeContext';
import { dataOrThrow } from '../../lib/bridgeErrors';
import { queryKeys } from '../../lib/queryKeys';

/** The signed-in account's starred products (kept on this computer, so at hand offline). */
export function useFavourites() {
  const bridge = useBridge();
  return useQuery({ queryKey: queryKeys.favourites, queryFn: () => dataOrThrow(bridge.getFavourites({})), staleTime: Infinity });
}
