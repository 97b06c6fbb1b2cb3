import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE_METHODS } from '../../../shared/bridge/contract';
import { startShellServer, type ShellServer } from '../../../electron/web/shell-server';
import { createHttpBridge } from '../../../renderer/bridge/http-bridge';
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

describe('the browser shell server', () => {
  it('prints a loopback URL that carries the token', () => {
    expect(shell.url).toBe(`${origin}/?token=${token}`);
  });

  it('answers 401 to every request without the token', async () => {
    for (const target of ['/', '/index.html', '/bridge/getSession', '/bridge/events', '/product-images/prod_withimage']) {
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

  it('streams core events as server-sent events', async () => {
    const controller = new AbortController();
    const response = await fetch(`${origin}/bridge/events`, { headers: withToken, signal: controller.signal });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = response.body!.getReader();
    await expect.poll(() => hub.listenerCount()).toBe(1);
    hub.emit({ type: 'connectivity', online: false });
    let text = '';
    while (!text.includes('"connectivity"')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    expect(text).toContain('data: {"type":"connectivity","online":false}');
    controller.abort();
    await expect.poll(() => hub.listenerCount()).toBe(0);
  });
});

describe('the renderer HTTP bridge against the shell', () => {
  it('calls methods and receives events', async () => {
    const authedFetch: typeof fetch = (input, init) =>
      fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), ...withToken } });
    class TestEventSource {
      onmessage: ((message: { data: string }) => void) | null = null;
      private readonly controller = new AbortController();
      constructor(url: string) {
        void authedFetch(url, { signal: this.controller.signal }).then(async (response) => {
          const reader = response.body!.getReader();
          let buffer = '';
          for (;;) {
            const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
            if (done) return;
            buffer += new TextDecoder().decode(value);
            const frames = buffer.split('\n\n');
            buffer = frames.pop() ?? '';
            for (const frame of frames) {
              const data = frame.split('\n').find((line) => line.startsWith('data: '));
              if (data) this.onmessage?.({ data: data.slice(6) });
            }
          }
        });
      }
      close() {
        this.controller.abort();
      }
    }
    const bridge = createHttpBridge({
      baseUrl: origin,
      fetch: authedFetch,
      createEventSource: (url) => new TestEventSource(url) as unknown as EventSource,
    });
    expect(await bridge.getOrder({ id: 'ord_abc123' })).toMatchObject({ ok: true, data: { method: 'getOrder', input: { id: 'ord_abc123' } } });
    expect(await bridge.getSession()).toMatchObject({ ok: true });
    const received: unknown[] = [];
    const stop = bridge.subscribe((event) => received.push(event));
    await expect.poll(() => hub.listenerCount()).toBe(1);
    hub.emit({ type: 'session-changed' });
    await expect.poll(() => received).toEqual([{ type: 'session-changed' }]);
    stop();
    await expect.poll(() => hub.listenerCount()).toBe(0);
  });

  it('turns a stopped shell and a missing token into error values', async () => {
    const unauthorized = createHttpBridge({ baseUrl: origin });
    expect(await unauthorized.getSession()).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    const nowhere = createHttpBridge({ baseUrl: 'http://127.0.0.1:9' });
    expect(await nowhere.getSession()).toMatchObject({ ok: false, error: { code: 'internal', retryable: true } });
  });
});
