import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fail, type BridgeResult } from '../../shared/bridge/result';
import { PRODUCT_IMAGE_CACHE_CONTROL, productIdFromImagePath } from '../core/images/product-image-urls';
import type { CaseworksCore } from '../app/caseworks-core';
import { BRIDGE_SOCKET_PATH } from '../../shared/bridge/socket-messages';
import { attachBridgeSocket, type UpgradeRefusal } from './bridge-socket';
import { SECURITY_HEADERS } from '../app/content-security-policy';
import {
  TOKEN_QUERY,
  hasValidToken,
  isAllowedHost,
  isSameOriginRequest,
  isValidQueryToken,
  tokenCookie,
} from './shell-auth';
import { readStaticFile } from '../app/static-files';

export const BRIDGE_PATH_PREFIX = '/bridge/';
const MAX_BODY_BYTES = 1_000_000;
/** How long a refused upload may keep sending before its connection is cut. */
const LINGER_MS = 2_000;
const TOO_LARGE = 'The request is too large.';
const NOT_SIGNED_IN = 'Open the link printed by `npm run web`: it carries this launch’s token.';
const WRONG_HOST = 'This server answers only to 127.0.0.1.';
const CROSS_SITE = 'Cross-site requests are refused.';

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

/** True when the request says its body is larger than the limit (checked before a byte of it is read). */
function declaresTooLargeBody(request: IncomingMessage): boolean {
  return Number(request.headers['content-length'] ?? 0) > MAX_BODY_BYTES;
}

/**
 * After a refusal sent before the body was read, closes the connection without a reset: the answer
 * goes out, then our sending side closes, and whatever the client still sends is read and dropped
 * until it closes too or LINGER_MS pass. (Closing at once with unread data in the socket would make
 * the kernel answer with a reset, and the client could lose the answer.)
 */
function closeAfterAnswer(request: IncomingMessage, response: ServerResponse): void {
  response.setHeader('connection', 'close');
  response.once('finish', () => {
    const socket = request.socket;
    // Node ends a `Connection: close` answer with destroySoon(): end, then destroy on 'finish'.
    // Keep the end, replace the immediate destroy with a bounded linger.
    socket.removeListener('finish', socket.destroy);
    socket.end();
    const linger = setTimeout(() => socket.destroy(), LINGER_MS);
    linger.unref();
    socket.once('close', () => clearTimeout(linger));
  });
}

/** The body as text; a body over the limit is refused as soon as it is declared or seen, and the rest is read and dropped. */
function readBody(request: IncomingMessage): Promise<string> {
  if (declaresTooLargeBody(request)) return Promise.reject(new BodyTooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    request.on('data', (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) return void chunks.push(chunk);
      tooLarge = true;
      chunks.length = 0;
      reject(new BodyTooLarge());
    });
    request.on('end', () => {
      if (!tooLarge) resolve(Buffer.concat(chunks).toString('utf8'));
    });
    request.on('error', reject);
  });
}

/**
 * The browser shell's loopback server: the built renderer, the bridge as a WebSocket on
 * `/bridge/socket` (the page's calls and core events) and, for scripts, as `POST
 * /bridge/<method>`, and cached product images. Every request must name this computer as Host and
 * carry the per-launch token (header or cookie).
 */
export async function startShellServer(options: ShellServerOptions): Promise<ShellServer> {
  const { core, rendererDir, token } = options;
  let port = 0;

  /** A browser always names the page's origin when it opens a WebSocket, and must name this one. */
  function refuseSocket(request: IncomingMessage): UpgradeRefusal {
    if (!isAllowedHost(request.headers.host, port)) return { status: 421, text: WRONG_HOST };
    if (request.headers.origin === undefined || !isSameOriginRequest(request, port)) return { status: 403, text: CROSS_SITE };
    if (!hasValidToken(request, token)) return { status: 401, text: NOT_SIGNED_IN };
    return null;
  }

  async function handleBridgeCall(request: IncomingMessage, response: ServerResponse, method: string) {
    if (request.method !== 'POST') return sendResult(response, 405, fail('invalid_input', 'Bridge calls are POST requests.'));
    if (!(request.headers['content-type'] ?? '').toLowerCase().startsWith('application/json')) {
      return sendResult(response, 415, fail('invalid_input', 'Bridge calls carry JSON.'));
    }
    let text: string;
    try {
      text = await readBody(request);
    } catch (error) {
      if (error instanceof BodyTooLarge) {
        closeAfterAnswer(request, response);
        return sendResult(response, 413, fail('invalid_input', TOO_LARGE));
      }
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

  async function handle(request: IncomingMessage, response: ServerResponse) {
    if (!isAllowedHost(request.headers.host, port)) return sendText(response, 421, WRONG_HOST);
    if (!isSameOriginRequest(request, port)) return sendText(response, 403, CROSS_SITE);
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);

    if (url.searchParams.has(TOKEN_QUERY)) {
      if (!isValidQueryToken(url.searchParams.get(TOKEN_QUERY), token)) return sendText(response, 401, 'That link is not valid for this launch.');
      url.searchParams.delete(TOKEN_QUERY);
      return send(response, 303, '', 'text/plain; charset=utf-8', { location: `${url.pathname}${url.search}`, 'set-cookie': tokenCookie(token) });
    }
    if (declaresTooLargeBody(request)) {
      closeAfterAnswer(request, response);
      if (url.pathname.startsWith(BRIDGE_PATH_PREFIX)) return sendResult(response, 413, fail('invalid_input', TOO_LARGE));
      return sendText(response, 413, TOO_LARGE);
    }
    if (!hasValidToken(request, token)) return sendText(response, 401, NOT_SIGNED_IN);

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
  const socket = attachBridgeSocket(server, BRIDGE_SOCKET_PATH, { core, refuse: refuseSocket });

  return {
    server,
    port,
    url: `http://127.0.0.1:${port}/?${TOKEN_QUERY}=${token}`,
    async close() {
      socket.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
