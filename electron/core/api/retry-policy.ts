/** How long to wait between attempts: exponential growth, capped, with full jitter. */
export interface BackoffOptions {
  baseDelayMs: number;
  maxDelayMs: number;
  /** A number in [0, 1), e.g. Math.random. */
  random: () => number;
}

/**
 * Full jitter ("Exponential Backoff And Jitter", AWS Architecture Blog): a uniformly random
 * delay between 0 and min(max, base · 2^(retry−1)), so many clients retrying together spread out.
 * `retry` counts from 1 for the first retry.
 */
export function backoffDelayMs(retry: number, options: BackoffOptions): number {
  const exponent = Math.max(0, retry - 1);
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.min(exponent, 30));
  const fraction = Math.min(Math.max(options.random(), 0), 1);
  return Math.floor(fraction * ceiling);
}

/**
 * Reads `Retry-After` as delay-seconds or as an HTTP date. Returns milliseconds from `nowMs`,
 * or null when the header is absent or unreadable. A date in the past means "now" (0).
 */
export function parseRetryAfter(value: string | null, nowMs: number): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d{1,10}$/.test(text)) return Number(text) * 1000;
  if (!/[a-z]/i.test(text)) return null;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - nowMs);
}
