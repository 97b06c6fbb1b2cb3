import { createHash } from 'node:crypto';
import type { IdempotencyInput } from '../store/types';
import { HttpProblem } from './problem';

export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** 1–255 visible ASCII characters, no spaces or control characters. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** JSON with object keys sorted at every level, so equal bodies hash equally whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export const requestHash = (body: unknown): string => createHash('sha256').update(canonicalJson(body)).digest('hex');

/** Reads the optional Idempotency-Key header (null without one); a present but malformed key is a 400 problem naming the header. */
export function idempotencyFromHeaders(
  headers: Record<string, string | string[] | undefined>,
  parsedBody: unknown,
): IdempotencyInput | null | HttpProblem {
  const raw = headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  const pointer = '/header/Idempotency-Key';
  if (Array.isArray(raw)) {
    return new HttpProblem(400, 'validation_failed', 'Send the Idempotency-Key header once.', [
      { pointer, detail: 'must be sent once' },
    ]);
  }
  if (!KEY_PATTERN.test(raw)) {
    return new HttpProblem(400, 'validation_failed', 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.', [
      { pointer, detail: 'must be 1 to 255 visible ASCII characters' },
    ]);
  }
  return { key: raw, requestHash: requestHash(parsedBody) };
}
