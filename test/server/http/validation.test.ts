import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CreateOrderBody, ProductListQuery, Problem } from '../../../shared';
import { HttpProblem } from '../../../server/http/problem';
import { jsonPointer, parseInput } from '../../../server/http/validation';
import { canonicalJson, idempotencyFromHeaders, requestHash } from '../../../server/http/idempotency-key';

function problemOf(run: () => unknown): HttpProblem {
  const result = run();
  if (result instanceof HttpProblem) return result;
  throw new Error(`expected a problem, got ${JSON.stringify(result)}`);
}

describe('a missing field', () => {
  // Told apart from a wrong one by the input, whatever words the schema gives its message.
  const Body = z.object({ count: z.number({ error: 'must be a number of cases' }), note: z.string({ error: 'received undefined' }) });

  it('is "is required" even when the schema words its message otherwise', () => {
    const problem = problemOf(() => parseInput(Body, { note: 'x' }, 'body'));
    expect(problem.errors).toEqual([{ pointer: '/count', detail: 'is required' }]);
  });

  it('that is present but wrong keeps the schema\'s message, even one that reads like a missing one', () => {
    const problem = problemOf(() => parseInput(Body, { count: 'two', note: 3 }, 'body'));
    expect(problem.errors).toEqual([
      { pointer: '/count', detail: 'must be a number of cases' },
      { pointer: '/note', detail: 'received undefined' },
    ]);
  });
});

describe('query validation', () => {
  it.each([
    ['0', 'per_page must be a positive whole number'],
    ['101', 'per_page must be at most 100'],
    ['abc', 'per_page must be a positive whole number'],
    ['1.5', 'per_page must be a positive whole number'],
    ['-1', 'per_page must be a positive whole number'],
    ['99999999999999999999', 'per_page must be a positive whole number'],
    ['', 'per_page must be a positive whole number'],
  ])('per_page=%s is a 400 naming /query/per_page', (value, detail) => {
    const problem = problemOf(() => parseInput(ProductListQuery, { per_page: value }, 'query'));
    expect(problem.status).toBe(400);
    expect(problem.code).toBe('validation_failed');
    expect(problem.errors).toEqual([{ pointer: '/query/per_page', detail }]);
    expect(Problem.parse(problem.toJSON()).detail).toContain('/query/per_page');
  });

  it('names every unknown parameter', () => {
    const problem = problemOf(() => parseInput(ProductListQuery, { colour: 'red', 'a/b': '1' }, 'query'));
    expect(problem.errors).toEqual([
      { pointer: '/query/colour', detail: 'unknown query parameter' },
      { pointer: '/query/a~1b', detail: 'unknown query parameter' },
    ]);
  });

  it('a repeated parameter is refused, not silently picked', () => {
    const problem = problemOf(() => parseInput(ProductListQuery, { page: ['1', '2'] }, 'query'));
    expect(problem.errors?.[0]?.pointer).toBe('/query/page');
  });

  it('defaults page and per_page', () => {
    expect(parseInput(ProductListQuery, {}, 'query')).toMatchObject({ page: 1, per_page: 50 });
  });
});

describe('body validation', () => {
  it('points into the body for each bad field and reports missing ones as required', () => {
    const problem = problemOf(() =>
      parseInput(CreateOrderBody, { supplier_id: 7, items: [{ product_id: 'prod_1', quantity: 0 }] }, 'body'),
    );
    expect(problem.status).toBe(400);
    expect(problem.errors).toEqual(
      expect.arrayContaining([
        { pointer: '/supplier_id', detail: expect.stringContaining('expected string') },
        { pointer: '/items/0/quantity', detail: expect.stringContaining('>0') },
        { pointer: '/shipping_address', detail: 'is required' },
      ]),
    );
  });

  it('a body that is not an object says so', () => {
    expect(problemOf(() => parseInput(CreateOrderBody, [1, 2], 'body')).errors).toEqual([
      { pointer: '', detail: 'the body must be a JSON object' },
    ]);
  });

  it('escapes ~ and / in pointers (RFC 6901)', () => {
    expect(jsonPointer('body', ['a~b', 'c/d', 0])).toBe('/a~0b/c~1d/0');
    expect(jsonPointer('query', ['q'])).toBe('/query/q');
  });
});

describe('Idempotency-Key', () => {
  const body = { b: 1, a: { y: [1, { d: 2, c: 3 }], x: 'z' } };

  it('hashes bodies canonically, whatever their key order', () => {
    expect(canonicalJson(body)).toBe('{"a":{"x":"z","y":[1,{"c":3,"d":2}]},"b":1}');
    expect(requestHash(body)).toBe(requestHash({ a: { x: 'z', y: [1, { c: 3, d: 2 }] }, b: 1 }));
    expect(requestHash(body)).not.toBe(requestHash({ ...body, b: 2 }));
  });

  it('is optional', () => {
    expect(idempotencyFromHeaders({}, body)).toBeNull();
  });

  it('accepts 1 to 255 visible ASCII characters', () => {
    expect(idempotencyFromHeaders({ 'idempotency-key': 'a' }, body)).toEqual({ key: 'a', requestHash: requestHash(body) });
    expect(idempotencyFromHeaders({ 'idempotency-key': '~'.repeat(255) }, body)).toEqual({ key: '~'.repeat(255), requestHash: requestHash(body) });
  });

  it.each([['x'.repeat(256)], ['has space'], ['tab\there'], ['caf\u00e9'], ['']])('refuses %j with a header pointer', (key) => {
    const problem = problemOf(() => idempotencyFromHeaders({ 'idempotency-key': key }, body));
    expect(problem.status).toBe(400);
    expect(problem.errors?.[0]?.pointer).toBe('/header/Idempotency-Key');
  });
});
