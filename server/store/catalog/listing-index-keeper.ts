import type { Database } from '../../db/database';
import { readListingIndex, type ListingIndex } from './listing-index';

/** Rows per statement while requests are served: each statement holds PGlite (one at a time) for a few milliseconds. */
export const BACKGROUND_CHUNK_ROWS = 5_000;
/** Rows per statement when nothing else waits (prepare, before the service takes requests). */
export const PREPARE_CHUNK_ROWS = 100_000;
/** Up to this many products a request waits for the index to be read (tens of milliseconds) rather than reading its page from the table. */
export const SMALL_CATALOG = 50_000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

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

  constructor(
    private readonly db: Database,
    private readonly smallCatalog = SMALL_CATALOG,
  ) {}

  /** The newest index read; whether it is still current is for the caller to check (its stamp). */
  get current(): ListingIndex | null {
    return this.index;
  }

  /** Reads the index now in large chunks, before the service takes requests. Never throws: without it, pages come from the table. */
  async prepare(): Promise<void> {
    await this.read(PREPARE_CHUNK_ROWS).catch(() => null);
  }

  /**
   * Starts reading the index of the listings as they are now, unless a reading is under way. A
   * catalog known to be small (or not known yet) is waited for, and its index returned; a large one
   * answers null at once.
   */
  async refresh(): Promise<ListingIndex | null> {
    const reading = this.read(BACKGROUND_CHUNK_ROWS);
    const known = this.index?.size;
    if (known !== undefined && known > this.smallCatalog) return null;
    return reading.catch(() => null);
  }

  /** Stops any reading between two of its statements; the index is no longer replaced. */
  close(): void {
    this.closed = true;
  }

  private read(chunkRows: number): Promise<ListingIndex | null> {
    if (this.reading) return this.reading;
    const reading = readListingIndex(this.db, { chunkRows, between: nextTurn, stopped: () => this.closed })
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
