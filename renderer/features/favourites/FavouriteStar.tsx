import { memo } from 'react';
import { errorMessage } from '../../lib/bridgeErrors';
import { useFavouriteStars, type FavouriteStars } from './useFavouriteStars';

/** A star that toggles a product in the account's favourites (a product's or an order's screen). */
export function FavouriteStar({ productId, name }: { productId: string; name: string }) {
  const stars = useFavouriteStars();
  return <FavouriteStarButton stars={stars} productId={productId} name={name} />;
}

/**
 * The star of a list's row: the list reads the favourites and holds the toggle once
 * (`useFavouriteStars`) and gives them to every row, instead of a query and a mutation
 * subscription in every row rendered again for every keystroke's results.
 */
export const FavouriteStarButton = memo(function FavouriteStarButton({ stars, productId, name }: { stars: FavouriteStars; productId: string; name: string }) {
  const starred = stars.starred?.has(productId) ?? false;
  const error = stars.failed.get(productId) ?? null;
  return (
    <button
      type="button"
      className="favourite-star"
      aria-pressed={starred}
      aria-label={`Favourite: ${name}`}
      title={error ? `Not changed: ${errorMessage(error)}` : starred ? 'In your favourites' : 'Add to your favourites'}
      disabled={!stars.starred || stars.pending.has(productId)}
      onClick={() => stars.toggle(productId, !starred)}
    >
      {starred ? '★' : '☆'}
    </button>
  );
});
