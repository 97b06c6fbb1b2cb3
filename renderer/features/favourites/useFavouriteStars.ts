import { useMemo } from 'react';
import { useSetFavourite } from './mutations';
import { useFavouritesSet } from './queries';

/** What a favourite star needs: the starred products, and the one toggle whose state it shows. */
export interface FavouriteStars {
  /** The starred products' ids; undefined until the favourites are read. */
  starred: ReadonlySet<string> | undefined;
  /** The product whose star is being changed. */
  pendingFor: string | null;
  /** The product whose star could not be changed, and why. */
  failedFor: string | null;
  error: unknown;
  toggle(productId: string, favourite: boolean): void;
}

/** The favourites and one toggle for a whole list (or one star): one query and one mutation subscription. */
export function useFavouriteStars(): FavouriteStars {
  const starred = useFavouritesSet().data;
  const { mutate, isPending, isError, error, variables } = useSetFavourite();
  const productId = variables?.productId ?? null;
  return useMemo(
    () => ({
      starred,
      pendingFor: isPending ? productId : null,
      failedFor: isError ? productId : null,
      error,
      toggle: (id: string, favourite: boolean) => mutate({ productId: id, favourite }),
    }),
    [starred, isPending, isError, error, productId, mutate],
  );
}
