import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServiceClient } from '../../../electron/core/api';
import { startRealService, type RealService } from './real-service-harness';

const LIMIT = 3;
let real: RealService;

beforeAll(async () => {
  real = await startRealService({ rateLimitPerMinute: LIMIT });
});
afterAll(async () => {
  await real?.stop();
});

describe('service client in 429 and 5xx storms of the real service', () => {
  it('waits out 5xx answers with backoff and gets through', async () => {
    let failuresLeft = 2;
    const stormyFetch: typeof fetch = async (input, init) => {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        return new Response('{"title":"down"}', { status: 503, headers: { 'content-type': 'application/problem+json' } });
      }
      return fetch(input, init);
    };
    const sleep = vi.fn(async () => undefined);
    const client = createServiceClient({ baseUrl: real.baseUrl, getApiKey: () => real.apiKey, fetch: stormyFetch, sleep });
    const result = await client.call('getAccount');
    expect(result.ok).toBe(true);
    expect(sleep).toHaveBeenCalledTimes(2);
  });

  it('reads the real Retry-After: waits it out when short enough, reports it when too long', async () => {
    const waits: number[] = [];
    const patient = createServiceClient({
      baseUrl: real.baseUrl,
      getApiKey: () => real.apiKey,
      maxRetryAfterMs: 120_000,
      maxAttempts: 3,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    let limited = await patient.call('listSuppliers', { query: { per_page: 1 } });
    for (let call = 0; call < LIMIT && limited.ok; call += 1) limited = await patient.call('listSuppliers', { query: { per_page: 1 } });
    expect(!limited.ok && limited.error).toMatchObject({ code: 'rate_limited', retryable: true, status: 429 });
    // The limited call waited Retry-After before each of its two retries (earlier calls may have too).
    expect(waits.length).toBeGreaterThanOrEqual(2);
    for (const wait of waits) {
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60_000);
    }

    const sleep = vi.fn(async () => undefined);
    const hasty = createServiceClient({ baseUrl: real.baseUrl, getApiKey: () => real.apiKey, maxRetryAfterMs: 0, sleep });
    const refused = await hasty.call('listSuppliers');
    expect(!refused.ok && refused.error.retryAfterMs).toBeGreaterThan(0);
    expect(sleep).not.toHaveBeenCalled();
  });
});
