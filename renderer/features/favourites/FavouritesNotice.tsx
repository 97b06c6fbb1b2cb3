import { useFavourites } from './queries';

/** Says when the favourites file had to be set aside (damaged or of another version). */
export function FavouritesNotice() {
  const favourites = useFavourites();
  return favourites.data?.problem ? (
    <p className="notice" role="status">
      {favourites.data.problem}
    </p>
  ) : null;
}
