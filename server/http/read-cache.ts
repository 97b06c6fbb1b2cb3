import { TtlCache } from './ttl-cache';
import { etagOf } from './etag';

export interface CachedBody {
  /** The JSON, already encoded, so a hit costs no serialization or encoding. */
  bytes: Buffer;
  etag: string;
}

/**
 * Serialized catalog responses (suppliers, products), shared by every caller: the catalog is the
 * same for all accounts. Entries are dropped at once whenever this process changes stock (an order
 * is placed), so a buyer never sees inventory older than their own order; the time to live only
 * bounds staleness from writers outside this process. Concurrent misses share one database read,
 * which matters on PGlite, whose queries run on this thread.
 */
export class ReadCache {
  private readonly entries: TtlCache<CachedBody>;
  private readonly inFlight = new Map<string, Promise<CachedBody>>();
  private generation = 0;

  constructor(maxEntries = 500, ttlMs = 10_000) {
    this.entries = new TtlCache<CachedBody>(maxEntries, ttlMs);
  }

  async get(key: string, load: () => Promise<unknown>): Promise<CachedBody> {
    const cached = this.entries.get(key);
    if (cached) return cached;
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const loading = load()
      .then((value) => {
        const bytes = Buffer.from(JSON.stringify(value));
        const body = { bytes, etag: etagOf(bytes) };
        if (generation === this.generation) this.entries.set(key, body);
        return body;
      })
      .finally(() => {
        if (this.inFlight.get(key) === loading) this.inFlight.delete(key);
      });
    this.inFlight.set(key, loading);
    return loading;
  }

  /** Forgets everything, including reads that started before the change. */
  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
    this.inFlight.clear();
  }
}
