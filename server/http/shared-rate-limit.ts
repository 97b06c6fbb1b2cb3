import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RateLimitCounter } from '../store/rate-limits';
import { TtlCache } from './ttl-cache';

/** Requests counted per trip to the database: 1 for small limits (exact), up to 50 for large ones. */
export function reservationSize(max: number): number {
  return Math.max(1, Math.min(50, Math.floor(max / 100)));
}

/** The numbers this instance has reserved for a key in the key's current window. */
interface Reservation {
  next: number;
  last: number;
  windowEndsAt: number;
}

export interface SharedRateLimitOptions {
  now?: () => number;
  /** Keys remembered at once (each with its reservation). */
  maxKeys?: number;
}

/**
 * A store for @fastify/rate-limit that counts in the database, so several instances of the service
 * on one PostgreSQL share one limit per key. Each instance reserves a run of numbers at a time
 * (`reservationSize`) and hands them out to requests, so a busy key costs one database statement
 * per run rather than per request; the price is that numbers an instance reserved but did not
 * use by the end of a window are lost, so a key may get up to instances × (run − 1) fewer
 * requests than the limit in a window, never more. Once a key is over its limit the instance
 * answers 429 by itself until the window ends.
 */
export function sharedRateLimitStore(counter: RateLimitCounter, options: SharedRateLimitOptions = {}): FastifyRateLimitStoreCtor {
  const now = options.now ?? Date.now;
  const maxKeys = options.maxKeys ?? 10_000;
  return class SharedRateLimitStore implements FastifyRateLimitStore {
    private readonly reservations = new TtlCache<Reservation>(maxKeys, Number.POSITIVE_INFINITY, now);
    private readonly pending = new Map<string, Promise<void>>();

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number, max: number): void {
      this.take(key, timeWindow, max).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }

    private async take(key: string, windowMs: number, max: number): Promise<{ current: number; ttl: number }> {
      for (;;) {
        const reservation = this.reservations.get(key);
        const at = now();
        if (reservation && at < reservation.windowEndsAt) {
          const ttl = reservation.windowEndsAt - at;
          if (reservation.next > max) return { current: reservation.next, ttl };
          if (reservation.next <= reservation.last) return { current: reservation.next++, ttl };
        }
        // One reservation per key at a time; the requests that waited for it then take from it.
        let reserving = this.pending.get(key);
        if (!reserving) {
          reserving = this.reserve(key, windowMs, reservationSize(max)).finally(() => this.pending.delete(key));
          this.pending.set(key, reserving);
        }
        await reserving;
      }
    }

    private async reserve(key: string, windowMs: number, size: number): Promise<void> {
      const hit = await counter.hit(key, windowMs, size);
      this.reservations.set(key, { next: hit.count - size + 1, last: hit.count, windowEndsAt: now() + hit.ttlMs });
    }
  };
}
