import type { FieldError } from '../../shared';
import type { BridgeErrorCode } from '../../shared/bridge/result';
import { serviceError, type ServiceError } from './api/service-error';

/**
 * How the core reports an expected failure: as a value, from where it is found up to the bridge's
 * dispatcher, which maps it once (`bridgeErrorOf`, electron/bridge/bridge-failure.ts). The error is
 * a `ServiceError`: a code the bridge knows, plain words for a person, whether trying again can
 * help, and the fields it is about. Code decides by `code`, never by `message`.
 */
export type Outcome<T> = { ok: true; data: T } | { ok: false; error: ServiceError };

export const succeed = <T>(data: T): Outcome<T> => ({ ok: true, data });

export const failWith = (code: BridgeErrorCode, message: string, retryable = false, fields: FieldError[] = []): Outcome<never> => ({
  ok: false,
  error: serviceError({ code, message, retryable, fields }),
});

/**
 * The core's failure as an exception: thrown only by the session manager
 * (`electron/core/session/session-manager.ts`), whose steps the bridge turns back into an `Outcome`
 * at once (`settled`, electron/bridge/bridge-failure.ts). Nothing else throws or catches it.
 */
export class CoreFailure extends Error {
  readonly error: ServiceError;

  constructor(error: ServiceError) {
    super(error.message);
    this.name = 'CoreFailure';
    this.error = error;
  }
}
