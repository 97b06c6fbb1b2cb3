import { ListingIndex } from '../../../server/store/catalog/listing-index';

/** A listings index of `size` products (ordinals 1…size) of two suppliers, every order the ordinals' own. */
export function listingIndexOf(size: number): ListingIndex {
  const ordinals = Int32Array.from({ length: size }, (_, index) => index + 1);
  const codes = (pick: (ordinal: number) => number) => Uint16Array.from({ length: size + 1 }, (_, ordinal) => (ordinal === 0 ? 0 : pick(ordinal)));
  return new ListingIndex(
    'v1',
    { supplierId: codes((ordinal) => 1 + (ordinal % 2)), varietal: codes(() => 1), region: codes(() => 1), country: codes(() => 1) },
    { supplierId: new Map([['supplier-a', 1], ['supplier-b', 2]]), varietal: new Map([['merlot', 1]]), region: new Map([['napa', 1]]), country: new Map([['usa', 1]]) },
    { name: ordinals, price: ordinals, created: ordinals },
  );
}
