import { describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../electron/core/api';
import { readRateLimit, MAX_BELIEVED_RESET_MS } from '../../../electron/core/api/rate-pacer';
import { RatePacer } from '../../../electron/core/api/rate-pacer';
import type { Sleep } from '../../../electron/core/api/sleep';
import { TEST_KEY, account, json, problem } from './fixtures';

const NOW = Date.UTC(2026, 10, 22, 10, 0, 0);
const headersOf = (entries: Record<string, string>) => new Headers(entries);

describe('readRateLimit', () => {
  it.each<[string, Record<string, string>, { remaining: number; resetMs: number; limit: number | null } | null]>([
    ['the IETF draft fields', { 'ratelimit-limit': '100', 'ratelimit-remaining': '40', 'ratelimit-reset': '12' }, { remaining: 40, resetMs: 12_000, limit: 100 }],
    ['the combined field of drafts 03–06', { ratelimit: 'limit=100, remaining=7, reset=3' }, { remaining: 7, resetMs: 3_000, limit: 100 }],
    ['the structured field of draft 07+', { ratelimit: '"default";r=9;t=30' }, { remaining: 9, resetMs: 30_000, limit: null }],
    ['X-RateLimit-* with a delay', { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '59' }, { remaining: 0, resetMs: 59_000, limit: 60 }],
    ['X-RateLimit-Reset as a Unix time', { 'x-ratelimit-remaining': '5', 'x-ratelimit-reset': String(NOW / 1000 + 20) }, { remaining: 5, resetMs: 20_000, limit: null }],
    ['nothing', {}, null],
    ['remaining without reset', { 'ratelimit-remaining': '5' }, null],
    ['a negative remaining', { 'ratelimit-remaining': '-1', 'ratelimit-reset': '10' }, null],
    ['a negative reset', { 'ratelimit-remaining': '5', 'ratelimit-reset': '-10' }, null],
    ['words', { 'ratelimit-remaining': 'lots', 'ratelimit-reset': 'soon' }, null],
    ['a fraction', { 'ratelimit-remaining': '2.5', 'ratelimit-reset': '1' }, null],
    ['an absurdly long window', { 'ratelimit-remaining': '5', 'ratelimit-reset': '86400' }, null],
    ['an absurdly large number', { 'ratelimit-remaining': '99999999999999999999', 'ratelimit-reset': '1' }, null],
    ['more remaining than the limit', { 'ratelimit-limit': '10', 'ratelimit-remaining': '50', 'ratelimit-reset': '1' }, null],
    ['a malformed limit', { 'ratelimit-limit': 'ten', 'ratelimit-remaining': '5', 'ratelimit-reset': '1' }, null],
    ['a Unix time in the past', { 'x-ratelimit-remaining': '5', 'x-ratelimit-reset': String(NOW / 1000 - 20) }, null],
    ['a combined field without its numbers', { ratelimit: 'limit=100' }, null],
  ])('%s', (_name, headers, expected) => {
    expect(readRateLimit(headersOf(headers), NOW)).toEqual(expected);
  });

  it('never believes a window longer than the maximum', () => {
    expect(readRateLimit(headersOf({ 'ratelimit-remaining': '1', 'ratelimit-reset': String(MAX_BELIEVED_RESET_MS / 1000 + 1) }), NOW)).toBeNull();
  });
});

describe('RatePacer', () => {
  it('holds nothing until the service has said something believable', () => {
    const pacer = new RatePacer({ now: () => NOW, maxDelayMs: 30_000 });
    expect([pacer.reserve(), pacer.reserve(), pacer.reserve()]).toEqual([0, 0, 0]);
    pacer.finished(null);
    expect(pacer.reserve()).toBe(0);
  });

  it('spreads the requests left over the time left, and never holds one longer than the maximum', () => {
    let now = NOW;
    const pacer = new RatePacer({ now: () => now, maxDelayMs: 5_000 });
    pacer.reserve();
    pacer.finished({ remaining: 10, resetMs: 10_000, limit: 100 });
    expect([pacer.reserve(), pacer.reserve(), pacer.reserve()]).toEqual([0, 1_000, 2_000]);
    now += 1;
    const fresh = new RatePacer({ now: () => now, maxDelayMs: 5_000 });
    fresh.reserve();
    fresh.finished({ remaining: 0, resetMs: 60_000, limit: 100 });
    expect(fresh.reserve()).toBe(5_000);
    fresh.retryAfter(3_600_000);
    expect(fresh.reserve()).toBe(5_000);
  });
});

/** Virtual time: sleeps resolve in time order when the test advances the clock, never by real waiting. */
class VirtualTime {
  now = NOW;
  private timers: Array<{ at: number; seq: number; resolve: () => void }> = [];
  private seq = 0;

  sleep: Sleep = (ms) =>
    new Promise<void>((resolve) => {
      this.timers.push({ at: this.now + Math.max(0, ms), seq: this.seq++, resolve });
    });

  /** Runs until `until` virtual time; each step lets every ready promise settle first. */
  async runUntil(until: number, maxSteps: number): Promise<void> {
    for (let step = 0; step < maxSteps; step += 1) {
      for (let settle = 0; settle < 8; settle += 1) await new Promise((resolve) => setImmediate(resolve));
      if (this.timers.length === 0) return;
      this.timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const next = this.timers.shift()!;
      if (next.at > until) {
        this.timers.unshift(next);
        return;
      }
      this.now = next.at;
      next.resolve();
    }
    throw new Error('the simulation did not finish within its step bound');
  }
}

/** A service enforcing `limit` requests per fixed window, answering like @fastify/rate-limit does. */
function limitedService(time: VirtualTime, limit: number, windowMs: number, sendHeaders: boolean) {
  const stats = { ok: 0, limited: 0, limitedAfterFirstWindow: 0 };
  let windowStart = time.now;
  let count = 0;
  const fetchImpl = (async () => {
    await time.sleep(20); // the network
    if (time.now >= windowStart + windowMs) {
      windowStart += Math.floor((time.now - windowStart) / windowMs) * windowMs;
      count = 0;
    }
    const resetSeconds = String(Math.ceil((windowStart + windowMs - time.now) / 1000));
    if (count >= limit) {
      stats.limited += 1;
      if (time.now >= NOW + windowMs) stats.limitedAfterFirstWindow += 1;
      const headers: Record<string, string> = { 'retry-after': resetSeconds };
      if (sendHeaders) Object.assign(headers, { 'ratelimit-limit': String(limit), 'ratelimit-remaining': '0', 'ratelimit-reset': resetSeconds });
      return problem(429, 'rate_limited', 'slow down', {}, headers);
    }
    count += 1;
    stats.ok += 1;
    const headers: Record<string, string> = sendHeaders
      ? { 'ratelimit-limit': String(limit), 'ratelimit-remaining': String(limit - count), 'ratelimit-reset': resetSeconds }
      : {};
    return json(account, 200, headers);
  }) as unknown as typeof fetch;
  return { fetchImpl, stats };
}

async function download(sendHeaders: boolean) {
  const time = new VirtualTime();
  const limit = 300;
  const windowMs = 60_000;
  const service = limitedService(time, limit, windowMs, sendHeaders);
  const client = createServiceClient({
    baseUrl: 'http://127.0.0.1:1/api/v1',
    getApiKey: () => TEST_KEY,
    fetch: service.fetchImpl,
    sleep: time.sleep,
    now: () => time.now,
    random: () => 0.5,
  });
  const end = NOW + 3 * windowMs;
  const failures: string[] = [];
  let delivered = 0;
  const worker = async () => {
    while (time.now < end) {
      const result = await client.call('getAccount');
      if (result.ok) delivered += 1;
      else failures.push(result.error.code);
    }
  };
  const workers = Promise.all([worker(), worker(), worker(), worker(), worker(), worker()]);
  await time.runUntil(end + windowMs, 200_000);
  await workers;
  return { ...service.stats, delivered, failures, allowed: 3 * limit };
}

describe('pacing against a rate-limited service (virtual time)', () => {
  it('stays under the limit from its headers: no 429, and at least 90 % of the allowed rate', async () => {
    const run = await download(true);
    expect(run.failures).toEqual([]);
    expect(run.limitedAfterFirstWindow).toBe(0);
    expect(run.limited).toBeLessThanOrEqual(6); // at most the first requests, sent before anything was known
    expect(run.ok).toBeGreaterThanOrEqual(0.9 * run.allowed);
    expect(run.ok).toBeLessThanOrEqual(run.allowed);
  });

  it('without the headers behaves as before: runs into 429, waits out Retry-After, gives up past the maximum', async () => {
    const run = await download(false);
    expect(run.limited).toBeGreaterThan(0);
    expect(run.failures.length).toBeGreaterThan(0);
    expect(new Set(run.failures)).toEqual(new Set(['rate_limited']));
  });

  it('honours a 429 with Retry-After even while pacing: every call waits it out', async () => {
    const time = new VirtualTime();
    const arrivals: number[] = [];
    let answered = 0;
    const fetchImpl = (async () => {
      arrivals.push(time.now);
      answered += 1;
      const headers = { 'ratelimit-limit': '100', 'ratelimit-remaining': '50', 'ratelimit-reset': '30' };
      return answered === 1 ? problem(429, 'rate_limited', 'slow down', {}, { ...headers, 'retry-after': '7' }) : json(account, 200, headers);
    }) as unknown as typeof fetch;
    const client = createServiceClient({ baseUrl: 'http://127.0.0.1:1/api/v1', getApiKey: () => TEST_KEY, fetch: fetchImpl, sleep: time.sleep, now: () => time.now });
    const first = client.call('getAccount');
    await time.runUntil(NOW + 1, 1_000);
    const second = client.call('getAccount');
    await time.runUntil(NOW + 60_000, 1_000);
    expect((await first).ok).toBe(true);
    expect((await second).ok).toBe(true);
    expect(arrivals.slice(1).every((at) => at >= NOW + 7_000)).toBe(true);
  });
});
