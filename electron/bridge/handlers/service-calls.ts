import type { EndpointName, EndpointResponse } from '../../../shared/api/endpoints';
import type { Freshness } from '../../../shared/bridge/datasets';
import type { CallArgs, ServiceClient } from '../../core/api';
import type { Cached } from '../../core/offline/offline-reads';
import type { ServiceError } from '../../core/api/service-error';
import { failWith, succeed, type Outcome } from '../../core/failure';

export const NOT_CONNECTED = 'Caseworks is not connected to a service. Choose the demo service or your own in Settings.';

/** One call to the service: its data, or its error value with the client's plain words. */
export async function callService<N extends EndpointName>(
  client: ServiceClient | null,
  name: N,
  ...args: CallArgs<N>
): Promise<Outcome<EndpointResponse<N>>> {
  if (!client) return failWith('not_configured', NOT_CONNECTED);
  const result = await client.call(name, ...args);
  if (!result.ok) return { ok: false, error: result.error };
  if (result.notModified) return failWith('bad_response', 'The service answered "not modified" to a request without a validator.', true);
  return succeed(result.data);
}

/** Errors after which the offline copy is a better answer than the error. */
export function isUnreachable(error: Pick<ServiceError, 'code'>): boolean {
  const { code } = error;
  return code === 'offline' || code === 'timeout' || code === 'service_error' || code === 'rate_limited' || code === 'bad_response';
}

/**
 * Fresh from the service when it answers, otherwise the offline copy with its age. With no copy
 * either, the service's error stands; when the offline copy refused (a full disk, a copy set
 * aside: offline-refusal.ts), its words stand instead, which say what the buyer can do.
 */
export async function freshOrCached<T>(options: {
  online: boolean;
  live: () => Promise<Outcome<T>>;
  cached: () => Promise<Outcome<Cached<T> | null>>;
  now: () => Date;
}): Promise<Outcome<{ data: T; freshness: Freshness }>> {
  const fresh = (data: T) => succeed({ data, freshness: { asOf: options.now().toISOString(), fromCache: false } });
  let failure: Outcome<never> = failWith('offline', 'The service cannot be reached and nothing is saved for offline use yet.', true);
  if (options.online) {
    const live = await options.live();
    if (live.ok) return fresh(live.data);
    if (!isUnreachable(live.error)) return live;
    failure = live;
  }
  const cached = await options.cached();
  if (!cached.ok) failure = cached;
  else if (cached.data) return succeed({ data: cached.data.data, freshness: { asOf: cached.data.asOf, fromCache: true } });
  if (!options.online) {
    const live = await options.live();
    if (live.ok) return fresh(live.data);
    if (!isUnreachable(live.error)) return live;
  }
  return failure;
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
