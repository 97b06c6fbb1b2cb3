import type { EndpointName, EndpointResponse } from '../../../shared/api/endpoints';
import type { Freshness } from '../../../shared/bridge/datasets';
import type { CallArgs, ServiceClient } from '../../core/api';
import type { Cached } from '../../core/offline/offline-reads';
import { CoreFailure } from '../../core/failure';
import { BridgeFailure, failureCode } from '../bridge-failure';

export const NOT_CONNECTED = 'Caseworks is not connected to a service. Choose the demo service or your own in Settings.';

/** One call to the service; its error value is thrown as the core's failure, with the client's plain words. */
export async function callService<N extends EndpointName>(
  client: ServiceClient | null,
  name: N,
  ...args: CallArgs<N>
): Promise<EndpointResponse<N>> {
  if (!client) throw new BridgeFailure('not_configured', NOT_CONNECTED);
  const result = await client.call(name, ...args);
  if (!result.ok) throw new CoreFailure(result.error);
  if (result.notModified) throw new BridgeFailure('bad_response', 'The service answered "not modified" to a request without a validator.', { retryable: true });
  return result.data;
}

/** Errors after which the offline copy is a better answer than the error. */
export function isUnreachable(error: unknown): boolean {
  const code = failureCode(error);
  return code === 'offline' || code === 'timeout' || code === 'service_error' || code === 'rate_limited' || code === 'bad_response';
}

/**
 * Fresh from the service when it answers, otherwise the offline copy with its age. With no copy
 * either, the service's error stands.
 */
export async function freshOrCached<T>(options: {
  online: boolean;
  live: () => Promise<T>;
  cached: () => Promise<Cached<T> | null>;
  now: () => Date;
}): Promise<{ data: T; freshness: Freshness }> {
  let failure: unknown = new BridgeFailure('offline', 'The service cannot be reached and nothing is saved for offline use yet.', { retryable: true });
  if (options.online) {
    try {
      return { data: await options.live(), freshness: { asOf: options.now().toISOString(), fromCache: false } };
    } catch (error) {
      if (!isUnreachable(error)) throw error;
      failure = error;
    }
  }
  const cached = await options.cached();
  if (cached) return { data: cached.data, freshness: { asOf: cached.asOf, fromCache: true } };
  if (!options.online) {
    try {
      return { data: await options.live(), freshness: { asOf: options.now().toISOString(), fromCache: false } };
    } catch (error) {
      if (!isUnreachable(error)) throw error;
    }
  }
  throw failure;
}

/** The paging the bridge offers, applied to a list held in memory. */
export function pageLocally<T>(items: readonly T[], page: number, perPage: number) {
  const total = items.length;
  const start = (page - 1) * perPage;
  return {
    items: items.slice(start, start + perPage),
    meta: { total, page, per_page: perPage, total_pages: Math.ceil(total / perPage) },
  };
}
