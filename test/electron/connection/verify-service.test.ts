import { describe, expect, it } from 'vitest';
import { verifyService } from '../../../electron/core/connection';
import { TEST_KEY, account, hang, json, networkDown, problem, scriptedFetch } from '../api/fixtures';

describe('verifyService', () => {
  it('returns the account for a working URL and key, normalizing the URL', async () => {
    const { fetch, requests } = scriptedFetch(() => json(account));
    const result = await verifyService({ baseUrl: 'https://market.example.com/api/v1/', apiKey: ` ${TEST_KEY} `, fetch });
    expect(result).toEqual({ ok: true, data: { baseUrl: 'https://market.example.com/api/v1', apiKey: TEST_KEY, account } });
    expect(requests[0]?.url).toBe('https://market.example.com/api/v1/account');
  });

  it.each([
    ['http://market.example.com/api/v1', /https/],
    ['https://market.example.com/v2', /end in \/api\/v1/],
    ['not a url', /not a valid URL/],
    ['https://user:pw@market.example.com/api/v1', /user name or password/],
  ])('refuses %s without contacting anything', async (baseUrl, message) => {
    const { fetch, requests } = scriptedFetch(() => json(account));
    const result = await verifyService({ baseUrl, apiKey: TEST_KEY, fetch });
    expect(!result.ok && result.error).toMatchObject({ code: 'invalid_input', fields: [{ pointer: '/baseUrl' }] });
    expect(!result.ok && result.error.message).toMatch(message);
    expect(requests).toHaveLength(0);
  });

  it('allows http for this computer only', async () => {
    const { fetch } = scriptedFetch(() => json(account));
    expect((await verifyService({ baseUrl: 'http://127.0.0.1:4000/api/v1', apiKey: TEST_KEY, fetch })).ok).toBe(true);
    expect((await verifyService({ baseUrl: 'http://localhost:4000/api/v1', apiKey: TEST_KEY, fetch })).ok).toBe(true);
  });

  it('refuses a malformed key without contacting anything', async () => {
    const { fetch, requests } = scriptedFetch(() => json(account));
    const result = await verifyService({ baseUrl: 'https://market.example.com/api/v1', apiKey: 'has spaces in it', fetch });
    expect(!result.ok && result.error).toMatchObject({ code: 'invalid_input', fields: [{ pointer: '/apiKey' }] });
    expect(requests).toHaveLength(0);
  });

  it.each([
    ['a wrong key', () => problem(401, 'unauthorized', 'Unknown key'), 'unauthorized', /did not accept this API key/],
    ['a web page', () => new Response('<html></html>', { headers: { 'content-type': 'text/html' } }), 'bad_response', /does not answer like a Caseworks service/],
    ['a 404', () => new Response('Not Found', { status: 404 }), 'bad_response', /does not answer like a Caseworks service/],
    ['other JSON', () => json({ hello: 'world' }), 'bad_response', /does not answer like a Caseworks service/],
    ['no network', networkDown, 'offline', /Could not reach market\.example\.com/],
  ] as const)('explains %s in plain words, never with the key', async (_label, respond, code, message) => {
    const { fetch } = scriptedFetch(respond);
    const result = await verifyService({ baseUrl: 'https://market.example.com/api/v1', apiKey: TEST_KEY, fetch });
    expect(!result.ok && result.error.code).toBe(code);
    expect(!result.ok && result.error.message).toMatch(message);
    expect(JSON.stringify(result)).not.toContain(TEST_KEY);
  });

  it('gives up on a service that never answers', async () => {
    const { fetch } = scriptedFetch(hang);
    const result = await verifyService({ baseUrl: 'https://market.example.com/api/v1', apiKey: TEST_KEY, fetch, timeoutMs: 20 });
    expect(!result.ok && result.error.code).toBe('timeout');
  });
});
