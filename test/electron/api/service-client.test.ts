import { describe, expect, it, vi } from 'vitest';
import { createServiceClient, type ServiceClientOptions } from '../../../electron/core/api';
import { TEST_KEY, account, hang, json, networkDown, orderBody, orderFor, problem, scriptedFetch, supplier } from './fixtures';

const BASE = 'http://127.0.0.1:4010/api/v1';

function clientWith(fetchImpl: typeof fetch, overrides: Partial<ServiceClientOptions> = {}) {
  const sleep = vi.fn(async (_ms: number) => undefined);
  const client = createServiceClient({
    baseUrl: BASE,
    getApiKey: () => TEST_KEY,
    fetch: fetchImpl,
    sleep,
    random: () => 0.5,
    now: () => Date.parse('2026-11-22T10:00:00.000Z'),
    ...overrides,
  });
  return { client, sleep };
}

describe('service client: requests and success', () => {
  it('sends the bearer key and parses the account, dropping unknown fields', async () => {
    const { fetch, requests } = scriptedFetch(() => json({ ...account, surprise: 'ignored' }, 200, { etag: '"a1"' }));
    const { client } = clientWith(fetch);
    const result = await client.call('getAccount');
    expect(result.ok && !result.notModified && result.data).toEqual(account);
    expect(result.ok && result.etag).toBe('"a1"');
    expect(requests[0]?.url).toBe(`${BASE}/account`);
    expect(requests[0]?.headers.get('authorization')).toBe(`Bearer ${TEST_KEY}`);
    expect(requests[0]?.headers.get('accept')).toBe('application/json');
  });

  it('fills path parameters and sends numbers in the query as strings', async () => {
    const page = { data: [], meta: { total: 0, page: 2, per_page: 100, total_pages: 0 } };
    const { fetch, requests } = scriptedFetch(() => json(page));
    const { client } = clientWith(fetch);
    const result = await client.call('listSupplierProducts', { params: { id: 'sup_abc' }, query: { page: 2, per_page: 100 } });
    expect(result.ok).toBe(true);
    expect(requests[0]?.url).toBe(`${BASE}/suppliers/sup_abc/products?page=2&per_page=100`);
  });

  it('refuses invalid inputs before anything is sent', async () => {
    const { fetch, requests } = scriptedFetch(() => json({}));
    const { client } = clientWith(fetch);
    const badId = await client.call('getProduct', { params: { id: '../account' } });
    const badQuery = await client.call('listProducts', { query: { per_page: 500 } });
    const badBody = await client.call('createOrder', { body: { ...orderBody, items: [] } });
    for (const result of [badId, badQuery, badBody]) {
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.code).toBe('invalid_input');
    }
    expect(requests).toHaveLength(0);
  });

  it('sends If-None-Match and surfaces a 304 as not modified', async () => {
    const { fetch, requests } = scriptedFetch(() => new Response(null, { status: 304, headers: { etag: '"s1"' } }));
    const { client } = clientWith(fetch);
    const result = await client.call('listSuppliers', { etag: '"s1"' });
    expect(result).toEqual({ ok: true, notModified: true, etag: '"s1"', status: 304 });
    expect(requests[0]?.headers.get('if-none-match')).toBe('"s1"');
  });

  it('tells the caller an answer\'s headers before its body has arrived (the feed asks for the page its Link names meanwhile)', async () => {
    let finishBody: () => void = () => {};
    const { fetch } = scriptedFetch(() => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"data":[],'));
          finishBody = () => {
            controller.enqueue(new TextEncoder().encode('"next_cursor":"c1","has_more":true}'));
            controller.close();
          };
        },
      });
      return new Response(body, { headers: { 'content-type': 'application/json', link: '<?since=c1&limit=250>; rel="next"' } });
    });
    const { client } = clientWith(fetch, { fetchAsSent: fetch });
    const links: (string | null)[] = [];
    const answer = client.callBytes('catalogChanges', { query: { limit: '250' }, onHeaders: (headers) => links.push(headers.get('link')) });
    await vi.waitFor(() => expect(links).toEqual(['<?since=c1&limit=250>; rel="next"']));
    finishBody();
    const got = await answer;
    expect(got.ok && !got.notModified && new TextDecoder().decode(got.bytes)).toBe('{"data":[],"next_cursor":"c1","has_more":true}');
    expect(links).toHaveLength(1);
  });

  it('hands a body back as bytes in a buffer of their own, so they can be moved to the worker without taking anything else along', async () => {
    const text = '{"data":[],"next_cursor":"c1","has_more":false}';
    const shared = new Uint8Array(text.length + 8);
    new TextEncoder().encodeInto(text, shared.subarray(4));
    // One chunk that is a view into a larger buffer, as a stream may give.
    const { fetch } = scriptedFetch(() => new Response(new ReadableStream<Uint8Array>({ start: (controller) => (controller.enqueue(shared.subarray(4, 4 + text.length)), controller.close()) }), { headers: { 'content-type': 'application/json' } }));
    const got = await clientWith(fetch, { fetchAsSent: fetch }).client.callBytes('catalogChanges', { query: { limit: '250' } });
    if (!got.ok || got.notModified) throw new Error('expected the page');
    expect(new TextDecoder().decode(got.bytes)).toBe(text);
    expect([got.bytes.byteOffset, got.bytes.buffer.byteLength]).toEqual([0, text.length]);
  });

  it('returns not_configured without a request when no key is set', async () => {
    const { fetch, requests } = scriptedFetch(() => json(account));
    const { client } = clientWith(fetch, { getApiKey: () => null });
    const result = await client.call('getAccount');
    expect(!result.ok && result.error.code).toBe('not_configured');
    const throwing = clientWith(fetch, {
      getApiKey: () => {
        throw new Error('vault locked');
      },
    }).client;
    expect(await throwing.call('getAccount')).toMatchObject({ ok: false, error: { code: 'not_configured' } });
    expect(requests).toHaveLength(0);
  });

  it('posts the order body as JSON with its Idempotency-Key and accepts 201', async () => {
    const { fetch, requests } = scriptedFetch(() => json(orderFor(orderBody), 201));
    const { client } = clientWith(fetch);
    const result = await client.call('createOrder', { body: orderBody, idempotencyKey: 'key-1' });
    expect(result.ok && !result.notModified && result.data.id).toBe('ord_1');
    expect(result.ok && result.status).toBe(201);
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.headers.get('idempotency-key')).toBe('key-1');
    expect(requests[0]?.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual(orderBody);
  });
});

describe('service client: retries', () => {
  it('retries 5xx with full-jitter exponential backoff, then succeeds', async () => {
    const { fetch, requests } = scriptedFetch(
      () => problem(503, 'internal_error', 'down'),
      () => new Response('oops', { status: 502, headers: { 'content-type': 'text/plain' } }),
      () => json(account),
    );
    const { client, sleep } = clientWith(fetch, { baseDelayMs: 100, maxDelayMs: 10_000 });
    const result = await client.call('getAccount');
    expect(result.ok).toBe(true);
    expect(requests).toHaveLength(3);
    // random() = 0.5 → half of 100·2^0 and 100·2^1
    expect(sleep.mock.calls.map((args) => args[0])).toEqual([50, 100]);
  });

  it('keeps every delay within [0, min(max, base·2^(n−1))]', async () => {
    for (const random of [() => 0, () => 0.999999]) {
      const { fetch } = scriptedFetch(() => problem(500, 'internal_error', 'x'));
      const { client, sleep } = clientWith(fetch, { baseDelayMs: 100, maxDelayMs: 300, maxAttempts: 5, random });
      await client.call('getAccount');
      const delays = sleep.mock.calls.map((args) => args[0]);
      expect(delays).toHaveLength(4);
      delays.forEach((delay, index) => {
        expect(delay).toBeGreaterThanOrEqual(0);
        expect(delay).toBeLessThanOrEqual(Math.min(300, 100 * 2 ** index));
      });
      if (random() > 0.9) expect(delays).toEqual([99, 199, 299, 299]);
    }
  });

  it('gives up after maxAttempts with the last error', async () => {
    const { fetch, requests } = scriptedFetch(() => problem(500, 'internal_error', 'x'));
    const { client } = clientWith(fetch, { maxAttempts: 3 });
    const result = await client.call('getAccount');
    expect(requests).toHaveLength(3);
    expect(!result.ok && result.error).toMatchObject({ code: 'service_error', retryable: true, status: 500 });
  });

  it('honours Retry-After in seconds and as an HTTP date', async () => {
    const { fetch } = scriptedFetch(
      () => problem(429, 'rate_limited', 'slow down', {}, { 'retry-after': '2' }),
      () => problem(429, 'rate_limited', 'slow down', {}, { 'retry-after': 'Sun, 22 Nov 2026 10:00:05 GMT' }),
      () => json(account),
    );
    const { client, sleep } = clientWith(fetch);
    const result = await client.call('getAccount');
    expect(result.ok).toBe(true);
    expect(sleep.mock.calls.map((args) => args[0])).toEqual([2000, 5000]);
  });

  it('stops and reports a Retry-After longer than the cap instead of waiting', async () => {
    const { fetch, requests } = scriptedFetch(() => problem(429, 'rate_limited', 'slow down', {}, { 'retry-after': '3600' }));
    const { client, sleep } = clientWith(fetch, { maxRetryAfterMs: 30_000 });
    const result = await client.call('getAccount');
    expect(requests).toHaveLength(1);
    expect(sleep).not.toHaveBeenCalled();
    expect(!result.ok && result.error).toMatchObject({ code: 'rate_limited', retryable: true, retryAfterMs: 3_600_000 });
  });

  it('retries network errors as offline and tells whether the service was reachable', async () => {
    const reachability: boolean[] = [];
    const { fetch, requests } = scriptedFetch(networkDown, () => json(account));
    const { client } = clientWith(fetch, { onReachability: (reachable) => reachability.push(reachable) });
    expect((await client.call('getAccount')).ok).toBe(true);
    expect(requests).toHaveLength(2);
    expect(reachability).toEqual([false, true]);
  });

  it('reports offline as retryable in plain words when the network stays down', async () => {
    const { fetch } = scriptedFetch(networkDown);
    const { client } = clientWith(fetch, { maxAttempts: 2 });
    const result = await client.call('getAccount');
    expect(!result.ok && result.error).toMatchObject({ code: 'offline', retryable: true, status: null });
    expect(!result.ok && result.error.message).toMatch(/Could not reach the service at 127\.0\.0\.1:4010/);
  });

  it('never retries POST /orders without an Idempotency-Key', async () => {
    const { fetch, requests } = scriptedFetch(() => problem(503, 'internal_error', 'x'), () => json(orderFor(orderBody), 201));
    const { client } = clientWith(fetch);
    const result = await client.call('createOrder', { body: orderBody });
    expect(requests).toHaveLength(1);
    expect(!result.ok && result.error.code).toBe('service_error');
  });

  it('retries POST /orders with the same Idempotency-Key on every attempt', async () => {
    const { fetch, requests } = scriptedFetch(networkDown, () => problem(503, 'internal_error', 'x'), () => json(orderFor(orderBody), 201));
    const { client } = clientWith(fetch);
    const result = await client.call('createOrder', { body: orderBody, idempotencyKey: 'same-key' });
    expect(result.ok).toBe(true);
    expect(requests.map((request) => request.headers.get('idempotency-key'))).toEqual(['same-key', 'same-key', 'same-key']);
  });

  it('never retries other writes', async () => {
    const { fetch, requests } = scriptedFetch(networkDown);
    const { client } = clientWith(fetch);
    await client.call('deleteWebhook', { params: { id: 'wh_1' } });
    await client.call('createWebhook', { body: { url: 'https://example.com/hook', events: ['order.shipped'] } });
    expect(requests).toHaveLength(2);
  });

  it('times out an attempt that never answers, and retries it', async () => {
    const { fetch, requests } = scriptedFetch(hang);
    const { client } = clientWith(fetch, { timeoutMs: 20, maxAttempts: 2 });
    const result = await client.call('getAccount');
    expect(requests).toHaveLength(2);
    expect(!result.ok && result.error).toMatchObject({ code: 'timeout', retryable: true });
  });

  it('times out a body that starts but never finishes', async () => {
    const { fetch } = scriptedFetch((_request, signal) => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"id":'));
          signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
        },
      });
      return new Response(body, { headers: { 'content-type': 'application/json' } });
    });
    const { client } = clientWith(fetch, { timeoutMs: 20, maxAttempts: 1 });
    const result = await client.call('getAccount');
    expect(!result.ok && result.error.code).toBe('timeout');
  });

  it('stops when the caller aborts, without further attempts', async () => {
    const controller = new AbortController();
    const { fetch, requests } = scriptedFetch((request, signal) => {
      setTimeout(() => controller.abort(), 5);
      return hang(request, signal);
    });
    const { client } = clientWith(fetch, { timeoutMs: 5_000 });
    const result = await client.call('getAccount', { signal: controller.signal });
    expect(requests).toHaveLength(1);
    expect(!result.ok && result.error).toMatchObject({ cancelled: true });
  });
});

describe('service client: errors from the service', () => {
  it('maps problem responses to plain-words error values', async () => {
    const cases: Array<[Response, object]> = [
      [problem(401, 'unauthorized', 'Unknown key'), { code: 'unauthorized', retryable: false, status: 401, problemCode: 'unauthorized' }],
      [problem(404, 'not_found', 'No product prod_9.'), { code: 'not_found', retryable: false, message: 'No product prod_9.' }],
      [problem(400, 'bad_request', 'per_page must be at most 100'), { code: 'rejected', message: 'per_page must be at most 100' }],
      [problem(409, 'idempotency_key_in_use', 'Still processing'), { code: 'service_error', retryable: true, problemCode: 'idempotency_key_in_use' }],
      [new Response('<html>', { status: 500, headers: { 'content-type': 'text/html' } }), { code: 'service_error', retryable: true, problemCode: null }],
      [json({ nonsense: true }, 422), { code: 'rejected', problemCode: null, message: 'The service refused the request (HTTP 422).' }],
      [json({ nonsense: true }, 408), { code: 'service_error', retryable: true, status: 408 }],
    ];
    for (const [response, expected] of cases) {
      const { fetch } = scriptedFetch(() => response);
      const { client } = clientWith(fetch, { maxAttempts: 1 });
      const result = await client.call('getProduct', { params: { id: 'prod_9' } });
      expect(!result.ok && result.error).toMatchObject(expected);
    }
  });

  it('carries the service detail, code and field errors of a rejected order', async () => {
    const fields = [{ pointer: '/items/0/quantity', detail: 'only 3 cases left' }];
    const { fetch } = scriptedFetch(() => problem(422, 'insufficient_inventory', 'Not enough stock for Pinot Noir.', { errors: fields }));
    const { client } = clientWith(fetch);
    const result = await client.call('createOrder', { body: orderBody, idempotencyKey: 'k' });
    expect(!result.ok && result.error).toEqual({
      code: 'rejected',
      message: 'Not enough stock for Pinot Noir.',
      retryable: false,
      status: 422,
      problemCode: 'insufficient_inventory',
      retryAfterMs: null,
      fields,
    });
  });

  it('treats a redirect as a bad response rather than following it with the key', async () => {
    const { fetch, requests } = scriptedFetch(() => new Response(null, { status: 302, headers: { location: 'https://evil.example/' } }));
    const { client } = clientWith(fetch);
    const result = await client.call('getAccount');
    expect(requests).toHaveLength(1);
    expect(!result.ok && result.error.code).toBe('bad_response');
  });
});

describe('service client: bad responses', () => {
  const badCases: Array<[string, () => Response, RegExp]> = [
    ['malformed JSON', () => new Response('{"id": "org_1", ', { headers: { 'content-type': 'application/json' } }), /not valid JSON/],
    ['wrong content type', () => new Response('<html>login</html>', { headers: { 'content-type': 'text/html; charset=utf-8' } }), /text\/html instead of JSON/],
    ['missing content type', () => new Response(new Uint8Array([123, 125])), /instead of JSON/],
    ['schema mismatch', () => json({ ...account, id: 42 }), /cannot read \(at id:/],
    ['an array instead of an object', () => json([account]), /cannot read/],
    ['JSON null', () => json(null), /cannot read/],
  ];
  for (const [label, respond, message] of badCases) {
    it(`turns ${label} into bad_response`, async () => {
      const { fetch, requests } = scriptedFetch(respond);
      const { client } = clientWith(fetch);
      const result = await client.call('getAccount');
      expect(requests).toHaveLength(1);
      expect(!result.ok && result.error).toMatchObject({ code: 'bad_response', retryable: false });
      expect(!result.ok && result.error.message).toMatch(message);
    });
  }

  it('refuses a body whose declared length is over the cap without reading it', async () => {
    const { fetch } = scriptedFetch(() => new Response('x'.repeat(10), { headers: { 'content-type': 'application/json', 'content-length': String(50 * 1024 * 1024) } }));
    const { client } = clientWith(fetch);
    const result = await client.call('getAccount');
    expect(!result.ok && result.error.message).toMatch(/larger than 20 MB/);
  });

  it('stops reading a streamed body as soon as it crosses the cap', async () => {
    let pulls = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls += 1;
        controller.enqueue(new Uint8Array(64 * 1024).fill(32));
      },
    });
    const { fetch } = scriptedFetch(() => new Response(endless, { headers: { 'content-type': 'application/json' } }));
    const { client } = clientWith(fetch, { maxResponseBytes: 1024 * 1024 });
    const result = await client.call('listProducts');
    expect(!result.ok && result.error.code).toBe('bad_response');
    expect(pulls).toBeLessThan(40);
  });

  it('survives hostile JSON without prototype pollution', async () => {
    const hostile = `{"data":[{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},${JSON.stringify(supplier).slice(1, -1)}}],"meta":{"total":1,"page":1,"per_page":50,"total_pages":1}}`;
    const { fetch } = scriptedFetch(() => new Response(hostile, { headers: { 'content-type': 'application/json' } }));
    const { client } = clientWith(fetch);
    const result = await client.call('listSuppliers');
    expect(result.ok && !result.notModified && result.data.data[0]).toEqual(supplier);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('survives deeply nested JSON', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const { fetch } = scriptedFetch(() => new Response(deep, { headers: { 'content-type': 'application/json' } }));
    const { client } = clientWith(fetch);
    const result = await client.call('getAccount');
    expect(!result.ok && result.error.code).toBe('bad_response');
  });
});

describe('service client: the API key never leaks', () => {
  it('keeps the key out of every error, even when the service echoes it', async () => {
    const echoes: Array<() => Response> = [
      () => problem(401, 'unauthorized', `Key ${TEST_KEY} is unknown`),
      () => problem(422, 'validation_failed', `bad ${TEST_KEY}`, { errors: [{ pointer: `/${TEST_KEY}`, detail: TEST_KEY }] }),
      () => problem(404, TEST_KEY, TEST_KEY),
      () => json({ ...account, id: TEST_KEY }),
      () => new Response(TEST_KEY, { headers: { 'content-type': 'application/json' } }),
      networkDown,
      () => problem(500, 'internal_error', TEST_KEY),
    ];
    for (const respond of echoes) {
      const { fetch } = scriptedFetch(respond);
      const { client } = clientWith(fetch, { maxAttempts: 1 });
      const result = await client.call('getAccount');
      expect(result.ok).toBe(false);
      expect(JSON.stringify(result)).not.toContain(TEST_KEY);
    }
  });
});
