import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Store } from '../../../server/store/types';
import { buildApp } from '../../../server/http/app';
import { ReadCache } from '../../../server/http/read-cache';
import { expectProblem } from './harness';

const API_KEY = 'cw_sk_unit-test-key';

/** Only what these tests reach: authentication, and reads that fail the way a broken database would. */
function failingStore(): Store {
  const fail = async () => {
    throw new Error('connection to database lost at 10.0.0.7 (password=hunter2)');
  };
  return {
    authenticate: async (key: string) => (key === API_KEY ? { accountId: 'org_unit', keyId: 'key_unit' } : null),
    getAccount: fail,
    listProducts: fail,
  } as unknown as Store;
}

describe('server faults', () => {
  it('become a 500 problem without internals, logged without the key', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = await buildApp({ store: failingStore(), logger: { level: 'error', stream } });
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/account`, { headers: { authorization: `Bearer ${API_KEY}` } });
      const text = await response.text();
      const problem = expectProblem({ status: response.status, headers: response.headers, text, json: JSON.parse(text) }, 500, 'internal_error');
      expect(problem.detail).not.toMatch(/database|hunter2|10\.0\.0\.7/);
      expect(lines.join('')).toContain('"kind":"internal"');
      expect(lines.join('')).not.toMatch(/hunter2|10\.0\.0\.7/);
      expect(lines.join('')).not.toContain(API_KEY);
    } finally {
      await app.close();
    }
  });
});

describe('catalog read cache', () => {
  it('shares one load between concurrent callers and serves it until invalidated', async () => {
    const cache = new ReadCache({ catalogStamp: async () => 'unchanged', maxEntries: 10, ttlMs: 60_000 });
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { loads };
    };
    const [first, second] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect(first).toBe(second);
    expect(loads).toBe(1);
    expect((await cache.get('k', load))?.bytes.toString()).toBe('{"loads":1}');
    cache.invalidate();
    expect((await cache.get('k', load))?.bytes.toString()).toBe('{"loads":2}');
  });

  it('does not keep a read that was in flight when the data changed', async () => {
    const cache = new ReadCache({ catalogStamp: async () => 'unchanged', maxEntries: 10, ttlMs: 60_000 });
    let version = 1;
    let release: () => void = () => undefined;
    const slow = cache.get('k', () => {
      const seen = version;
      return new Promise((resolve) => (release = () => resolve({ version: seen })));
    });
    // The load starts once the catalog stamp has been read.
    await new Promise((resolve) => setImmediate(resolve));
    cache.invalidate();
    version = 2;
    release();
    expect((await slow)?.bytes.toString()).toBe('{"version":1}');
    expect((await cache.get('k', async () => ({ version })))?.bytes.toString()).toBe('{"version":2}');
  });

  it('does not keep failures', async () => {
    const cache = new ReadCache({ catalogStamp: async () => 'unchanged', maxEntries: 10, ttlMs: 60_000 });
    await expect(cache.get('k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect((await cache.get('k', async () => 'ok'))?.bytes.toString()).toBe('"ok"');
  });

  it('answers null for a load that finds nothing, and keeps nothing', async () => {
    const cache = new ReadCache({ catalogStamp: async () => 'unchanged', maxEntries: 10, ttlMs: 60_000 });
    expect(await cache.get('k', async () => null)).toBeNull();
    expect(await cache.notModified('k', '*')).toBeNull();
    expect((await cache.get('k', async () => ({ found: true })))?.bytes.toString()).toBe('{"found":true}');
  });

  it('answers a conditional read from its validator without loading while the catalog stamp is unchanged', async () => {
    let stamp = 'stock-1';
    let now = 0;
    const cache = new ReadCache({ catalogStamp: async () => stamp, ttlMs: 10, stampTtlMs: 1_000, now: () => now });
    let loads = 0;
    const load = async () => ({ loads: ++loads });
    const etag = (await cache.get('page-1', load))?.etag ?? '';
    now = 60_000; // the body itself has expired; the validator has not
    expect(await cache.notModified('page-1', etag)).toBe(etag);
    expect(await cache.notModified('page-1', `W/${etag}, "other"`)).toBe(etag);
    expect(await cache.notModified('page-1', '"someone-elses"')).toBeNull();
    expect(await cache.notModified('page-2', etag)).toBeNull();
    expect(await cache.notModified('page-1', undefined)).toBeNull();
    expect(loads).toBe(1);

    stamp = 'stock-2'; // another process sold stock: trusted readings of the old stamp run out
    now += 1_001;
    expect(await cache.notModified('page-1', etag)).toBeNull();
  });

  it('does not serve a body loaded under an older catalog stamp', async () => {
    let stamp = 'stock-1';
    let now = 0;
    const cache = new ReadCache({ catalogStamp: async () => stamp, ttlMs: 60_000, stampTtlMs: 1_000, now: () => now });
    let loads = 0;
    const load = async () => ({ loads: ++loads });
    await cache.get('page-1', load);
    await cache.get('page-1', load);
    expect(loads).toBe(1);
    stamp = 'stock-2';
    now = 1_001;
    expect((await cache.get('page-1', load))?.bytes.toString()).toBe('{"loads":2}');
  });

  it('forgets validators when this process changes stock', async () => {
    const cache = new ReadCache({ catalogStamp: async () => 'same' });
    const etag = (await cache.get('page-1', async () => ({ page: 1 })))?.etag ?? '';
    cache.invalidate();
    expect(await cache.notModified('page-1', etag)).toBeNull();
  });
});

describe('shutting down', () => {
  it('refuses requests that arrive during close() with a 503 problem, Retry-After and Connection: close; running ones finish', async () => {
    let entered: () => void = () => undefined;
    const slowEntered = new Promise<void>((resolve) => (entered = resolve));
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const store = {
      authenticate: async (key: string) => (key === API_KEY ? { accountId: 'org_unit', keyId: 'key_unit' } : null),
      getAccount: async () => {
        entered();
        await released;
        return { id: 'org_unit', name: 'Unit', email: 'unit@example.com', license_number: 'L-1', license_verified: true, created_at: '2026-01-01T00:00:00.000Z' };
      },
    } as unknown as Store;
    const app = await buildApp({ store });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const request = `GET /api/v1/account HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nauthorization: Bearer ${API_KEY}\r\n\r\n`;

    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(request);
    await slowEntered;
    const closing = app.close();
    for (let turn = 0; turn < 1_000 && app.server.listening; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(app.server.listening).toBe(false);
    socket.write(request); // the same keep-alive connection, after close() began
    release();
    await ended;
    await closing;

    const [first, second] = text.split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/^HTTP\/1\.1 200 /);
    expect(second).toMatch(/^HTTP\/1\.1 503 /);
    expect(second).toMatch(/\r\ncontent-type: application\/problem\+json/i);
    expect(second).toMatch(/\r\nretry-after: 1\r\n/i);
    expect(second).toMatch(/\r\nconnection: close\r\n/i);
    const body = JSON.parse(second!.slice(second!.indexOf('\r\n\r\n') + 4));
    expect(body).toMatchObject({ status: 503, code: 'service_unavailable', type: 'urn:caseworks:problem:service_unavailable' });
  });
});
