import { z } from 'zod';

/** Error codes that cross the bridge. `retryable` tells the UI whether trying again can help. */
export const BRIDGE_ERROR_CODES = [
  'invalid_input',
  'unknown_method',
  'forbidden_sender',
  'not_configured',
  'offline',
  'timeout',
  'unauthorized',
  'not_found',
  'rejected',
  'rate_limited',
  'service_error',
  'bad_response',
  'storage_error',
  /** A keystroke's search that a newer keystroke's replaced before it ran (never computed). */
  'superseded',
  'internal',
] as const;
export const BridgeErrorCode = z.enum(BRIDGE_ERROR_CODES);
export type BridgeErrorCode = z.infer<typeof BridgeErrorCode>;

export const BridgeError = z.object({
  code: BridgeErrorCode,
  /** Plain words for a person; never contains the API key. */
  message: z.string(),
  retryable: z.boolean(),
  /** Field errors from the service, e.g. `/items/0/quantity`. */
  fields: z.array(z.object({ pointer: z.string(), detail: z.string() })).optional(),
});
export type BridgeError = z.infer<typeof BridgeError>;

export type BridgeResult<T> = { ok: true; data: T } | { ok: false; error: BridgeError };

export const ok = <T>(data: T): BridgeResult<T> => ({ ok: true, data });
export const fail = (
  code: BridgeErrorCode,
  message: string,
  retryable = false,
  fields?: BridgeError['fields'],
): BridgeResult<never> => ({ ok: false, error: fields ? { code, message, retryable, fields } : { code, message, retryable } });
