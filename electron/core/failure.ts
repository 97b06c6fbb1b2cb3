import type { BridgeErrorCode } from '../../shared/bridge/result';
import { serviceError, type ServiceError } from './api/service-error';

/**
 * How the core reports an expected failure: as a value (`Outcome`) where the caller decides, or
 * thrown as a `CoreFailure` where it cannot go on. Either way the error is a `ServiceError`: a code
 * the bridge knows, plain words for a person, and whether trying again can help. The bridge turns
 * it into a `BridgeError` in one place (electron/bridge/bridge-failure.ts, `bridgeErrorOf`).
 */
export type Outcome<T> = { ok: true; data: T } | { ok: false; error: ServiceError };

export const succeed = <T>(data: T): Outcome<T> => ({ ok: true, data });

export const failWith = (code: BridgeErrorCode, message: string, retryable = false): Outcome<never> => ({
  ok: false,
  error: serviceError({ code, message, retryable }),
});

/** A failure the core throws; its message is the error's, for people. */
export class CoreFailure extends Error {
  readonly error: ServiceError;

  constructor(error: ServiceError) {
    super(error.message);
    this.name = 'CoreFailure';
    this.error = error;
  }
}
