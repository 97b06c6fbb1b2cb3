import type { z } from 'zod';
import { Problem, readContentCoding, type ContentCoding } from '../../../shared';
import { MAIN_THREAD_PARSE } from '../main-thread-parse';
import { checkResponseText, decodeUtf8, tooLargeMessage, unreadableCodingMessage } from './response-text';
import { errorForStatus, serviceError, type ProblemInfo, type ServiceError } from './service-error';
import { parseRetryAfter } from './retry-policy';

/** Error bodies are short; reading more of one would only waste memory. */
const ERROR_BODY_LIMIT_BYTES = 64 * 1024;

export type Interpreted =
  | { kind: 'data'; data: unknown; etag: string | null; status: number }
  | { kind: 'bytes'; bytes: Uint8Array; coding: ContentCoding | null; etag: string | null; status: number }
  | { kind: 'not-modified'; etag: string | null }
  | { kind: 'error'; error: ServiceError };

export interface InterpretOptions {
  schema: z.ZodType;
  /** What the response is, in plain words, for messages ("the product list"). */
  what: string;
  maxResponseBytes: number;
  nowMs: number;
  /**
   * Hand back the body's bytes as the transport gave them, with their content coding, not inflated,
   * decoded, parsed or checked (the caller checks them against `schema` elsewhere). Only for a
   * transport that leaves the coding as sent (`fetchAsSent`).
   */
  asBytes?: boolean;
}

/**
 * Reads one HTTP response as the endpoint's schema describes it. Unknown fields are dropped by the
 * schema; anything that is not what the contract promises becomes a `bad_response` value. Body
 * read failures (timeouts, resets) propagate so the caller can classify them with the request.
 */
export async function interpretResponse(response: Response, options: InterpretOptions): Promise<Interpreted> {
  const etag = response.headers.get('etag');
  if (response.status === 304) {
    await response.body?.cancel().catch(() => undefined);
    return { kind: 'not-modified', etag };
  }
  if (response.status >= 300 && response.status < 400) {
    await response.body?.cancel().catch(() => undefined);
    return badResponse(response.status, 'The service answered with a redirect to another address. Check the service URL.');
  }
  if (response.status >= 200 && response.status < 300) return readData(response, options, etag);
  return { kind: 'error', error: await readProblem(response, options.nowMs) };
}

async function readData(response: Response, options: InterpretOptions, etag: string | null): Promise<Interpreted> {
  const contentType = response.headers.get('content-type');
  if (!isJsonContentType(contentType)) {
    await response.body?.cancel().catch(() => undefined);
    const received = contentType ? contentType.split(';')[0]?.trim() : 'no content type';
    return badResponse(
      response.status,
      `The service answered with ${received} instead of JSON. Check that the URL points to a Caseworks service.`,
    );
  }
  const coding = options.asBytes ? readContentCoding(response.headers.get('content-encoding')) : null;
  if (coding === undefined) {
    await response.body?.cancel().catch(() => undefined);
    return badResponse(response.status, unreadableCodingMessage(options.what));
  }
  const body = await readBodyBytes(response, options.maxResponseBytes);
  if (!body.ok) {
    return badResponse(response.status, tooLargeMessage(options.what, body.tooLargeBytes));
  }
  if (options.asBytes) return { kind: 'bytes', bytes: body.bytes, coding, etag, status: response.status };
  const checked = checkResponseText(decodeUtf8(body.bytes), options.schema, options.what, MAIN_THREAD_PARSE);
  if (!checked.ok) return badResponse(response.status, checked.message);
  return { kind: 'data', data: checked.data, etag, status: response.status };
}

async function readProblem(response: Response, nowMs: number): Promise<ServiceError> {
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), nowMs);
  const problem: ProblemInfo = { detail: null, code: null, fields: [] };
  if (isJsonContentType(response.headers.get('content-type'))) {
    try {
      const body = await readBodyBytes(response, ERROR_BODY_LIMIT_BYTES);
      const parsed = Problem.safeParse(body.ok ? JSON.parse(decodeUtf8(body.bytes)) : null, MAIN_THREAD_PARSE);
      if (parsed.success) {
        problem.detail = parsed.data.detail.slice(0, 1000);
        problem.code = parsed.data.code.slice(0, 100);
        problem.fields = (parsed.data.errors ?? []).slice(0, 100);
      }
    } catch {
      // An unreadable error body still leaves the status to go by.
    }
  } else {
    await response.body?.cancel().catch(() => undefined);
  }
  return errorForStatus(response.status, problem, retryAfterMs);
}

function badResponse(status: number, message: string): Interpreted {
  return { kind: 'error', error: serviceError({ code: 'bad_response', message, retryable: false, status }) };
}

/** The body's bytes (in a buffer of their own), or that it was larger than the limit (an expected answer, so a value). */
export type BodyBytes = { ok: true; bytes: Uint8Array } | { ok: false; tooLargeBytes: number };

/**
 * Reads a response body's bytes into one buffer that holds nothing else (so it can be transferred
 * to a worker thread), refusing to hold more than `limitBytes` in memory:
 * a declared Content-Length over the limit is refused before reading, and a body that streams
 * past the limit is cancelled as soon as it crosses it. A failure to read (a timeout, a reset) is
 * not decided here: it propagates, so the caller can classify it with the request.
 */
export async function readBodyBytes(response: Response, limitBytes: number): Promise<BodyBytes> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limitBytes) {
    await response.body?.cancel().catch(() => undefined);
    return { ok: false, tooLargeBytes: limitBytes };
  }
  if (!response.body) return { ok: true, bytes: new Uint8Array(0) };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limitBytes) {
      await reader.cancel().catch(() => undefined);
      return { ok: false, tooLargeBytes: limitBytes };
    }
    chunks.push(value);
  }
  return { ok: true, bytes: concat(chunks, total) };
}

/** The chunks in one new buffer; a single chunk that is its buffer's whole is kept as it is. */
function concat(chunks: Uint8Array[], total: number): Uint8Array {
  const only = chunks[0];
  if (chunks.length === 1 && only && only.byteOffset === 0 && only.byteLength === only.buffer.byteLength) return only;
  const joined = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    joined.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return joined;
}

/** `application/json` or any `+json` media type (e.g. `application/problem+json`). */
export function isJsonContentType(header: string | null): boolean {
  if (!header) return false;
  const mediaType = header.split(';')[0]?.trim().toLowerCase() ?? '';
  return mediaType === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(mediaType);
}
