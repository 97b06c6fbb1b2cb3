import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../../server/http/app';
import { toProblem } from '../../../server/http/errors';
import { createStorageWatch } from '../../../server/db/storage-watch';
import type { Store } from '../../../server/store/types';
import { expectProblem, orderBodyFor, orderableProduct, startHarness, type Harness, type HttpResult } from './harness';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(() => harness?.close());

const failedQuery = (code: string) => new DrizzleQueryError('insert into orders …', [], Object.assign(new Error('driver error'), { code }));

describe('the database out of disk space or resources is a 503 with Retry-After, never a 500', () => {
  it.each([
    ['disk_full (53100)', failedQuery('53100'), '30'],
    ['ENOSPC from the file system', Object.assign(new Error('write failed'), { code: 'ENOSPC' }), '30'],
    ['EDQUOT (quota) from the file system', failedQuery('EDQUOT'), '30'],
    ['insufficient_resources (53000)', failedQuery('53000'), '5'],
    ['out_of_memory (53200)', failedQuery('53200'), '5'],
    ['configuration_limit_exceeded (53400)', failedQuery('53400'), '5'],
  ])('%s', (_name, error, retryAfter) => {
    const problem = toProblem(error);
    expect(problem).toMatchObject({ status: 503, code: 'service_unavailable' });
    expect(problem.headers['retry-after']).toBe(retryAfter);
  });
});

describe('a full disk, injected where the store meets the database', () => {
  /** The real store, whose writes (and the readiness probe) fail with disk_full while `full` is set. */
  function fillableStore(base: Store) {
    const state = { full: false };
    const whenFull = <A extends unknown[], R>(method: (...args: A) => Promise<R>) => (...args: A) =>
      state.full ? Promise.reject(failedQuery('53100')) : method(...args);
    const store: Store = { ...base, placeOrder: whenFull(base.placeOrder), probeStorage: whenFull(base.probeStorage) };
    return { store, state };
  }

  const asResult = (response: { statusCode: number; headers: Record<string, unknown>; body: string }): HttpResult => ({
    status: response.statusCode,
    headers: new Headers(response.headers as Record<string, string>),
    text: response.body,
    json: JSON.parse(response.body) as unknown,
  });

  it('POST /orders answers 503 with Retry-After; readiness fails while the disk is full and recovers by itself when space returns', async () => {
    const { store, state } = fillableStore(harness.testStore.store);
    let now = 0;
    const storageWatch = createStorageWatch({ probe: () => store.probeStorage(), probeEveryMs: 1_000, now: () => now });
    const app = await buildApp({ store, storageWatch });
    const authorization = `Bearer ${harness.buyerA.api_key}`;
    const body = orderBodyFor(await orderableProduct(harness));
    const ready = () => app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    try {
      expect((await ready()).statusCode).toBe(200);
      state.full = true;
      const refused = await app.inject({ method: 'POST', url: '/api/v1/orders', headers: { authorization, 'content-type': 'application/json' }, payload: body });
      const problem = expectProblem(asResult(refused), 503, 'service_unavailable');
      expect(problem.detail).toMatch(/disk space/);
      expect(refused.headers['retry-after']).toBe('30');

      // Not ready from now on, and still not ready after a probe while the disk stays full.
      const notReady = await ready();
      expectProblem(asResult(notReady), 503, 'service_unavailable');
      expect(notReady.headers['retry-after']).toBe('30');
      now += 1_500;
      expect((await ready()).statusCode).toBe(503);

      // Space is back: the next probe writes for real and readiness recovers, with no restart.
      state.full = false;
      expect((await ready()).statusCode).toBe(503); // the probe is not due yet
      now += 1_500;
      expect((await ready()).statusCode).toBe(200);
      const placed = await app.inject({ method: 'POST', url: '/api/v1/orders', headers: { authorization, 'content-type': 'application/json' }, payload: body });
      expect(placed.statusCode).toBe(201);
    } finally {
      await app.close();
    }
  });

  it('the readiness probe is a real write that leaves nothing behind', async () => {
    await harness.testStore.store.probeStorage();
    const rows = await harness.testStore.db.execute(sql`select count(*)::int as n from storage_probes`);
    expect((rows as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(0);
  });
});
