import type { FieldError } from '../../../shared';
import type { BridgeError, BridgeErrorCode } from '../../../shared/bridge';

/**
 * Why a call to the service did not produce data. Compatible with the bridge's error shape
 * (`code`, `message`, `retryable`, `fields`), plus what the transport learned: the HTTP status,
 * the service's own problem code (e.g. `insufficient_inventory`) and how long the service asked
 * us to wait.
 */
export interface ServiceError extends BridgeError {
  code: BridgeErrorCode;
  /** HTTP status, or null when no response arrived. */
  status: number | null;
  /** The `code` of the service's problem response, when it sent one. */
  problemCode: string | null;
  /** From `Retry-After`, in milliseconds, when the service sent it. */
  retryAfterMs: number | null;
  /** True when the caller aborted the call itself (not a timeout). */
  cancelled?: boolean;
}

interface ErrorParts {
  code: BridgeErrorCode;
  message: string;
  retryable: boolean;
  status?: number | null;
  problemCode?: string | null;
  retryAfterMs?: number | null;
  fields?: FieldError[];
  cancelled?: boolean;
}

export function serviceError(parts: ErrorParts): ServiceError {
  const error: ServiceError = {
    code: parts.code,
    message: parts.message,
    retryable: parts.retryable,
    status: parts.status ?? null,
    problemCode: parts.problemCode ?? null,
    retryAfterMs: parts.retryAfterMs ?? null,
  };
  if (parts.fields && parts.fields.length > 0) error.fields = parts.fields;
  if (parts.cancelled) error.cancelled = true;
  return error;
}

/**
 * True when the service could not be reached or did not answer in time: every other request
 * would fail the same way now. Decided by the error's code, never its wording.
 */
export function isConnectionFailure(code: string | null | undefined): boolean {
  return code === 'offline' || code === 'timeout';
}

export interface ProblemInfo {
  detail: string | null;
  code: string | null;
  fields: FieldError[];
}

/** Problem codes that mean "the same request may succeed shortly", despite their 4xx status. */
const RETRYABLE_PROBLEM_CODES = new Set(['idempotency_key_in_use', 'rate_limited']);

/** Turns an HTTP error status (and the problem body, if any) into a plain-words error. */
export function errorForStatus(status: number, problem: ProblemInfo, retryAfterMs: number | null): ServiceError {
  const base = { status, problemCode: problem.code, retryAfterMs, fields: problem.fields };
  const detail = problem.detail;
  if (status === 401 || status === 403) {
    return serviceError({
      ...base,
      code: 'unauthorized',
      retryable: false,
      message: 'The service did not accept the API key. Check the key in Settings or sign in again.',
    });
  }
  if (status === 404) {
    return serviceError({
      ...base,
      code: 'not_found',
      retryable: false,
      message: detail ?? 'The service could not find what was asked for.',
    });
  }
  if (status === 408) {
    // The service gave up waiting for the request and did nothing with it: the same request may pass.
    return serviceError({
      ...base,
      code: 'service_error',
      retryable: true,
      message: 'The service stopped waiting for the request (HTTP 408). Trying again may help.',
    });
  }
  if (status === 429) {
    return serviceError({
      ...base,
      code: 'rate_limited',
      retryable: true,
      message: 'The service is receiving too many requests from this app. It will try again shortly.',
    });
  }
  if (status >= 500) {
    return serviceError({
      ...base,
      code: 'service_error',
      retryable: true,
      message: `The service had a problem (HTTP ${status}). Trying again later may help.`,
    });
  }
  if (problem.code !== null && RETRYABLE_PROBLEM_CODES.has(problem.code)) {
    return serviceError({
      ...base,
      code: 'service_error',
      retryable: true,
      message: detail ?? 'The service is still busy with this request. It will try again shortly.',
    });
  }
  return serviceError({
    ...base,
    code: 'rejected',
    retryable: false,
    message: detail ?? `The service refused the request (HTTP ${status}).`,
  });
}

/** Removes every occurrence of a secret from the texts of an error. */
export function redactError(error: ServiceError, secret: string | null): ServiceError {
  if (!secret) return error;
  const scrub = (text: string) => text.split(secret).join('[redacted]');
  const redacted: ServiceError = { ...error, message: scrub(error.message) };
  if (error.problemCode !== null) redacted.problemCode = scrub(error.problemCode);
  if (error.fields) {
    redacted.fields = error.fields.map((field) => ({ pointer: scrub(field.pointer), detail: scrub(field.detail) }));
  }
  return redacted;
}
