import type { BridgeError } from '../../shared/bridge/result';
import type { ServiceError } from '../core/api/service-error';
import { failWith, succeed, type Outcome } from '../core/failure';
import type { StoreResult } from '../core/store-result';

/**
 * The one mapping from the core's failure value to what crosses to the renderer: `{ code,
 * message, retryable }` (and the field errors). Only these parts cross: never the status, the
 * service's problem code or anything else the core learned. The dispatcher calls it, once per call;
 * a handler whose answer carries a failure beside its data (the supplier list's `regionsRefused`) too.
 */
export function bridgeErrorOf(error: ServiceError): BridgeError {
  const { code, message, retryable, fields } = error;
  return fields && fields.length > 0 ? { code, message, retryable, fields } : { code, message, retryable };
}

/**
 * The one mapping of a refusal of an account's own stores (address book, favourites, order
 * guides): not found is `not_found`; a duplicate or a full store is `invalid_input`, naming the
 * field when the store does.
 */
export function storeOutcome<T>(result: StoreResult<T>): Outcome<T> {
  if (result.ok) return succeed(result.value);
  const { code, message, pointer } = result.refusal;
  if (code === 'not_found') return failWith('not_found', message);
  return failWith('invalid_input', message, false, pointer ? [{ pointer, detail: message }] : []);
}
