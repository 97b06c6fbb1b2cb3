import { describe, expect, it } from 'vitest';
import { openStore } from '../../../server/store';
import { WARM_UP_PAGES } from '../../../server/store/catalog/listing-warm-up';
import { emptyStoreTarget } from './empty-target';

const serverUrl = process.env.DATABASE_URL;
const place = emptyStoreTarget('warm-up');

describe(`the store's warm-up as it opens on ${serverUrl ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('works out the filtered listings (both databases) and reads the listing pages (PGlite) from its threshold on, and nothing below it', { timeout: 180_000 }, async () => {
    const options = { ...place.target, catalogSize: 300, publicBaseUrl: () => 'http://127.0.0.1:1/api/v1' };
    const small = await openStore(options);
    expect(small.warmedUp).toEqual({ filterListings: 0, listingPages: 0 });
    await small.store.close();

    const warmed = await openStore({ ...options, warmUpCatalog: 300 });
    try {
      // Four filters alone and the last two together, each by name and by price descending.
      expect(warmed.warmedUp).toEqual({ filterListings: 10, listingPages: serverUrl ? 0 : WARM_UP_PAGES });
    } finally {
      await warmed.store.close();
    }
  });
});
