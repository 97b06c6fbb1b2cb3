import type { FavouritesStore } from '../../core/favourites/favourites-store';
import { failWith, succeed, type Outcome } from '../../core/failure';
import { storeOutcome } from '../bridge-failure';
import type { HandlerGroup } from '../handler-types';

export interface FavouritesHandlerDeps {
  /** The signed-in account's favourites; null when nobody is signed in. */
  favourites(): FavouritesStore | null;
}

function listOf(deps: FavouritesHandlerDeps): Outcome<FavouritesStore> {
  const list = deps.favourites();
  return list ? succeed(list) : failWith('not_configured', 'Sign in to star products: favourites are kept per account.');
}

/** Starred products: on this computer, per account, offline or not. */
export function createFavouritesHandlers(deps: FavouritesHandlerDeps) {
  return {
    async getFavourites() {
      const list = listOf(deps);
      return list.ok ? succeed(await list.data.read()) : list;
    },
    async setFavourite({ productId, favourite }) {
      const list = listOf(deps);
      return list.ok ? storeOutcome(await list.data.set(productId, favourite)) : list;
    },
  } satisfies HandlerGroup<'getFavourites' | 'setFavourite'>;
}
