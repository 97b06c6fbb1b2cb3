import type { BridgeError, BridgeErrorCode } from '../../shared/bridge/result';
import { CoreFailure, type Outcome } from '../core/failure';
import { writeFailureOf } from '../core/files/write-failure';

/** A refusal of the bridge's own (e.g. a link it will not open); its message is shown to the user. */
export class BridgeFailure extends Error {
  readonly code: BridgeErrorCode;
  readonly retryable: boolean;

  constructor(code: BridgeErrorCode, message: string, options: { retryable?: boolean } = {}) {
    super(message);
    this.name = 'BridgeFailure';
    this.code = code;
    this.retryable = options.retryable ?? false;
  }
}

/** The core's failure value, thrown so the handler stops; `bridgeErrorOf` turns it into the bridge's error. */
export function unwrap<T>(outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.data;
  throw new CoreFailure(outcome.error);
}

/** The code of a failure the bridge knows (its own or the core's); null for anything else. */
export function failureCode(error: unknown): BridgeErrorCode | null {
  if (error instanceof BridgeFailure) return error.code;
  if (error instanceof CoreFailure) return error.error.code;
  return null;
}

/**
 * The one mapping from what handlers throw to what crosses to the renderer: `{ code, message,
 * retryable }` (and the service's field errors). Only these parts cross: never the status, the
 * problem code or anything else the core learned. A file that could not be written (a full disk)
 * is said as such. Null for errors nobody expected (`internal`).
 */
export function bridgeErrorOf(error: unknown): BridgeError | null {
  if (error instanceof BridgeFailure) return { code: error.code, message: error.message, retryable: error.retryable };
  if (error instanceof CoreFailure) {
    const { code, message, retryable, fields } = error.error;
    return fields && fields.length > 0 ? { code, message, retryable, fields } : { code, message, retryable };
  }
  return writeFailureOf(error);
}
