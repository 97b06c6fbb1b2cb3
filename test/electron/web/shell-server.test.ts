import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE_METHODS } from '../../../shared/bridge/contract';
import { startShellServer, type ShellServer } from '../../../electron/web/shell-server';
import { WebSocket } from 'ws';
import { createEventHub } from '../../../electron/bridge/event-hub';
import { BRIDGE_SOCKET_PATH } from '../../../shared/bridge/socket-messages';
import { createSocketBridge } from '../../../renderer/bridge/socket-bridge';
import { validBridgeInputs } from '../../support/bridge-samples';
import { createFakeCore } from '../../support/fake-core';

const root = mkdtempSync(path.join(tmpdir(), 'caseworks-shell-'));
const rendererDir = path.join(root, 'renderer');
mkdirSync(rendererDir);
writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Caseworks</title>');
writeFileSync(path.join(root, 'secret.txt'), 'do not serve');

const token = 'test-token-0123456789abcdef0123456789abcdef';
const { core, handlers, hub } = createFakeCore();
let shell: ShellServer;
let origin: string;

beforeAll(async () => {
  shell = await startShellServer({ core, rendererDir, token });
  origin = `http://127.0.0.1:${shell.port}`;
});
afterAll(async () => {
  await shell.close();
});

/** A raw request, so tests control Host and every other header the way a hostile page could not. */
function raw(options: { method?: string; path: string; headers?: Record<string, string>; body?: string }) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: shell.port, method: options.method ?? 'GET', path: options.path, headers: options.headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const withToken = { 'x-caseworks-token': token };
const json = { 'content-type': 'application/json' };

/** The HTTP status a WebSocket upgrade gets: 101 when the socket opens. */
function upgradeStatus(options: { headers?: Record<string, string>; origin?: string; path?: string }) {
  return new Promise<number>((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${shell.port}${options.path ?? BRIDGE_SOCKET_PATH}`, {
      headers: options.headers,
      ...(options.origin ? { origin: options.origin } : {}),
    });
    socket.on('open', () => {
      socket.close();
      resolve(101);
    });
    socket.on('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      response.resume();
    });
    socket.on('error', (error) => {
      if (!/Unexpected server response/.test(error.message)) reject(error);
    });
  });
}

async function openSocket(): Promise<WebSocket> {
  const socket = new WebSocket(`ws://127.0.0.1:${shell.port}${BRIDGE_SOCKET_PATH}`, { origin, headers: { cookie: `caseworks_token=${token}` } });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return socket;
}

describe('the browser shell server', () => {
  it('prints a loopback URL that carries the token', () => {
    expect(shell.url).toBe(`${origin}/?token=${token}`);
  });

  it('answers 401 to every request without the token', async () => {
    for (const target of ['/', '/index.html', '/bridge/getSession', '/product-images/prod_withimage']) {
      const response = await raw({ path: target, method: target.startsWith('/bridge/get') ? 'POST' : 'GET', headers: json });
      expect(response.status, target).toBe(401);
    }
    const wrong = await raw({ method: 'POST', path: '/bridge/getSession', headers: { ...json, 'x-caseworks-token': 'guess' }, body: '{}' });
    expect(wrong.status).toBe(401);
    expect(handlers.getSession).not.toHaveBeenCalled();
  });

  it('swaps the link token for an HttpOnly, SameSite cookie and accepts that cookie', async () => {
    const visit = await raw({ path: `/?token=${token}` });
    expect(visit.status).toBe(303);
    expect(visit.headers.location).toBe('/');
    const cookie = String(visit.headers['set-cookie']);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    const page = await raw({ path: '/', headers: { cookie: cookie.split(';')[0]! } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>Caseworks</title>');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect((await raw({ path: '/?token=wrong' })).status).toBe(401);
  });

  it('refuses other Host names (DNS rebinding) and cross-site requests', async () => {
    const rebound = await raw({ method: 'POST', path: '/bridge/getSession', headers: { ...withToken, ...json, host: 'evil.example' }, body: '{}' });
    expect(rebound.status).toBe(421);
    const crossOrigin = await raw({
      method: 'POST',
      path: '/bridge/getSession',
      headers: { ...withToken, ...json, origin: 'https://evil.example' },
      body: '{}',
    });
    expect(crossOrigin.status).toBe(403);
    const crossSite = await raw({ method: 'POST', path: '/bridge/getSession', headers: { ...withToken, ...json, 'sec-fetch-site': 'cross-site' }, body: '{}' });
    expect(crossSite.status).toBe(403);
    expect(handlers.getSession).not.toHaveBeenCalled();
  });

  it('dispatches every contract method over POST /bridge/<method>', async () => {
    for (const method of BRIDGE_METHODS) {
      const response = await raw({ method: 'POST', path: `/bridge/${method}`, headers: { ...withToken, ...json, origin }, body: JSON.stringify(validBridgeInputs[method]) });
      expect(response.status, method).toBe(200);
      expect(JSON.parse(response.body), method).toMatchObject({ ok: true, data: { method } });
    }
  });

  it('answers bad input with error values', async () => {
    const post = (target: string, body: string, headers: Record<string, string> = json) =>
      raw({ method: 'POST', path: target, headers: { ...withToken, ...headers }, body });
    expect(JSON.parse((await post('/bridge/nope', '{}')).body)).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
    expect(JSON.parse((await post('/bridge/getOrder', '{"id":7}')).body)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(JSON.parse((await post('/bridge/getOrder', '{"id":')).body)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect((await post('/bridge/getSession', '{}', { 'content-type': 'text/plain' })).status).toBe(415);
    const huge = await post('/bridge/searchCatalog', JSON.stringify({ text: 'x'.repeat(2_000_000) }));
    expect(huge.status).toBe(413);
    expect(JSON.parse((await post('/bridge/searchCatalog', JSON.stringify({ text: 'x'.repeat(5000) }))).body)).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
  });

  /** A raw upload that keeps sending after its headers, as a client with a lying Content-Length does. */
  function upload(head: string, bodyBytes: number, chunked = false) {
    return new Promise<{ outcome: 'closed' | 'reset' | 'hung'; text: string }>((resolve) => {
      const socket = connect(shell.port, '127.0.0.1');
      let text = '';
      let settled = false;
      const settle = (outcome: 'closed' | 'reset' | 'hung') => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        socket.destroy();
        resolve({ outcome, text });
      };
      const timer = setTimeout(() => settle('hung'), 8_000);
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (text += chunk));
      socket.on('error', () => settle('reset'));
      socket.on('end', () => settle('closed'));
      socket.write(`${head}\r\n\r\n`);
      let sent = 0;
      const block = Buffer.alloc(64 * 1024, 0x78);
      const pump = () => {
        while (sent < bodyBytes && !socket.destroyed) {
          sent += block.length;
          const data = chunked ? Buffer.concat([Buffer.from(`${block.length.toString(16)}\r\n`), block, Buffer.from('\r\n')]) : block;
          if (!socket.write(data)) return void socket.once('drain', pump);
        }
      };
      pump();
    });
  }

  it.each([
    ['a Content-Length that lies (999999999)', 'content-length: 999999999', false],
    ['a chunked body over the limit', 'transfer-encoding: chunked', true],
  ])('answers %s with 413 before reading the body, then closes without a reset', async (_label, lengthHeader, chunked) => {
    const head = [`POST /bridge/getSession HTTP/1.1`, `host: 127.0.0.1:${shell.port}`, `x-caseworks-token: ${token}`, 'content-type: application/json', lengthHeader].join('\r\n');
    const { outcome, text } = await upload(head, 4 * 1024 * 1024, chunked);
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(/\{.*\}/.exec(text)?.[0] ?? '')).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(outcome).toBe('closed');
  });

  it('answers a lying Content-Length on any path with 413 and closes', async () => {
    const head = [`POST / HTTP/1.1`, `host: 127.0.0.1:${shell.port}`, 'content-length: 999999999'].join('\r\n');
    const { outcome, text } = await upload(head, 1024 * 1024);
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(outcome).toBe('closed');
  });

  it('refuses paths outside the renderer folder', async () => {
    for (const target of ['/../secret.txt', '/..%2fsecret.txt', '/%2e%2e/secret.txt', '/assets/..%5c..%5csecret.txt']) {
      const response = await raw({ path: target, headers: withToken });
      expect(response.status, target).toBe(404);
      expect(response.body).not.toContain('do not serve');
    }
  });

  it('serves cached product images', async () => {
    const image = await raw({ path: '/product-images/prod_withimage', headers: withToken });
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/svg+xml');
    expect(image.headers['cache-control'], 'the address is versioned by the remote image').toBe('private, max-age=31536000, immutable');
    expect((await raw({ path: '/product-images/prod_missing', headers: withToken })).status).toBe(404);
  });

  it('opens the bridge socket only for this origin, this host and the token', async () => {
    const cookie = `caseworks_token=${token}`;
    expect(await upgradeStatus({ headers: { cookie }, origin })).toBe(101);
    expect(await upgradeStatus({ headers: { 'x-caseworks-token': token }, origin })).toBe(101);
    expect(await upgradeStatus({ origin }), 'no token').toBe(401);
    expect(await upgradeStatus({ headers: { cookie: 'caseworks_token=guess' }, origin }), 'wrong token').toBe(401);
    expect(await upgradeStatus({ headers: { cookie } }), 'no origin').toBe(403);
    expect(await upgradeStatus({ headers: { cookie }, origin: 'https://evil.example' }), 'another site').toBe(403);
    expect(await upgradeStatus({ headers: { cookie, host: 'evil.example' }, origin }), 'DNS rebinding').toBe(421);
    expect(await upgradeStatus({ headers: { cookie }, origin, path: '/bridge/other' }), 'another path').toBe(404);
  });

  it('dispatches calls and pushes core events over the bridge socket', async () => {
    const socket = await openSocket();
    const messages: unknown[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(String(data))));
    socket.send(JSON.stringify({ id: 7, method: 'getOrder', input: { id: 'ord_abc123' } }));
    socket.send(JSON.stringify({ id: 8, method: 'getOrder', input: { id: 7 } }));
    socket.send(JSON.stringify({ id: 9, method: 'nope' }));
    await expect.poll(() => messages.length).toBe(3);
    expect(messages).toEqual(
      expect.arrayContaining([
        { kind: 'reply', id: 7, result: { ok: true, data: { method: 'getOrder', input: { id: 'ord_abc123' } } } },
        { kind: 'reply', id: 8, result: expect.objectContaining({ ok: false, error: expect.objectContaining({ code: 'invalid_input' }) }) },
        { kind: 'reply', id: 9, result: expect.objectContaining({ ok: false, error: expect.objectContaining({ code: 'unknown_method' }) }) },
      ]),
    );
    await expect.poll(() => hub.listenerCount()).toBe(1);
    hub.emit({ type: 'connectivity', online: false });
    await expect.poll(() => messages.at(-1)).toEqual({ kind: 'event', event: { type: 'connectivity', online: false } });
    socket.close();
    await expect.poll(() => hub.listenerCount()).toBe(0);
  });

  it('closes a socket that sends anything but a bridge call', async () => {
    const callsBefore = handlers.getSession.mock.calls.length;
    for (const message of ['not json', JSON.stringify({ method: 'getSession' }), JSON.stringify({ id: -1, method: 'getSession' }), Buffer.from([1, 2, 3])]) {
      const socket = await openSocket();
      const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
      socket.send(message);
      expect(await closed, String(message)).toBe(1008);
    }
    expect(handlers.getSession).toHaveBeenCalledTimes(callsBefore);
    const huge = await openSocket();
    const closed = new Promise<number>((resolve) => huge.on('close', (code) => resolve(code)));
    huge.send(JSON.stringify({ id: 1, method: 'searchCatalog', input: { text: 'x'.repeat(2_000_000) } }));
    expect(await closed, 'a message over the size limit').toBe(1009);
  });
});

describe('the renderer socket bridge against the shell', () => {
  const connect = (url: string, extra: { token?: string } = {}) =>
    new WebSocket(url, { origin, headers: extra.token ? { cookie: `caseworks_token=${extra.token}` } : {} }) as unknown as globalThis.WebSocket;

  it('calls methods and receives events', async () => {
    const bridge = createSocketBridge({ url: `ws://127.0.0.1:${shell.port}${BRIDGE_SOCKET_PATH}`, createSocket: (url) => connect(url, { token }) });
    const [order, session] = await Promise.all([bridge.getOrder({ id: 'ord_abc123' }), bridge.getSession()]);
    expect(order).toMatchObject({ ok: true, data: { method: 'getOrder', input: { id: 'ord_abc123' } } });
    expect(session).toMatchObject({ ok: true, data: { method: 'getSession' } });
    const received: unknown[] = [];
    const stop = bridge.subscribe((event) => received.push(event));
    hub.emit({ type: 'session-changed' });
    await expect.poll(() => received).toEqual([{ type: 'session-changed' }]);
    stop();
    hub.emit({ type: 'connectivity', online: true });
    expect(await bridge.getSession(), 'a round trip after the event').toMatchObject({ ok: true });
    expect(received, 'nothing after unsubscribing').toHaveLength(1);
  });

  it('turns a stopped shell and a missing token into retryable error values', async () => {
    const unauthorized = createSocketBridge({ url: `ws://127.0.0.1:${shell.port}${BRIDGE_SOCKET_PATH}`, createSocket: (url) => connect(url) });
    expect(await unauthorized.getSession()).toMatchObject({ ok: false, error: { code: 'internal', retryable: true, message: expect.stringMatching(/npm run web/) } });
    const nowhere = createSocketBridge({ url: 'ws://127.0.0.1:9/bridge/socket', createSocket: (url) => connect(url, { token }) });
    expect(await nowhere.getSession()).toMatchObject({ ok: false, error: { code: 'internal', retryable: true } });
    let attempts = 0;
    const throwing = createSocketBridge({
      url: 'not a url',
      createSocket: () => {
        attempts += 1;
        throw new SyntaxError('bad address');
      },
    });
    expect(await throwing.getSession()).toMatchObject({ ok: false, error: { code: 'internal', retryable: true } });
    expect(await throwing.getSession()).toMatchObject({ ok: false, error: { code: 'internal', retryable: true } });
    expect(attempts, 'each call tries to open the socket again').toBe(2);
  });

  it('reports its link: open while the shell answers, stopped once the shell is gone', async () => {
    const own = await startShellServer({ core, rendererDir, token });
    const links: string[] = [];
    const bridge = createSocketBridge({
      url: `ws://127.0.0.1:${own.port}${BRIDGE_SOCKET_PATH}`,
      createSocket: (url) => new WebSocket(url, { origin: `http://127.0.0.1:${own.port}`, headers: { cookie: `caseworks_token=${token}` } }) as unknown as globalThis.WebSocket,
      reconnectDelayMs: 20,
      onLinkChange: (state) => links.push(state),
    });
    const stop = bridge.subscribe(() => undefined);
    expect(await bridge.getSession()).toMatchObject({ ok: true });
    expect(links).toEqual(['open']);
    await own.close();
    await expect.poll(() => links.at(-1), { timeout: 5_000 }).toBe('stopped');
    stop();
  });

  it('fails the calls a lost socket carried and reopens it for event listeners', async () => {
    const events = createEventHub();
    const stalled = { dispatcher: { dispatch: () => new Promise<never>(() => {}) }, events, readImage: async () => null };
    const first = await startShellServer({ core: stalled, rendererDir, token });
    const bridge = createSocketBridge({
      url: `ws://127.0.0.1:${first.port}${BRIDGE_SOCKET_PATH}`,
      createSocket: (url) => new WebSocket(url, { origin: `http://127.0.0.1:${first.port}`, headers: { cookie: `caseworks_token=${token}` } }) as unknown as globalThis.WebSocket,
      reconnectDelayMs: 20,
    });
    const received: unknown[] = [];
    bridge.subscribe((event) => received.push(event));
    const inFlight = bridge.getSession();
    await expect.poll(() => events.listenerCount()).toBe(1);
    await first.close();
    expect(await inFlight).toMatchObject({ ok: false, error: { code: 'internal', retryable: true, message: expect.stringMatching(/lost/) } });
    const second = await startShellServer({ core: { ...stalled, events }, rendererDir, token, port: first.port });
    try {
      await expect
        .poll(() => {
          events.emit({ type: 'session-changed' });
          return received.length;
        }, { timeout: 5_000 })
        .toBeGreaterThan(0);
      expect(received[0]).toEqual({ type: 'session-changed' });
    } finally {
      await second.close();
    }
  });

  it('tells a page that connects while the offline copy is being updated how far it got', async () => {
    const events = createEventHub();
    const idle = { dispatcher: { dispatch: () => new Promise<never>(() => {}) }, events, readImage: async () => null };
    const own = await startShellServer({ core: idle, rendererDir, token });
    events.emit({ type: 'offline-upgrade', done: 30, total: 46, finished: false, problem: null });
    const bridge = createSocketBridge({
      url: `ws://127.0.0.1:${own.port}${BRIDGE_SOCKET_PATH}`,
      createSocket: (url) => new WebSocket(url, { origin: `http://127.0.0.1:${own.port}`, headers: { cookie: `caseworks_token=${token}` } }) as unknown as globalThis.WebSocket,
      reconnectDelayMs: 20,
    });
    const received: unknown[] = [];
    const stop = bridge.subscribe((event) => received.push(event));
    try {
      await expect.poll(() => received, { timeout: 5_000 }).toEqual([{ type: 'offline-upgrade', done: 30, total: 46, finished: false, problem: null }]);
    } finally {
      stop();
      await own.close();
    }
  });
});
