/** What a response says about the caller's rate limit: requests left, and when the window starts again. */
export interface RateLimitReading {
  remaining: number;
  /** Milliseconds from the response until the window resets. */
  resetMs: number;
  limit: number | null;
}

/** Windows longer than this are not believed (a header claiming a day-long window is broken, not a plan). */
export const MAX_BELIEVED_RESET_MS = 10 * 60_000;
/** A reset this large is a Unix time in seconds (`X-RateLimit-Reset: 1767225600`, GitHub's form), not a delay. */
const EPOCH_SECONDS_FROM = 1_000_000_000;

type HeaderSource = { get(name: string): string | null };

function nonNegativeInteger(value: string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const text = value.trim();
  if (!/^\d{1,12}$/.test(text)) return null;
  return Number(text);
}

/** `RateLimit: limit=100, remaining=50, reset=5` (draft 03–06) or `"default";r=50;t=5` (draft 07+). */
function combinedField(value: string | null): { remaining: string | null; reset: string | null; limit: string | null } | null {
  if (value === null) return null;
  const params = new Map<string, string>();
  for (const part of value.split(/[;,]/)) {
    const match = /^\s*([a-z]+)\s*=\s*"?([^"\s]*)"?\s*$/i.exec(part);
    if (match) params.set(match[1]!.toLowerCase(), match[2]!);
  }
  const remaining = params.get('remaining') ?? params.get('r') ?? null;
  const reset = params.get('reset') ?? params.get('t') ?? null;
  if (remaining === null || reset === null) return null;
  return { remaining, reset, limit: params.get('limit') ?? null };
}

/**
 * Reads the rate-limit fields of a response: `RateLimit-Remaining`/`-Reset`/`-Limit` (IETF draft
 * as @fastify/rate-limit sends them), the combined `RateLimit` field of later drafts, or
 * `X-RateLimit-*`. Returns null when they are missing, malformed, negative, absurdly large or
 * contradictory (more remaining than the limit): the caller then behaves as if none were sent.
 */
export function readRateLimit(headers: HeaderSource, nowMs: number): RateLimitReading | null {
  const candidates = [
    { remaining: headers.get('ratelimit-remaining'), reset: headers.get('ratelimit-reset'), limit: headers.get('ratelimit-limit') },
    combinedField(headers.get('ratelimit')),
    { remaining: headers.get('x-ratelimit-remaining'), reset: headers.get('x-ratelimit-reset'), limit: headers.get('x-ratelimit-limit') },
  ];
  for (const candidate of candidates) {
    if (!candidate || candidate.remaining === null || candidate.reset === null) continue;
    const remaining = nonNegativeInteger(candidate.remaining);
    const reset = nonNegativeInteger(candidate.reset);
    const limit = candidate.limit === null ? null : nonNegativeInteger(candidate.limit);
    if (remaining === null || reset === null) return null;
    if (candidate.limit !== null && (limit === null || remaining > limit)) return null;
    const resetMs = reset >= EPOCH_SECONDS_FROM ? reset * 1000 - nowMs : reset * 1000;
    if (resetMs < 0 || resetMs > MAX_BELIEVED_RESET_MS) return null;
    return { remaining, resetMs, limit };
  }
  return null;
}

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
