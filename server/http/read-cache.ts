import { TtlCache } from './ttl-cache';
import { etagOf, ifNoneMatchMatches } from './etag';

/**
 * How long one reading of the catalog's version is trusted. It bounds how long a change committed
 * by another instance on the same database goes unseen here (docs/service-interface.md: within 1 s); the reading
 * is one indexed query of a few rows.
 */
export const DEFAULT_STAMP_TTL_MS = 250;

export interface CachedBody {
  /** The JSON, already encoded, so a hit costs no serialization or encoding. */
  bytes: Buffer;
  etag: string;
}

interface StampedBody extends CachedBody {
  /** The catalog stamp read before the body was loaded. */
  stamp: string;
}

export interface ReadCacheOptions {
  /** The store's catalog stamp (see Store.catalogStamp). */
  catalogStamp: () => Promise<string>;
  maxEntries?: number;
  ttlMs?: number;
  /** How long one reading of the stamp is trusted; bounds staleness from writers in other processes (default DEFAULT_STAMP_TTL_MS). */
  stampTtlMs?: number;
  /** Validators remembered for conditional requests: one per page or product a client may hold. */
  maxValidators?: number;
  now?: () => number;
}

/**
 * Serialized catalog responses (suppliers, products), shared by every caller: the catalog is the
 * same for all accounts. Every body is tagged with the catalog stamp read before it was loaded and
 * is served only while the stamp is unchanged; writes in this process drop everything at once.
 * Concurrent misses share one database read, which matters on PGlite, whose queries run on this
 * thread. Validators (ETag + stamp) outlive the bodies, so a client revalidating a page it holds
 * gets 304 without the page being queried again: that is what makes an unchanged re-sync cheap.
 */
export class ReadCache {
  private readonly entries: TtlCache<StampedBody>;
  private readonly validators: TtlCache<{ etag: string; stamp: string }>;
  private readonly inFlight = new Map<string, Promise<StampedBody | null>>();
  private readonly catalogStamp: () => Promise<string>;
  private readonly stampTtlMs: number;
  private readonly now: () => number;
  private generation = 0;
  private stampReading: { value: Promise<string>; readAt: number; generation: number } | null = null;

  constructor(options: ReadCacheOptions) {
    this.now = options.now ?? Date.now;
    this.entries = new TtlCache<StampedBody>(options.maxEntries ?? 500, options.ttlMs ?? 10_000, this.now);
    this.validators = new TtlCache(options.maxValidators ?? 120_000, 24 * 60 * 60 * 1000, this.now);
    this.catalogStamp = options.catalogStamp;
    this.stampTtlMs = options.stampTtlMs ?? DEFAULT_STAMP_TTL_MS;
  }

  /** The ETag to answer 304 with, when the client's copy of `key` is known to be current; else null. */
  async notModified(key: string, ifNoneMatch: string | undefined): Promise<string | null> {
    if (!ifNoneMatch) return null;
    const validator = this.validators.get(key);
    if (!validator || !ifNoneMatchMatches(ifNoneMatch, validator.etag)) return null;
    return validator.stamp === (await this.currentStamp()) ? validator.etag : null;
  }

  /** The body of `key`, loaded once per catalog stamp; null (never cached) when `load` finds nothing. */
  async get(key: string, load: () => Promise<unknown>): Promise<CachedBody | null> {
    const stamp = await this.currentStamp();
    const cached = this.entries.get(key);
    if (cached && cached.stamp === stamp) return cached;
    const flightKey = `${stamp}\u0000${key}`;
    const pending = this.inFlight.get(flightKey);
    if (pending) return pending;
    const generation = this.generation;
    const loading = load()
      .then((value) => {
        if (value === null) return null;
        const bytes = Buffer.from(JSON.stringify(value));
        const body = { bytes, etag: etagOf(bytes), stamp };
        if (generation === this.generation) {
          this.entries.set(key, body);
          this.validators.set(key, { etag: body.etag, stamp });
        }
        return body;
      })
      .finally(() => {
        if (this.inFlight.get(flightKey) === loading) this.inFlight.delete(flightKey);
      });
    this.inFlight.set(flightKey, loading);
    return loading;
  }

  /** Forgets everything, including reads that started before the change. */
  invalidate(): void {
    this.generation += 1;
    this.stampReading = null;
    this.entries.clear();
    this.validators.clear();
    this.inFlight.clear();
  }

  private currentStamp(): Promise<string> {
    const reading = this.stampReading;
    if (reading && reading.generation === this.generation && this.now() - reading.readAt < this.stampTtlMs) {
      return reading.value;
    }
    const generation = this.generation;
    const value = this.catalogStamp().then((stamp) => `${generation}|${stamp}`);
    // A failed reading is not remembered: the next request asks the store again.
    value.catch(() => {
      if (this.stampReading?.value === value) this.stampReading = null;
    });
    this.stampReading = { value, readAt: this.now(), generation };
    return value;
  }
}
