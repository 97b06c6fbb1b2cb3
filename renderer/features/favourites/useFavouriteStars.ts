import { useMutationState, type Mutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { FAVOURITE_CHANGE_KEY, useSetFavourite, type FavouriteChange } from './mutations';
import { useFavouritesSet } from './queries';

/** What a favourite star needs: the starred products, the changes under way or failed, and the toggle. */
export interface FavouriteStars {
  /** The starred products' ids; undefined until the favourites are read. */
  starred: ReadonlySet<string> | undefined;
  /** The products whose star is being changed. */
  pending: ReadonlySet<string>;
  /** The products whose last change failed, and why. */
  failed: ReadonlyMap<string, unknown>;
  toggle(productId: string, favourite: boolean): void;
}

interface ChangeState {
  productId: string;
  status: Mutation['state']['status'];
  error: unknown;
}

const changeState = (mutation: Mutation<unknown, Error, unknown>): ChangeState => ({
  productId: (mutation.state.variables as FavouriteChange).productId,
  status: mutation.state.status,
  error: mutation.state.error,
});

/**
 * The favourites and the star's toggle for a whole list (or one star): one query subscription, one
 * mutation, and the state of every star's change, product by product, from the mutation cache (a
 * second star pressed while the first's change is under way leaves the first disabled until its
 * change is answered).
 */
export function useFavouriteStars(): FavouriteStars {
  const starred = useFavouritesSet().data;
  const { mutate } = useSetFavourite();
  const changes = useMutationState({ filters: { mutationKey: FAVOURITE_CHANGE_KEY }, select: changeState });
  return useMemo(() => {
    const pending = new Set<string>();
    const failed = new Map<string, unknown>();
    // Oldest first: a product's last change decides what its star shows.
    for (const change of changes) {
      pending.delete(change.productId);
      failed.delete(change.productId);
      if (change.status === 'pending') pending.add(change.productId);
      if (change.status === 'error') failed.set(change.productId, change.error);
    }
    return { starred, pending, failed, toggle: (productId: string, favourite: boolean) => mutate({ productId, favourite }) };
  }, [starred, changes, mutate]);
}
