import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { checkEndpointBytes, createServiceClient } from '../../../electron/core/api';
import { MAX_RESPONSE_BYTES } from '../../../electron/core/api/response-text';
import { TEST_KEY } from './fixtures';

/** A feed page of the contract's shape, with enough text to compress. */
const pageText = JSON.stringify({
  data: Array.from({ length: 400 }, (_, at) => ({ type: 'product.removed', id: `prod_${String(at).padStart(5, '0')}` })),
  next_cursor: 'c1',
  has_more: false,
});

let server: Server | null = null;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(null));
  server = null;
});

/** A service on 127.0.0.1 answering every request with `answer` (told the request's headers); its base URL. */
async function serve(answer: (headers: IncomingHttpHeaders) => { status?: number; headers?: Record<string, string>; body?: Buffer }): Promise<string> {
  server = createServer((request, response) => {
    const { status = 200, headers = {}, body } = answer(request.headers);
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(body);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}/api/v1`;
}

const clientFor = (baseUrl: string) => createServiceClient({ baseUrl, getApiKey: () => TEST_KEY, maxAttempts: 1 });

describe('the service client’s byte calls: a feed page crosses compressed, inflated where it is read', () => {
  it.each([
    ['br', brotliCompressSync],
    ['gzip', gzipSync],
  ] as const)('hands back a %s page as the service sent it, and the reader inflates and checks it', async (coding, compress) => {
    const sent = compress(Buffer.from(pageText));
    const asked: IncomingHttpHeaders[] = [];
    const baseUrl = await serve((headers) => {
      asked.push(headers);
      return { headers: { 'content-encoding': coding, etag: 'W/"p1"' }, body: sent };
    });
    const got = await clientFor(baseUrl).callBytes('catalogChanges', { query: { limit: '250' } });
    if (!got.ok || got.notModified) throw new Error(`expected the page: ${JSON.stringify(got)}`);
    // The main thread holds the compressed bytes only: never the page's inflated bytes or its text.
    expect(Buffer.from(got.bytes).equals(sent)).toBe(true);
    expect(got.bytes.byteLength).toBeLessThan(pageText.length / 10);
    expect(got).toMatchObject({ coding, etag: 'W/"p1"', status: 200 });
    expect(asked[0]?.['accept-encoding']).toBe('br, gzip');
    expect(asked[0]?.authorization).toBe(`Bearer ${TEST_KEY}`);
    expect(checkEndpointBytes('catalogChanges', got.bytes, got.coding)).toEqual({ ok: true, data: JSON.parse(pageText) });
  });

  it('hands back a page sent without compression as it is, with no coding', async () => {
    const baseUrl = await serve(() => ({ body: Buffer.from(pageText) }));
    const got = await clientFor(baseUrl).callBytes('catalogChanges', { query: { limit: '250' } });
    expect(got.ok && !got.notModified && { text: new TextDecoder().decode(got.bytes), coding: got.coding }).toEqual({ text: pageText, coding: null });
  });

  it('passes a 304 and a problem through the same rules as every call', async () => {
    const notModified = await clientFor(await serve(() => ({ status: 304, headers: { etag: 'W/"p1"' } }))).callBytes('catalogChanges', { etag: 'W/"p1"' });
    expect(notModified).toEqual({ ok: true, notModified: true, etag: 'W/"p1"', status: 304 });
    await new Promise((resolve) => server?.close(resolve));
    const problem = { type: 'https://caseworks.test/problems/cursor_expired', title: 'gone', status: 410, detail: 'The cursor is too old.', code: 'cursor_expired' };
    const gone = await clientFor(await serve(() => ({ status: 410, headers: { 'content-type': 'application/problem+json' }, body: Buffer.from(JSON.stringify(problem)) }))).callBytes('catalogChanges');
    expect(gone).toMatchObject({ ok: false, error: { status: 410, problemCode: 'cursor_expired' } });
  });

  it('refuses a coding it did not ask for, before reading the body', async () => {
    const baseUrl = await serve(() => ({ headers: { 'content-encoding': 'deflate' }, body: Buffer.from(pageText) }));
    const got = await clientFor(baseUrl).callBytes('catalogChanges');
    expect(got).toMatchObject({ ok: false, error: { code: 'bad_response' } });
  });

  it('refuses, where it is read, a compressed page that inflates past the limit or does not inflate', () => {
    const huge = gzipSync(Buffer.alloc(MAX_RESPONSE_BYTES + 1, 0x20));
    expect(huge.byteLength).toBeLessThan(MAX_RESPONSE_BYTES / 100);
    expect(checkEndpointBytes('catalogChanges', huge, 'gzip')).toMatchObject({ ok: false, message: expect.stringContaining('larger than') });
    expect(checkEndpointBytes('catalogChanges', Buffer.from(pageText), 'br')).toMatchObject({ ok: false, message: expect.stringContaining('compressed in a form') });
  });
});
