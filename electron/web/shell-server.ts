import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fail, type BridgeResult } from '../../shared/bridge/result';
import { PRODUCT_IMAGE_CACHE_CONTROL, productIdFromImagePath } from '../core/app/product-image-urls';
import type { CaseworksCore } from '../core/platform';
import { SECURITY_HEADERS } from './content-security-policy';
import {
  TOKEN_QUERY,
  hasValidToken,
  isAllowedHost,
  isSameOriginRequest,
  isValidQueryToken,
  tokenCookie,
} from './shell-auth';
import { readStaticFile } from './static-files';

export const BRIDGE_PATH_PREFIX = '/bridge/';
export const EVENTS_PATH = '/bridge/events';
const MAX_BODY_BYTES = 1_000_000;
const HEARTBEAT_MS = 15_000;

export interface ShellServerOptions {
  core: Pick<CaseworksCore, 'dispatcher' | 'events' | 'readImage'>;
  rendererDir: string;
  token: string;
  port?: number;
}

export interface ShellServer {
  server: Server;
  port: number;
  /** The URL to open: it carries the token once, which the server swaps for a cookie. */
  url: string;
  close(): Promise<void>;
}

class BodyTooLarge extends Error {}

function send(response: ServerResponse, status: number, body: string | Uint8Array, contentType: string, extra: Record<string, string> = {}) {
  response.writeHead(status, { ...SECURITY_HEADERS, 'content-type': contentType, 'cache-control': 'no-store', ...extra });
  response.end(body);
}

function sendResult(response: ServerResponse, status: number, result: BridgeResult<unknown>) {
  send(response, status, JSON.stringify(result), 'application/json; charset=utf-8');
}

function sendText(response: ServerResponse, status: number, text: string) {
  send(response, status, text, 'text/plain; charset=utf-8');
}

async function readBody(request: IncomingMessage): Promise<string> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) throw new BodyTooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The browser shell's loopback server: the built renderer, the bridge as `POST /bridge/<method>`,
 * core events as server-sent events on `GET /bridge/events`, and cached product images. Every
 * request must name this computer as Host and carry the per-launch token (header or cookie).
 */
export async function startShellServer(options: ShellServerOptions): Promise<ShellServer> {
  const { core, rendererDir, token } = options;
  const streams = new Set<ServerResponse>();
  let port = 0;

  async function handleBridgeCall(request: IncomingMessage, response: ServerResponse, method: string) {
    if (request.method !== 'POST') return sendResult(response, 405, fail('invalid_input', 'Bridge calls are POST requests.'));
    if (!(request.headers['content-type'] ?? '').toLowerCase().startsWith('application/json')) {
      return sendResult(response, 415, fail('invalid_input', 'Bridge calls carry JSON.'));
    }
    let text: string;
    try {
      text = await readBody(request);
    } catch (error) {
      if (error instanceof BodyTooLarge) return sendResult(response, 413, fail('invalid_input', 'The request is too large.'));
      throw error;
    }
    let input: unknown;
    try {
      input = text.trim() === '' ? undefined : JSON.parse(text);
    } catch {
      return sendResult(response, 400, fail('invalid_input', 'The request is not valid JSON.'));
    }
    sendResult(response, 200, await core.dispatcher.dispatch(method, input));
  }

  function openEventStream(request: IncomingMessage, response: ServerResponse) {
    response.writeHead(200, {
      ...SECURITY_HEADERS,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
    });
    response.write('retry: 2000\n\n');
    streams.add(response);
    const unsubscribe = core.events.subscribe((event) => {
      response.write(`data: ${JSON.stringify(event)}\n\n`);
    });
    const heartbeat = setInterval(() => response.write(': heartbeat\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    request.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
      streams.delete(response);
    });
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    if (!isAllowedHost(request.headers.host, port)) return sendText(response, 421, 'This server answers only to 127.0.0.1.');
    if (!isSameOriginRequest(request, port)) return sendText(response, 403, 'Cross-site requests are refused.');
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);

    if (url.searchParams.has(TOKEN_QUERY)) {
      if (!isValidQueryToken(url.searchParams.get(TOKEN_QUERY), token)) return sendText(response, 401, 'That link is not valid for this launch.');
      url.searchParams.delete(TOKEN_QUERY);
      return send(response, 303, '', 'text/plain; charset=utf-8', { location: `${url.pathname}${url.search}`, 'set-cookie': tokenCookie(token) });
    }
    if (!hasValidToken(request, token)) {
      return sendText(response, 401, 'Open the link printed by `npm run web`: it carries this launch’s token.');
    }

    if (url.pathname === EVENTS_PATH) {
      if (request.method !== 'GET') return sendText(response, 405, 'Method not allowed');
      return openEventStream(request, response);
    }
    if (url.pathname.startsWith(BRIDGE_PATH_PREFIX)) {
      return handleBridgeCall(request, response, url.pathname.slice(BRIDGE_PATH_PREFIX.length));
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return sendText(response, 405, 'Method not allowed');

    const productId = productIdFromImagePath(url.pathname);
    if (productId) {
      const image = await core.readImage(productId).catch(() => null);
      if (!image) return sendText(response, 404, 'No image');
      return send(response, 200, image.body, image.contentType, { 'cache-control': PRODUCT_IMAGE_CACHE_CONTROL });
    }
    const file = await readStaticFile(rendererDir, url.pathname);
    if (!file) return sendText(response, 404, 'Not found');
    return send(response, 200, file.body, file.contentType);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) sendResult(response, 500, fail('internal', 'Something went wrong inside Caseworks.', true));
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;

  return {
    server,
    port,
    url: `http://127.0.0.1:${port}/?${TOKEN_QUERY}=${token}`,
    async close() {
      for (const stream of streams) stream.end();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
