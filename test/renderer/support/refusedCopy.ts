import { fail, type CaseworksBridge } from '../../../shared/bridge';

/** The worker's words for a full disk, as the core answers a read of the offline copy it refused (offline-refusal.ts). */
export const DISK_FULL = 'The disk is full, so the offline copy could not be saved. It stays as it was; free some space and sync again.';

type Read = {
  [M in keyof CaseworksBridge]: CaseworksBridge[M] extends (input: never) => Promise<unknown> ? M : never;
}[keyof CaseworksBridge];

/**
 * `method` of the fake bridge answers the offline copy's refusal for a full disk (a retryable
 * storage_error) until `recover()`; then it answers as before, as after the buyer freed some space.
 */
export function refuseUntilRecovered<M extends Read>(bridge: CaseworksBridge, method: M) {
  const answer = bridge[method] as (input: unknown) => Promise<unknown>;
  let refusing = true;
  const refusingAnswer = (input: unknown) => (refusing ? Promise.resolve(fail('storage_error', DISK_FULL, true)) : answer(input));
  Object.assign(bridge, { [method]: refusingAnswer });
  return {
    recover() {
      refusing = false;
    },
  };
}
