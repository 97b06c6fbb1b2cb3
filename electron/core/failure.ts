import type { FieldError } from '../../shared';
import type { BridgeErrorCode } from '../../shared/bridge/result';
import { serviceError, type ServiceError } from './api/service-error';

/**
 * How the core reports an expected failure: as a value, from where it is found up to the bridge's
 * dispatcher, which maps it once (`bridgeErrorOf`, electron/bridge/bridge-failure.ts). The error is
 * a `ServiceError`: a code the bridge knows, plain words for a person, whether trying again can
 * help, and the fields it is about. Code decides by `code`, never by `message`.
 */
export type Outcome<T> = { ok: true; data: T } | Failure;

/** An `Outcome` that failed: the value every expected failure of the core travels as. */
export type Failure = { ok: false; error: ServiceError };

export const succeed = <T>(data: T): Outcome<T> => ({ ok: true, data });

export const failWith = (code: BridgeErrorCode, message: string, retryable = false, fields: FieldError[] = []): Failure => ({
  ok: false,
  error: serviceError({ code, message, retryable, fields }),
});
