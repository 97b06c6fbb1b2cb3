import type { HandlerGroup } from '../handler-types';
import type { ReadContext } from './read-context';
import { callService, freshOrCached } from './service-calls';

export function createAccountHandlers(deps: ReadContext) {
  return {
    getAccount: () =>
      freshOrCached({
        online: deps.online(),
        live: () => callService(deps.client(), 'getAccount'),
        cached: () => deps.offline.account(),
        now: deps.now,
      }),
  } satisfies HandlerGroup<'getAccount'>;
}
