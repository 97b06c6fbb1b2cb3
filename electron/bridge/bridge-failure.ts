import type { BridgeError, BridgeErrorCode } from '../../shared/bridge/result';

/** An expected failure a handler reports to the renderer; its message is shown to the user. */
export class BridgeFailure extends Error {
  readonly code: BridgeErrorCode;
  readonly retryable: boolean;
  readonly fields: BridgeError['fields'];

  constructor(code: BridgeErrorCode, message: string, options: { retryable?: boolean; fields?: BridgeError['fields'] } = {}) {
    super(message);
    this.name = 'BridgeFailure';
    this.code = code;
    this.retryable = options.retryable ?? false;
    this.fields = options.fields;
  }

  toBridgeError(): BridgeError {
    const error: BridgeError = { code: this.code, message: this.message, retryable: this.retryable };
    return this.fields && this.fields.length > 0 ? { ...error, fields: this.fields } : error;
  }
}
