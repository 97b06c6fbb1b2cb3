import http from 'node:http';
import https from 'node:https';
import { publicOnlyLookup, refuseLiteralAddress, RefusedTargetError, type DeliveryMode, type Resolver } from './target-policy';
import { signedHeaders } from './signing';

export interface SendInput {
  id: string;
  url: string;
  secret: string;
  body: string;
}

export interface SendOutcome {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  /** True when production mode refused the target (a non-public address), so nothing was sent. */
  refused?: true;
  /** Milliseconds from the start of the send to its answer or failure. */
  durationMs?: number;
}

export interface SendOptions {
  mode: DeliveryMode;
  timeoutMs: number;
  now: Date;
  /** How host names are resolved in production mode (the system's resolver unless given). */
  resolve?: Resolver;
}

/** Sends one signed delivery, timed. Any 2xx answer counts as delivered; redirects are not followed. */
export async function sendDelivery(input: SendInput, options: SendOptions): Promise<SendOutcome> {
  const started = performance.now();
  const outcome = await sendOnce(input, options);
  return { ...outcome, durationMs: Math.round(performance.now() - started) };
}

function sendOnce(input: SendInput, options: SendOptions): Promise<SendOutcome> {
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    return Promise.resolve({ ok: false, statusCode: null, error: 'invalid URL' });
  }
  const refusal = refuseLiteralAddress(url.hostname, options.mode);
  if (refusal) return Promise.resolve({ ok: false, statusCode: null, error: refusal, refused: true });

  const transport = url.protocol === 'https:' ? https : http;
  const headers = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(input.body)),
    'user-agent': 'Caseworks-Webhooks/1',
    ...signedHeaders(input.secret, input.id, options.now, input.body),
  };
  return new Promise((settle) => {
    const deadline: { timer?: ReturnType<typeof setTimeout> } = {};
    const resolve = (outcome: SendOutcome) => {
      clearTimeout(deadline.timer);
      settle(outcome);
    };
    const request = transport.request(
      url,
      {
        method: 'POST',
        headers,
        timeout: options.timeoutMs,
        ...(options.mode === 'production' ? { lookup: publicOnlyLookup(options.resolve) } : {}),
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          const statusCode = response.statusCode ?? null;
          const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
          resolve({ ok, statusCode, error: ok ? null : `receiver answered ${statusCode}` });
        });
        response.on('error', (error) => resolve({ ok: false, statusCode: response.statusCode ?? null, error: error.message }));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    // The socket timeout bounds silence; this bounds the whole send (a receiver trickling bytes too).
    deadline.timer = setTimeout(() => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)), options.timeoutMs);
    request.on('error', (error) =>
      resolve({ ok: false, statusCode: null, error: error.message, ...(error instanceof RefusedTargetError ? { refused: true as const } : {}) }),
    );
    request.end(input.body);
  });
}
