import type { z } from 'zod';
import { CONTENT_CODINGS, endpoints, type EndpointName, type EndpointSpec } from '../../../shared';
import type { CallArgs, CallControls, CallOptions, CallResult, BytesCallResult } from './call-types';
import { interpretResponse } from './interpret-response';
import { fetchAsSent } from './fetch-as-sent';
import { MAIN_THREAD_PARSE } from '../main-thread-parse';
import { MAX_RESPONSE_BYTES, RESPONSE_NAMES } from './response-text';
import { backoffDelayMs } from './retry-policy';
import { RatePacer, readRateLimit } from './rate-pacer';
import { redactError, serviceError, type ServiceError } from './service-error';
import { abortableSleep, type Sleep } from './sleep';

export interface ServiceClientOptions {
  /** The service's base URL, ending in /api/v1. */
  baseUrl: string;
  /** Asked before every call, so a key change takes effect at once. Null means "no key set". */
  getApiKey: () => string | null | undefined | Promise<string | null | undefined>;
  fetch?: typeof fetch;
  /**
   * The transport of `callBytes`: a fetch that hands back the body as sent, its Content-Encoding not
   * undone (`fetchAsSent` by default), so a compressed page crosses to the offline worker compressed.
   */
  fetchAsSent?: typeof fetch;
  /** Per attempt, covering the response body too. */
  timeoutMs?: number;
  /** Attempts per call, including the first. */
  maxAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A Retry-After longer than this ends the call with the error (and its retryAfterMs) instead of waiting. */
  maxRetryAfterMs?: number;
  maxResponseBytes?: number;
  /** The longest a request is held back to stay under the service's announced rate limit. */
  maxPaceDelayMs?: number;
  sleep?: Sleep;
  random?: () => number;
  now?: () => number;
  /** Told after every attempt whether the service could be reached at all. */
  onReachability?: (reachable: boolean) => void;
}

export interface ServiceClient {
  readonly baseUrl: string;
  /** One typed call to the service. Never throws for anything the network or the service does. */
  call<N extends EndpointName>(name: N, ...args: CallArgs<N>): Promise<CallResult<N>>;
  /**
   * The same call, its body handed back as bytes, not decoded, parsed or checked: for big responses
   * (the change feed's pages) that the offline worker decodes, parses and checks against the
   * contract (`checkEndpointBytes`), so the main thread never makes a string of them (a page of
   * about a megabyte a time, whose collection held the main thread about 20 ms). It asks for the
   * body compressed (CONTENT_CODINGS) and hands it back compressed, with its `coding`: the worker
   * inflates it (`checkEndpointBytes`). ETags, retries and pacing are the same.
   */
  callBytes<N extends EndpointName>(name: N, ...args: CallArgs<N>): Promise<BytesCallResult>;
}

export const CLIENT_DEFAULTS = {
  timeoutMs: 15_000,
  maxAttempts: 4,
  baseDelayMs: 300,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 30_000,
  maxPaceDelayMs: 30_000,
  maxResponseBytes: MAX_RESPONSE_BYTES,
} as const;

type Prepared = { url: string; body: string | undefined } | { error: ServiceError };

export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const settings = { ...CLIENT_DEFAULTS, ...definedOnly(options) };
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const fetchBytes = options.fetchAsSent ?? fetchAsSent;
  const sleep = options.sleep ?? abortableSleep;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const host = hostOf(options.baseUrl);
  const pacer = new RatePacer({ now, maxDelayMs: settings.maxPaceDelayMs });

  function call<N extends EndpointName>(name: N, ...args: CallArgs<N>): Promise<CallResult<N>> {
    return run(name, false, args) as Promise<CallResult<N>>;
  }

  function callBytes<N extends EndpointName>(name: N, ...args: CallArgs<N>): Promise<BytesCallResult> {
    return run(name, true, args) as Promise<BytesCallResult>;
  }

  async function run<N extends EndpointName>(name: N, asBytes: boolean, args: CallArgs<N>): Promise<CallResult<N> | BytesCallResult> {
    const callOptions = (args[0] ?? {}) as CallOptions<N>;
    const spec: EndpointSpec = endpoints[name];
    const prepared = prepare(options.baseUrl, spec, callOptions as CallOptions<EndpointName>);
    if ('error' in prepared) return { ok: false, error: prepared.error };
    let apiKey: string | null | undefined;
    try {
      apiKey = await options.getApiKey();
    } catch {
      apiKey = null;
    }
    if (!apiKey) {
      return failure(serviceError({ code: 'not_configured', message: 'No API key is set. Connect to a service in Settings.', retryable: false }));
    }
    const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${apiKey}` };
    if (prepared.body !== undefined) headers['content-type'] = 'application/json';
    if (callOptions.idempotencyKey) headers['idempotency-key'] = callOptions.idempotencyKey;
    if (callOptions.etag) headers['if-none-match'] = callOptions.etag;
    // A byte call's body crosses to the worker as sent: compressed, when the service compresses it.
    if (asBytes) headers['accept-encoding'] = CONTENT_CODINGS.join(', ');
    const mayRetry = spec.method === 'GET' || (spec.idempotent === true && Boolean(callOptions.idempotencyKey));

    for (let attempt = 1; ; attempt += 1) {
      const outcome = await attemptOnce(name, spec, prepared.url, headers, prepared.body, callOptions, asBytes);
      if (outcome.ok) return outcome;
      const error = redactError(outcome.error, apiKey);
      if (!error.retryable || !mayRetry || error.cancelled || attempt >= settings.maxAttempts) return failure(error);
      if (error.retryAfterMs !== null && error.retryAfterMs > settings.maxRetryAfterMs) return failure(error);
      // A Retry-After is waited out by the pacer before the next attempt (every call waits it out).
      if (error.retryAfterMs === null) {
        try {
          await sleep(backoffDelayMs(attempt, { ...settings, random }), callOptions.signal);
        } catch {
          return failure(cancelledError());
        }
      }
      if (callOptions.signal?.aborted) return failure(cancelledError());
    }
  }

  async function attemptOnce<N extends EndpointName>(
    name: N,
    spec: EndpointSpec,
    url: string,
    headers: Record<string, string>,
    body: string | undefined,
    callOptions: CallControls,
    asBytes: boolean,
  ): Promise<CallResult<N> | BytesCallResult> {
    const signal = callOptions.signal;
    if (signal?.aborted) return failure(cancelledError());
    const paceMs = pacer.reserve();
    let reading: ReturnType<typeof readRateLimit> = null;
    try {
      if (paceMs > 0) await sleep(paceMs, signal);
    } catch {
      pacer.finished(null);
      return failure(cancelledError());
    }
    if (signal?.aborted) {
      pacer.finished(null);
      return failure(cancelledError());
    }
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, settings.timeoutMs);
    const forwardAbort = () => controller.abort();
    signal?.addEventListener('abort', forwardAbort, { once: true });
    try {
      const response = await (asBytes ? fetchBytes : fetchImpl)(url, { method: spec.method, headers, body, signal: controller.signal, redirect: 'manual' });
      options.onReachability?.(true);
      reading = readRateLimit(response.headers, now());
      callOptions.onHeaders?.(response.headers);
      const interpreted = await interpretResponse(response, {
        schema: spec.response,
        what: RESPONSE_NAMES[name],
        maxResponseBytes: settings.maxResponseBytes,
        nowMs: now(),
        asBytes,
      });
      if (interpreted.kind === 'bytes') return { ok: true, notModified: false, bytes: interpreted.bytes, coding: interpreted.coding, etag: interpreted.etag, status: interpreted.status };
      if (interpreted.kind === 'data') {
        return { ok: true, notModified: false, data: interpreted.data as never, etag: interpreted.etag, status: interpreted.status };
      }
      if (interpreted.kind === 'not-modified') return { ok: true, notModified: true, etag: interpreted.etag, status: 304 };
      if (response.status === 429 && interpreted.error.retryAfterMs !== null) pacer.retryAfter(interpreted.error.retryAfterMs);
      return failure(interpreted.error);
    } catch {
      if (timedOut) {
        return failure(
          serviceError({
            code: 'timeout',
            message: `The service at ${host} did not answer within ${Math.round(settings.timeoutMs / 100) / 10} s.`,
            retryable: true,
          }),
        );
      }
      if (signal?.aborted) return failure(cancelledError());
      options.onReachability?.(false);
      return failure(
        serviceError({
          code: 'offline',
          message: `Could not reach the service at ${host}. Check the network connection.`,
          retryable: true,
        }),
      );
    } finally {
      pacer.finished(reading);
      clearTimeout(timer);
      signal?.removeEventListener('abort', forwardAbort);
    }
  }

  return { baseUrl: options.baseUrl, call, callBytes };
}

/** Checks the call's own inputs against the endpoint table before anything goes on the wire. */
function prepare(baseUrl: string, spec: EndpointSpec, options: CallOptions<EndpointName>): Prepared {
  const params = spec.params ? spec.params.safeParse(options.params ?? {}, MAIN_THREAD_PARSE) : null;
  if (params && !params.success) return { error: invalidInput('path parameters', params.error) };
  const query = stringifyQuery(options.query as Record<string, unknown> | undefined);
  const checkedQuery = spec.query.safeParse(query, MAIN_THREAD_PARSE);
  if (!checkedQuery.success) return { error: invalidInput('query', checkedQuery.error) };
  let body: string | undefined;
  if (spec.body) {
    const checkedBody = spec.body.safeParse(options.body, MAIN_THREAD_PARSE);
    if (!checkedBody.success) return { error: invalidInput('request body', checkedBody.error) };
    body = JSON.stringify(options.body);
  }
  try {
    return { url: buildRequestUrl(baseUrl, spec.path, params?.data as Record<string, string> | undefined, query), body };
  } catch {
    return { error: serviceError({ code: 'not_configured', message: 'The service URL is not valid.', retryable: false }) };
  }
}

function invalidInput(part: string, error: z.ZodError): ServiceError {
  return serviceError({
    code: 'invalid_input',
    message: `The ${part} of this request is not valid.`,
    retryable: false,
    fields: error.issues.slice(0, 50).map((issue) => ({
      pointer: '/' + issue.path.map(String).join('/'),
      detail: issue.message,
    })),
  });
}

function cancelledError(): ServiceError {
  return serviceError({ code: 'timeout', message: 'The request was cancelled.', retryable: true, cancelled: true });
}

function failure(error: ServiceError): { ok: false; error: ServiceError } {
  return { ok: false, error };
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return 'the configured address';
  }
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}

/**
 * Builds the URL of one call: the base URL (ending in /api/v1), the endpoint's path with its
 * `:param` segments filled in (percent-encoded), and the query without empty values.
 */
function buildRequestUrl(
  baseUrl: string,
  path: string,
  params: Record<string, string> | undefined,
  query: Record<string, string> | undefined,
): string {
  const filledPath = path.replace(/:([A-Za-z_]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
  const url = new URL(baseUrl.replace(/\/+$/, '') + filledPath);
  for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, value);
  return url.toString();
}

/** Query values as the wire carries them: strings, without undefined or null entries. */
function stringifyQuery(query: Record<string, unknown> | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    result[name] = typeof value === 'string' ? value : String(value);
  }
  return result;
}
