import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useBridge } from '../../lib/bridgeContext';
import { dataOrThrow } from '../../lib/bridgeErrors';
import { queryKeys } from '../../lib/queryKeys';

/** A change to one product's star. */
export interface FavouriteChange {
  productId: string;
  favourite: boolean;
}

/** The key of every star's change, so a list can tell which products' changes are under way (`useFavouriteStars`). */
export const FAVOURITE_CHANGE_KEY = ['setFavourite'] as const;

/** Stars or unstars a product; a catalog filtered by favourites is searched again. */
export function useSetFavourite() {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: FAVOURITE_CHANGE_KEY,
    mutationFn: (input: FavouriteChange) => dataOrThrow(bridge.setFavourite(input)),
    onSuccess: (favourites) => {
      queryClient.setQueryData(queryKeys.favourites, favourites);
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] === 'catalog' && (query.queryKey[1] as { favouritesOnly?: boolean } | undefined)?.favouritesOnly === true,
      });
    },
  });
}
