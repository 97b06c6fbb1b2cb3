import type { OutboxEntry } from '../../../shared/bridge';
import type { CallResult } from '../api';
import type { ServiceError } from '../api';
import { backoffDelayMs } from '../api';

export type SendResult = CallResult<'createOrder'>;

export interface RetryTiming {
  baseDelayMs: number;
  maxDelayMs: number;
  /** Never retry sooner than this, so an outage is not hammered by a lucky jitter draw. */
  minDelayMs: number;
  random: () => number;
}

/** What the sender does with an entry after one attempt. */
export type SendOutcome =
  | { kind: 'confirmed'; entry: OutboxEntry }
  | { kind: 'retry-later'; entry: OutboxEntry; delayMs: number }
  | { kind: 'pause'; entry: OutboxEntry }
  | { kind: 'needs-review'; entry: OutboxEntry };

/** Errors that say nothing about this order but about the connection or the sign-in. */
const PAUSING_CODES = new Set(['unauthorized', 'not_configured']);

export function outcomeOf(entry: OutboxEntry, result: SendResult, nowIso: string, timing: RetryTiming): SendOutcome {
  if (result.ok && !result.notModified) {
    return {
      kind: 'confirmed',
      entry: { ...entry, state: 'confirmed', confirmed: result.data, review: null, lastError: null, nextAttemptAt: null, updatedAt: nowIso },
    };
  }
  const error: ServiceError = result.ok
    ? { code: 'bad_response', message: 'The service answered the order without an order.', retryable: false, status: 304, problemCode: null, retryAfterMs: null }
    : result.error;
  const waiting = { ...entry, state: 'queued' as const, lastError: error.message, updatedAt: nowIso };
  if (PAUSING_CODES.has(error.code)) return { kind: 'pause', entry: { ...waiting, nextAttemptAt: null } };
  if (error.retryable) {
    const jittered = Math.max(timing.minDelayMs, backoffDelayMs(entry.attempts, timing));
    const delayMs = Math.max(jittered, error.retryAfterMs ?? 0);
    return { kind: 'retry-later', entry: { ...waiting, nextAttemptAt: new Date(Date.parse(nowIso) + delayMs).toISOString() }, delayMs };
  }
  return {
    kind: 'needs-review',
    entry: {
      ...entry,
      state: 'needs_review',
      lastError: error.message,
      nextAttemptAt: null,
      updatedAt: nowIso,
      review: { code: error.problemCode ?? error.code, message: reviewMessage(error), fields: error.fields ?? [] },
    },
  };
}

function reviewMessage(error: ServiceError): string {
  if (error.code === 'bad_response') {
    return `${error.message} The order may have been placed: check Orders before sending it again (sending again with the same order is safe).`;
  }
  return error.message;
}
