import type { BridgeErrorCode, OutboxEntry, OutboxReview } from '../../../shared/bridge';
import type { CallResult } from '../api';
import { backoffDelayMs, serviceError, type ServiceError } from '../api';

export type SendResult = CallResult<'createOrder'>;

export interface RetryTiming {
  baseDelayMs: number;
  maxDelayMs: number;
  /** Never retry sooner than this, so an outage is not hammered by a lucky jitter draw. */
  minDelayMs: number;
  random: () => number;
}

/**
 * An order the service failed on this many times (5xx, no answer in time) is not tried again by
 * itself: it waits for the buyer to send it again or discard it. Failures about the connection or
 * the account (offline, 401, 429) do not count.
 */
export const MAX_ORDER_FAILURES = 6;

/** What the sender does after one attempt: with this entry only, or with the whole outbox. */
export type SendOutcome =
  | { kind: 'confirmed'; entry: OutboxEntry }
  /** This order waits `delayMs`; the others go on. */
  | { kind: 'retry-later'; entry: OutboxEntry; delayMs: number }
  /** Nothing is sent for `delayMs`: the service cannot be reached or asked this account to slow down. */
  | { kind: 'hold'; entry: OutboxEntry; delayMs: number }
  /** Nothing is sent until kicked: the sign-in is missing or was not accepted. */
  | { kind: 'pause'; entry: OutboxEntry }
  | { kind: 'needs-review'; entry: OutboxEntry };

/** What a failure is about. Decided by the error's code, never by its wording. */
export type FailureScope =
  /** The service could not be reached at all. */
  | 'connection'
  /** The service asked this account to slow down (429, usually with Retry-After). */
  | 'account'
  /** No key, or the key was not accepted. */
  | 'sign-in'
  /** The service failed on this order (5xx, no answer in time, our own failure to send it). */
  | 'order'
  /** The service answered, but not with an order this app can read. */
  | 'unreadable'
  /** The service turned the order down; it must change. */
  | 'refused';

const SCOPE_OF_CODE: Partial<Record<BridgeErrorCode, FailureScope>> = {
  offline: 'connection',
  rate_limited: 'account',
  unauthorized: 'sign-in',
  not_configured: 'sign-in',
  service_error: 'order',
  timeout: 'order',
  internal: 'order',
  bad_response: 'unreadable',
};

export function failureScope(error: Pick<ServiceError, 'code'>): FailureScope {
  return SCOPE_OF_CODE[error.code] ?? 'refused';
}

/**
 * @param holds how many outbox-wide holds came one after another before this attempt (for the
 *   connection's own backoff).
 */
export function outcomeOf(entry: OutboxEntry, result: SendResult, nowIso: string, timing: RetryTiming, holds = 0): SendOutcome {
  if (result.ok && !result.notModified) {
    return {
      kind: 'confirmed',
      entry: { ...entry, state: 'confirmed', confirmed: result.data, review: null, lastError: null, nextAttemptAt: null, updatedAt: nowIso },
    };
  }
  const error: ServiceError = result.ok
    ? serviceError({ code: 'bad_response', message: 'The service answered the order without an order.', retryable: false, status: 304 })
    : result.error;
  const waiting = { ...entry, state: 'queued' as const, lastError: error.message, updatedAt: nowIso };
  const nowMs = Date.parse(nowIso);
  const scope = failureScope(error);
  switch (scope) {
    case 'sign-in':
      return { kind: 'pause', entry: { ...waiting, nextAttemptAt: null } };
    case 'connection':
    case 'account': {
      const delayMs = waitMs(holds + 1, timing, error.retryAfterMs);
      return { kind: 'hold', entry: { ...waiting, nextAttemptAt: null }, delayMs };
    }
    case 'order': {
      const failures = entry.failures + 1;
      if (failures >= MAX_ORDER_FAILURES) {
        return needsReview({ ...entry, failures }, error, nowIso, { kind: 'failed', code: error.problemCode ?? error.code, message: repeatedFailureMessage(failures, error), fields: [] });
      }
      const delayMs = waitMs(failures, timing, error.retryAfterMs);
      return { kind: 'retry-later', entry: { ...waiting, failures, nextAttemptAt: new Date(nowMs + delayMs).toISOString() }, delayMs };
    }
    case 'unreadable':
      return needsReview(entry, error, nowIso, {
        kind: 'failed',
        code: error.code,
        message: `${error.message} The order may have been placed: check Orders before sending it again (sending it again as it is is safe).`,
        fields: [],
      });
    case 'refused':
      return needsReview(entry, error, nowIso, { kind: 'refused', code: error.problemCode ?? error.code, message: error.message, fields: error.fields ?? [] });
  }
}

/** Exponential backoff with full jitter, never under the minimum, never sooner than Retry-After. */
function waitMs(retry: number, timing: RetryTiming, retryAfterMs: number | null): number {
  return Math.max(timing.minDelayMs, backoffDelayMs(retry, timing), retryAfterMs ?? 0);
}

function needsReview(entry: OutboxEntry, error: ServiceError, nowIso: string, review: OutboxReview): SendOutcome {
  return {
    kind: 'needs-review',
    entry: { ...entry, state: 'needs_review', lastError: error.message, nextAttemptAt: null, updatedAt: nowIso, review },
  };
}

function repeatedFailureMessage(failures: number, last: ServiceError): string {
  if (last.code === 'timeout') {
    return `The service did not answer this order ${failures} times, so it may or may not have been placed. Check Orders; sending it again is safe, it cannot be placed twice.`;
  }
  return `The service failed on this order ${failures} times; it was not placed. You can send it again or discard it.`;
}
