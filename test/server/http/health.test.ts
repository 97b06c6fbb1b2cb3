import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { Problem } from '../../../shared';
import { buildApp } from '../../../server/http/app';
import { toProblem } from '../../../server/http/errors';
import { DatabaseUnavailableError } from '../../../server/db/unavailable';
import { buildOpenApiDocument } from '../../../server/openapi/document';
import { expectProblem, startHarness, type Harness } from './harness';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness({ rateLimitPerMinute: 2 });
});
afterAll(() => harness?.close());

const root = () => harness.baseUrl.replace(/\/api\/v1$/, '');

describe('health endpoints for load balancers', () => {
  it('liveness and readiness answer 200 without a key, and are never rate limited', async () => {
    for (let round = 0; round < 5; round += 1) {
      const live = await harness.request('GET', '/health/live', { key: null });
      expect(live.status).toBe(200);
      expect(live.json).toEqual({ status: 'live' });
      const healthz = await fetch(`${root()}/healthz`);
      expect(healthz.status).toBe(200);
      const ready = await harness.request('GET', '/health/ready', { key: null });
      expect(ready.status).toBe(200);
      expect(ready.json).toEqual({ status: 'ready' });
    }
    // The limit of 2 a minute does apply to the API itself.
    const statuses = [];
    for (let round = 0; round < 3; round += 1) statuses.push((await harness.request('GET', '/account')).status);
    expect(statuses).toContain(429);
  });

  it('readiness answers 503 problem JSON within its timeout when the database does not answer', async () => {
    const hanging = { ...harness.testStore.store, ping: () => new Promise<void>(() => undefined) };
    const app = await buildApp({ store: hanging, readinessTimeoutMs: 200 });
    try {
      const started = Date.now();
      const response = await app.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(Problem.parse(response.json())).toMatchObject({ status: 503, code: 'service_unavailable' });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('are in the OpenAPI document, marked as operational extensions', () => {
    const document = buildOpenApiDocument('http://127.0.0.1:1/api/v1') as { paths: Record<string, { get: Record<string, unknown> }> };
    for (const path of ['/health/live', '/health/ready']) {
      expect(document.paths[path]?.get).toMatchObject({ security: [], 'x-caseworks-operational': true });
    }
    expect(document.paths['/health/ready']?.get.responses).toHaveProperty('503');
  });
});

describe('a database that cannot answer is 503, not 500', () => {
  const failedQuery = (cause: unknown) => new DrizzleQueryError('select 1', [], cause as Error);
  const withCode = (code: string) => Object.assign(new Error('driver error'), { code });

  it.each([
    ['a lost connection (driver, no answer)', failedQuery(new DatabaseUnavailableError(new Error('gone')))],
    ['a refused connection', failedQuery(withCode('ECONNREFUSED'))],
    ['the server shutting down (57P01)', failedQuery(withCode('57P01'))],
    ['the server starting up (57P03)', withCode('57P03')],
    ['a connection exception (08006)', failedQuery(withCode('08006'))],
    ['our statement timeout (57014)', failedQuery(withCode('57014'))],
    ['a session ended by our idle-in-transaction timeout (25P03)', failedQuery(withCode('25P03'))],
  ])('%s', (_name, error) => {
    const problem = toProblem(error);
    expect(problem).toMatchObject({ status: 503, code: 'service_unavailable' });
    expect(problem.headers['retry-after']).toBe('1');
  });

  it('other database errors stay 500', () => {
    expect(toProblem(failedQuery(withCode('23505'))).status).toBe(500);
    expect(toProblem(new Error('a bug')).status).toBe(500);
  });

  it('through the app: problem JSON with code service_unavailable', async () => {
    const down = { ...harness.testStore.store, getAccount: () => Promise.reject(failedQuery(withCode('ECONNRESET'))) };
    const app = await buildApp({ store: down });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/v1/account', headers: { authorization: `Bearer ${harness.buyerA.api_key}` } });
      expectProblem({ status: response.statusCode, headers: new Headers(response.headers as Record<string, string>), text: response.body, json: response.json() }, 503, 'service_unavailable');
    } finally {
      await app.close();
    }
  });
});
