import type { Store } from '../types';
import type { ChangeCursor } from './change-cursor';
import type { ListingIndex } from './listing-index';
import { WARM_UP_CATALOG, type WarmedPages, type WarmUp } from './listing-warm-up';

/** Change-feed pages a store on PGlite reads before the service takes requests (see warmUpFeed). */
export const FEED_WARM_UP_PAGES = 10;

/** Entries a warm-up page asks for: as many as the desktop app asks a page. */
export const FEED_WARM_UP_LIMIT = 250;

export const FEED_PAGES: WarmedPages = { name: 'change feed', pages: 'feed pages' };

/**
 * Reads the feed's first `pages` pages from the start, as a client's bootstrap does, the answers
 * dropped. As with the listings (listing-warm-up.ts), a freshly opened PGlite runs the feed's
 * statement as baseline WebAssembly until it has run hot: at a million products the first 1 %
 * change read after the service started cost it 1.5–2.2 s of CPU and the same read again 0.7–1.3 s
 * (docs/benchmarks.md, "The change feed's first pages after a start"). Reading a few pages before
 * the service is ready moves that cost to its start. Nothing for a catalog under `smallestCatalog`
 * products, or without an index; a failed page ends the warm-up, said as the listings' is.
 */
export async function warmUpFeed(
  store: Pick<Store, 'catalogChanges'>,
  index: ListingIndex | null,
  { pages = FEED_WARM_UP_PAGES, smallestCatalog = WARM_UP_CATALOG }: { pages?: number; smallestCatalog?: number } = {},
): Promise<WarmUp> {
  if (index === null || index.size < smallestCatalog) return { pagesRead: 0, failure: null };
  let since: ChangeCursor | null = null;
  let read = 0;
  try {
    while (read < pages) {
      const page = await store.catalogChanges(since, FEED_WARM_UP_LIMIT);
      read += 1;
      const last = page.kind === 'page' ? page.entries.at(-1) : undefined;
      if (page.kind !== 'page' || !page.hasMore || !last) break;
      since = { catalog: page.catalog, startXid: page.startXid, ...last.position };
    }
  } catch (error) {
    return { pagesRead: read, failure: error };
  }
  return { pagesRead: read, failure: null };
}
