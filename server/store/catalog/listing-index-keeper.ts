import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { products } from '../../db/schema';
import { readListingIndex, type IndexReading, type ListingIndex } from './listing-index';

/** Rows per statement while requests are served: each statement holds PGlite (one at a time) for a few milliseconds. */
export const BACKGROUND_CHUNK_ROWS = 5_000;
/**
 * Rows per statement when nothing else waits (prepare, before the service takes requests). Kept
 * small for memory, not speed: each chunk's parsed rows then die young, where chunks of 100,000
 * outlived V8's young generation and left about 270 MB of garbage in the old one that nothing
 * collected while the service was idle, and grew PGlite's memory (which never shrinks) by 44 MB
 * more. Opening a million-product PGlite folder (load average 6): resident 5 s after ready 621 MB
 * with chunks of 100,000, 336 MB with 10,000, for the same CPU (24 s).
 */
export const PREPARE_CHUNK_ROWS = 10_000;
/** Up to this many products a request waits for the index to be read (tens of milliseconds) rather than reading its page from the table. */
export const SMALL_CATALOG = 50_000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface ListingIndexKeeperOptions {
  /** Up to this many products (the highest ordinal) a request waits for the index; default SMALL_CATALOG. */
  smallCatalog?: number;
  /** How an index is read (tests slow it down or hold it); default readListingIndex. */
  read?: (db: Database, reading: IndexReading) => Promise<ListingIndex | null>;
}

/**
 * Keeps the newest listings index (see ListingIndex) and reads the next one when the listings
 * change: one reading at a time, in the background for a large catalog (requests meanwhile read
 * their page from the table), awaited for a small one. A reading that fails or is overtaken by
 * another change is dropped; the next request that finds the index stale starts another.
 */
export class ListingIndexKeeper {
  private index: ListingIndex | null = null;
  private reading: Promise<ListingIndex | null> | null = null;
  private closed = false;

  private readonly smallCatalog: number;
  private readonly readIndex: NonNullable<ListingIndexKeeperOptions['read']>;

  constructor(
    private readonly db: Database,
    options: ListingIndexKeeperOptions = {},
  ) {
    this.smallCatalog = options.smallCatalog ?? SMALL_CATALOG;
    this.readIndex = options.read ?? readListingIndex;
  }

  /** The newest index read; whether it is still current is for the caller to check (its stamp). */
  get current(): ListingIndex | null {
    return this.index;
  }

  /**
   * Reads the index now in large chunks, before the service takes requests, unless one is `given`
   * (seeding made it: see listing-index-handover.ts); a given index stands only while its stamp is
   * the listings' version, as a read one. Never throws: without it, pages come from the table.
   */
  async prepare(given?: ListingIndex | null): Promise<void> {
    if (given) {
      if (!this.closed) this.index = given;
      return;
    }
    await this.read(PREPARE_CHUNK_ROWS).catch(() => null);
  }

  /**
   * Starts reading the index of the listings as they are now, unless a reading is under way. A
   * small catalog is waited for, and its index returned; a large one answers null at once.
   */
  async refresh(): Promise<ListingIndex | null> {
    const reading = this.read(BACKGROUND_CHUNK_ROWS);
    const size = this.index?.size ?? (await this.highestOrdinal().catch(() => Number.POSITIVE_INFINITY));
    if (size > this.smallCatalog) return null;
    return reading.catch(() => null);
  }

  /** Stops any reading between two of its statements; the index is no longer replaced. */
  close(): void {
    this.closed = true;
  }

  /** The catalog's size before an index tells it: its highest ordinal (ordinals are dense but for removals). */
  private async highestOrdinal(): Promise<number> {
    const [row] = await this.db.select({ top: sql<number | null>`max(${products.ordinal})` }).from(products);
    return Number(row?.top ?? 0);
  }

  private read(chunkRows: number): Promise<ListingIndex | null> {
    if (this.reading) return this.reading;
    const reading = this.readIndex(this.db, { chunkRows, between: nextTurn, stopped: () => this.closed })
      .then((index) => {
        if (index && !this.closed) this.index = index;
        return index;
      })
      .finally(() => {
        if (this.reading === reading) this.reading = null;
      });
    // A reading nobody waits for must not fail loudly: the next stale page starts another.
    reading.catch(() => undefined);
    this.reading = reading;
    return reading;
  }
}
