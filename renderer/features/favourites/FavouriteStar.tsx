import { errorMessage } from '../../lib/bridgeErrors';
import { useSetFavourite } from './mutations';
import { useFavourites } from './queries';

/** A star that toggles a product in the account's favourites. */
export function FavouriteStar({ productId, name }: { productId: string; name: string }) {
  const favourites = useFavourites();
  const setFavourite = useSetFavourite();
  const starred = favourites.data?.productIds.includes(productId) ?? false;
  return (
    <button
      type="button"
      className="favourite-star"
      aria-pressed={starred}
      aria-label={`Favourite: ${name}`}
      title={setFavourite.isError ? `Not changed: ${errorMessage(setFavourite.error)}` : starred ? 'In your favourites' : 'Add to your favourites'}
      disabled={!favourites.data || setFavourite.isPending}
      onClick={() => setFavourite.mutate({ productId, favourite: !starred })}
    >
      {starred ? '★' : '☆'}
    </button>
  );
}
