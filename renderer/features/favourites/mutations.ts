import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useBridge } from '../../lib/bridgeContext';
import { dataOrThrow } from '../../lib/bridgeErrors';
import { queryKeys } from '../../lib/queryKeys';

/** Stars or unstars a product; a catalog filtered by favourites is searched again. */
export function useSetFavourite() {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { productId: string; favourite: boolean }) => dataOrThrow(bridge.setFavourite(input)),
    onSuccess: (favourites) => {
      queryClient.setQueryData(queryKeys.favourites, favourites);
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] === 'catalog' && (query.queryKey[1] as { favouritesOnly?: boolean } | undefined)?.favouritesOnly === true,
      });
    },
  });
}
