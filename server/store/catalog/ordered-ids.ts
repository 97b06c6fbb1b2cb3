/** Ids kept at once across all listings: about 30 MB at most (50,000 ids is one unfiltered listing). */
export const DEFAULT_MAX_CACHED_IDS = 400_000;

/**
 * The ordered ids of catalog listings (one filter and sort), each tied to the catalog version it
 * was read at. A page is then the ids at its offset, loaded by primary key: a deep page costs the
 * same as the first, and the total is the list's length, so no page counts the table again.
 *
 * Keys must include the catalog stamp read BEFORE the ids (see catalogStamp): the ids are then at
 * least as new as the stamp, and any later change bumps the stamp, so an entry is never served
 * for a catalog it does not describe. Several instances on one database each keep their own
 * entries under the same stamps; nothing here depends on time.
 *
 * Concurrent requests for one key share one read (a first sync asks for every page at once).
 * Least recently used entries go first once more than `maxIds` ids are kept; a failed read is
 * not remembered.
 */
export class OrderedIdCache {
  private readonly entries = new Map<string, { ids: Promise<readonly string[]>; size: number }>();
  private keptIds = 0;

  constructor(private readonly maxIds: number = DEFAULT_MAX_CACHED_IDS) {}

  get(key: string, load: () => Promise<readonly string[]>): Promise<readonly string[]> {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.ids;
    }
    const entry = { ids: load(), size: 0 };
    this.entries.set(key, entry);
    entry.ids.then(
      (ids) => {
        if (this.entries.get(key) !== entry) return;
        entry.size = ids.length;
        this.keptIds += ids.length;
        this.evict(key);
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry.ids;
  }

  /** Entries kept (including reads in flight). */
  get size(): number {
    return this.entries.size;
  }

  private evict(newest: string): void {
    for (const [key, entry] of this.entries) {
      if (this.keptIds <= this.maxIds || key === newest) return;
      this.entries.delete(key);
      this.keptIds -= entry.size;
    }
  }
}

/**
 * One value per catalog version (the suppliers' product counts a product's detail shows): read
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
