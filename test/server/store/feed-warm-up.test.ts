import { describe, expect, it } from 'vitest';
import type { ChangeCursor } from '../../../server/store/catalog/change-cursor';
import type { CatalogChangesRead } from '../../../server/store/catalog/change-feed';
import { FEED_PAGES, FEED_WARM_UP_LIMIT, warmUpFeed } from '../../../server/store/catalog/feed-warm-up';
import { warmUpNotice } from '../../../server/store/catalog/listing-warm-up';
import type { Store } from '../../../server/store/types';
import { listingIndexOf } from './listing-index-of';

/**
 * A feed of `entries` removals at positions (1, 1)…(1, entries), answered `limit` at a time after
 * the cursor asked with; records each cursor asked with (failing from the `failAt`th page on).
 */
function recordingFeed(entries: number, failAt = Number.POSITIVE_INFINITY) {
  const asked: Array<{ since: ChangeCursor | null; limit: number }> = [];
  const store: Pick<Store, 'catalogChanges'> = {
    catalogChanges: async (since, limit): Promise<CatalogChangesRead> => {
      if (asked.length >= failAt) throw new Error('the database went away');
      asked.push({ since, limit });
      const from = Number(since?.seq ?? 0n);
      const seqs = Array.from({ length: Math.max(0, Math.min(limit, entries - from)) }, (_, index) => from + index + 1);
      return {
        kind: 'page',
        catalog: 'c0ffee00c0ffee00',
        startXid: 7n,
        entries: seqs.map((seq) => ({ position: { xid: 1n, seq: BigInt(seq) }, change: { type: 'product.removed', id: `prod_${seq}` } })),
        hasMore: from + limit < entries,
      };
    },
  };
  return { store, asked };
}

describe('warmUpFeed', () => {
  it("reads the feed's first pages from the start, each from the last entry of the page before, as a client's bootstrap does", async () => {
    const { store, asked } = recordingFeed(10_000);
    expect(await warmUpFeed(store, listingIndexOf(1_000), { pages: 4, smallestCatalog: 1_000 })).toEqual({ pagesRead: 4, failure: null });
    expect(asked.map(({ since }) => since)).toEqual([
      null,
      ...[1, 2, 3].map((page) => ({ catalog: 'c0ffee00c0ffee00', startXid: 7n, xid: 1n, seq: BigInt(page * FEED_WARM_UP_LIMIT) })),
    ]);
    expect(asked.every(({ limit }) => limit === FEED_WARM_UP_LIMIT)).toBe(true);
  });

  it('stops at the end of the feed', async () => {
    const { store, asked } = recordingFeed(FEED_WARM_UP_LIMIT + 1);
    expect(await warmUpFeed(store, listingIndexOf(1_000), { pages: 10, smallestCatalog: 0 })).toEqual({ pagesRead: 2, failure: null });
    expect(asked).toHaveLength(2);
  });

  it('asks nothing of a small catalog, or without an index', async () => {
    const { store, asked } = recordingFeed(10_000);
    expect(await warmUpFeed(store, listingIndexOf(999), { pages: 4, smallestCatalog: 1_000 })).toEqual({ pagesRead: 0, failure: null });
    expect(await warmUpFeed(store, null, { pages: 4, smallestCatalog: 0 })).toEqual({ pagesRead: 0, failure: null });
    expect(asked).toHaveLength(0);
  });

  it('stops at the first page that fails, without failing, and the operator is told how far it went', async () => {
    const { store, asked } = recordingFeed(10_000, 2);
    const warmUp = await warmUpFeed(store, listingIndexOf(1_000), { pages: 10, smallestCatalog: 0 });
    expect(asked).toHaveLength(2);
    expect(warmUp.pagesRead).toBe(2);
    expect(warmUpNotice(warmUp, 10, FEED_PAGES)).toBe(
      'The change feed warm-up stopped after 2 of 10 pages (the database went away); the first feed pages asked will be slower.',
    );
  });
});
