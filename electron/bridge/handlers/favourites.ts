import type { FavouriteResult, FavouritesStore } from '../../core/favourites/favourites-store';
import { BridgeFailure } from '../bridge-failure';
import type { HandlerGroup } from '../handler-types';

export interface FavouritesHandlerDeps {
  /** The signed-in account's favourites; null when nobody is signed in. */
  favourites(): FavouritesStore | null;
}

function listOf(deps: FavouritesHandlerDeps): FavouritesStore {
  const list = deps.favourites();
  if (!list) throw new BridgeFailure('not_configured', 'Sign in to star products: favourites are kept per account.');
  return list;
}

function valueOf(result: FavouriteResult) {
  if (result.ok) return result.value;
  throw new BridgeFailure('invalid_input', result.refusal.message);
}

/** Starred products: on this computer, per account, offline or not. */
export function createFavouritesHandlers(deps: FavouritesHandlerDeps) {
  return {
    async getFavourites() {
      return listOf(deps).read();
    },
    async setFavourite({ productId, favourite }) {
      return valueOf(await listOf(deps).set(productId, favourite));
    },
  } satisfies HandlerGroup<'getFavourites' | 'setFavourite'>;
}
