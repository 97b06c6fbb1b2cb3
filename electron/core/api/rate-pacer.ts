import type { RateLimitReading } from './rate-limit-headers';

/** Slack after a window's announced end before its first request: the reset is announced in whole seconds. */
const RESET_SLACK_MS = 250;

export interface RatePacerOptions {
  now: () => number;
  /** No request is ever held longer than this, whatever the service says. */
  maxDelayMs: number;
}

/**
 * Spaces the requests of one client so that a steady download stays just under the service's
 * limit instead of running into 429 and its Retry-After. After each response it knows how many
 * requests are left until the window resets; each request then takes the next start slot, the
 * time left divided evenly among the requests left (those already under way count as spent).
 * With nothing read from the service (no or unbelievable headers) it holds nothing: the client's
 * behaviour without pacing.
 */
export class RatePacer {
  private remaining = 0;
  private resetAt = 0;
  private known = false;
  private nextStartAt = 0;
  private inFlight = 0;
  private holdUntil = 0;

  constructor(private readonly options: RatePacerOptions) {}

  /** How long the next request waits before it starts; counts it as under way. Call `finished` when its response is read. */
  reserve(): number {
    const now = this.options.now();
    let startAt = Math.max(now, this.holdUntil);
    if (this.known && startAt < this.resetAt + RESET_SLACK_MS) {
      const left = this.remaining - this.inFlight;
      if (left <= 0) {
        startAt = Math.max(startAt, this.resetAt + RESET_SLACK_MS);
      } else {
        startAt = Math.max(startAt, this.nextStartAt);
        this.nextStartAt = startAt + Math.max(0, this.resetAt - startAt) / left;
      }
    }
    this.inFlight += 1;
    return Math.min(this.options.maxDelayMs, Math.max(0, startAt - now));
  }

  /** One reserved request is over; `reading` is what its response said, if anything believable. */
  finished(reading: RateLimitReading | null): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    if (reading === null) return;
    const now = this.options.now();
    const resetAt = now + reading.resetMs;
    // A response counted before others that finished first may carry an older, higher count.
    if (this.known && Math.abs(resetAt - this.resetAt) < 1_000 && reading.remaining > this.remaining) return;
    this.known = true;
    this.remaining = reading.remaining;
    this.resetAt = resetAt;
  }

  /** A 429's Retry-After: every request waits it out (up to the maximum), not only the one refused. */
  retryAfter(ms: number): void {
    this.holdUntil = Math.max(this.holdUntil, this.options.now() + Math.min(ms, this.options.maxDelayMs));
  }
}
