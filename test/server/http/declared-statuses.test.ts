import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOKS_PER_ACCOUNT_MAX } from '../../../shared';
import { buildOpenApiDocument } from '../../../server/openapi/document';
import { startHarness, type Harness } from './harness';

type Operation = { responses: Record<string, { description: string; headers?: Record<string, unknown> }> };
const document = buildOpenApiDocument('http://127.0.0.1:1/api/v1') as { paths: Record<string, Record<string, Operation>> };
const operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })));
const declared = (path: string, method: string) => Object.keys(document.paths[path]?.[method]?.responses ?? {});

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(() => harness?.close());

describe('the OpenAPI document declares the statuses the service answers', () => {
  it('POST /orders/{id}/cancel with a body over the limit answers 413, declared', async () => {
    const answer = await harness.request('POST', '/orders/ord_none/cancel', { rawBody: `{"pad":"${'x'.repeat(2 * 1024 * 1024)}"}`, headers: { 'content-type': 'application/json' } });
    expect(answer.status).toBe(413);
    expect(declared('/orders/{id}/cancel', 'post')).toContain('413');
  });

  it('a body-less action sent a text/plain body answers 415, declared', async () => {
    const answer = await harness.request('POST', '/orders/ord_none/cancel', { rawBody: 'please', headers: { 'content-type': 'text/plain' } });
    expect(answer.status).toBe(415);
    expect(declared('/orders/{id}/cancel', 'post')).toContain('415');
    expect(declared('/webhooks/{id}', 'delete')).toEqual(expect.arrayContaining(['413', '415']));
  });

  it('an image path with an encoded lone surrogate answers 400, declared', async () => {
    const answer = await fetch(`${harness.baseUrl}/images/products/%ED%A0%80.svg`);
    expect(answer.status).toBe(400);
    expect(declared('/images/products/{id}.svg', 'get')).toContain('400');
  });

  it('a very long URL answers 431 (all headers) or 414 (one path segment), declared on every operation', async () => {
    const longQuery = await harness.request('GET', `/products?q=${'a'.repeat(20_000)}`);
    expect(longQuery.status).toBe(431);
    const longSegment = await harness.request('GET', `/orders/${'a'.repeat(2_000)}`);
    expect(longSegment.status).toBe(414);
    for (const { path, method } of operations) expect(declared(path, method), `${method} ${path}`).toEqual(expect.arrayContaining(['414', '431']));
  });

  it('every operation declares the 503 it answers while the database is away, with Retry-After', () => {
    for (const { path, method, operation } of operations) {
      expect(operation.responses['503'], `${method} ${path}`).toBeDefined();
      expect(operation.responses['503']?.headers, `${method} ${path}`).toHaveProperty('Retry-After');
    }
  });

  it(`POST /webhooks declares the cap of ${WEBHOOKS_PER_ACCOUNT_MAX} registrations and its 409`, () => {
    const conflict = document.paths['/webhooks']?.post?.responses['409'];
    expect(conflict?.description).toContain(String(WEBHOOKS_PER_ACCOUNT_MAX));
    expect(conflict?.description).toContain('webhook_limit_reached');
  });
});
