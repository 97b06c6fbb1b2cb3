import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';

/**
 * The transport of the service client's byte calls (`callBytes`): a `fetch` whose answer's body is
 * the bytes as the service sent them, its `Content-Encoding` not undone. The global `fetch` inflates
 * a compressed body on the thread that reads it (through zlib streams driven from that thread), so
 * the main thread would hold each change-feed page inflated (about a megabyte, sevenfold its
 * compressed size); with this one the compressed bytes move to the offline worker, which inflates
 * them (`inflateBody`). Only what the service client sends is carried: method, headers, a string
 * body, an abort signal; redirects are not followed (the client refuses them). The retries, pacing
 * and reading of answers stay in the service client, whichever transport carries a call.
 */
export const fetchAsSent: typeof fetch = (input, init) =>
  new Promise<Response>((resolve, reject) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const secure = url.protocol === 'https:';
    if (!secure && url.protocol !== 'http:') {
      reject(new TypeError(`fetchAsSent carries http and https only, not ${url.protocol}`));
      return;
    }
    const method = init?.method ?? 'GET';
    const options = {
      method,
      headers: Object.fromEntries(new Headers(init?.headers)),
      signal: init?.signal ?? undefined,
      agent: secure ? httpsAgent : httpAgent,
    };
    const answered = (message: IncomingMessage) => {
      const status = message.statusCode ?? 0;
      const headers = new Headers();
      for (let at = 0; at + 1 < message.rawHeaders.length; at += 2) headers.append(message.rawHeaders[at]!, message.rawHeaders[at + 1]!);
      const withoutBody = method === 'HEAD' || NULL_BODY_STATUSES.has(status);
      if (withoutBody) message.resume();
      try {
        resolve(new Response(withoutBody ? null : (Readable.toWeb(message) as ReadableStream<Uint8Array>), { status, statusText: message.statusMessage ?? '', headers }));
      } catch (error) {
        // A status a Response cannot carry (outside 200–599): a network error, as fetch gives it.
        message.destroy();
        reject(error);
      }
    };
    const request = secure ? httpsRequest(url, options, answered) : httpRequest(url, options, answered);
    request.on('error', reject);
    const body = init?.body;
    if (body !== undefined && body !== null && typeof body !== 'string') {
      request.destroy();
      reject(new TypeError('fetchAsSent sends string bodies only'));
      return;
    }
    request.end(body ?? undefined);
  });

/** Statuses whose answers have no body (a `Response` refuses one). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** Connections are kept between calls, as the global `fetch` keeps them. */
const httpAgent = new HttpAgent({ keepAlive: true });
const httpsAgent = new HttpsAgent({ keepAlive: true });
