import type { LastOrdered } from '../../../shared/bridge';
import type { CatalogProduct } from '../../../shared/schemas';
import type { FavouriteStars } from '../favourites/useFavouriteStars';

/** What a result's card or table row shows, apart from its place in the list. */
export interface ResultContentProps {
  product: CatalogProduct;
  last: LastOrdered | undefined;
  stars: FavouriteStars;
  addToCart: (product: CatalogProduct) => unknown;
}

/**
 * Whether a result shows the same as before: the same product with the same facts, and the same
 * last order, stars and cart. Each search's answer is new objects, so the product compares by
 * value: the cards and rows of products that stay where they were are not rendered again for a
 * keystroke's results.
 */
export function sameResult(before: ResultContentProps, after: ResultContentProps): boolean {
  return before.last === after.last && before.stars === after.stars && before.addToCart === after.addToCart && sameFields(before.product, after.product);
}

/** Equal by value: the same keys with equal values, nested objects (the supplier) alike. */
function sameFields(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) || Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  return keys.every((key) => Object.hasOwn(right, key) && sameFields(left[key], right[key]));
}
