/** A listing's products in order, as their ordinals (products.ordinal); a page is a slice of it. */
export interface OrderedOrdinals {
  readonly length: number;
  slice(start: number, end: number): ArrayLike<number>;
}

/** Ordinals kept at once across all listings: 4 bytes each, 8 MB at most. */
export const DEFAULT_MAX_CACHED_IDS = 2_000_000;

/**
 * The ordered ids of catalog listings (one filter and sort), as product ordinals, each tied to
 * the listings' stamp it was read under (listingStamp): one entry per listing, the newest read.
 * A page is then the ordinals at its offset, loaded by the ordinal's index: a deep page costs the
 * same as the first, and the total is the list's length, so no page counts the table.
 *
 * The stamp must be read BEFORE the ids (see catalogStamp): the ids are then at least as new as
 * the stamp, and any later change of the listings bumps the stamp, so an entry is used only for
 * the listings it describes. Several instances on one database each keep their own entries under the same
 * stamps; nothing here depends on time.
 *
 * Concurrent requests for one listing and stamp share one read (a first sync asks for every page
 * at once). Least recently used listings go first once more than `maxIds` ids are kept; a failed
 * read is not remembered.
 */
export class OrderedIdCache {
  private readonly entries = new Map<string, { stamp: string; ids: Promise<OrderedOrdinals>; size: number }>();
  private keptIds = 0;

  constructor(private readonly maxIds: number = DEFAULT_MAX_CACHED_IDS) {}

  /** The ids of `listing` read under `stamp`: kept ones, or `load`ed (replacing those of another stamp). */
  get(listing: string, stamp: string, load: () => Promise<OrderedOrdinals>): Promise<OrderedOrdinals> {
    const hit = this.latest(listing);
    if (hit?.stamp === stamp) return hit.ids;
    this.forget(listing);
    const entry = { stamp, ids: load(), size: 0 };
    this.entries.set(listing, entry);
    entry.ids.then(
      (ids) => {
        if (this.entries.get(listing) !== entry) return;
        entry.size = ids.length;
        this.keptIds += ids.length;
        this.evict(listing);
      },
      () => {
        if (this.entries.get(listing) === entry) this.entries.delete(listing);
      },
    );
    return entry.ids;
  }

  /**
   * The newest ids kept for `listing` and the stamp they were read under, to be used only once
   * the catalog is seen to be still at that stamp.
   */
  latest(listing: string): { stamp: string; ids: Promise<OrderedOrdinals> } | undefined {
    const hit = this.entries.get(listing);
    if (hit) {
      this.entries.delete(listing);
      this.entries.set(listing, hit);
    }
    return hit;
  }

  /** Listings kept (including reads in flight). */
  get size(): number {
    return this.entries.size;
  }

  private forget(listing: string): void {
    const entry = this.entries.get(listing);
    if (!entry) return;
    this.entries.delete(listing);
    this.keptIds -= entry.size;
  }

  private evict(newest: string): void {
    for (const [listing, entry] of this.entries) {
      if (this.keptIds <= this.maxIds || listing === newest) return;
      this.entries.delete(listing);
      this.keptIds -= entry.size;
    }
  }
}

/**
 * One value per listings' version (the suppliers' product counts a product's detail shows): read
 * again only when the stamp differs from the one it was read under. The stamp must be read before
 * the value, as for OrderedIdCache.
 */
export class VersionedValue<T> {
  private current: { stamp: string; value: Promise<T> } | null = null;

  get(stamp: string, load: () => Promise<T>): Promise<T> {
    if (this.current?.stamp === stamp) return this.current.value;
    const entry = { stamp, value: load() };
    this.current = entry;
    entry.value.catch(() => {
      if (this.current === entry) this.current = null;
    });
    return entry.value;
  }
}
