/**
 * `outcomeOfOffline(answer)`: one offline answer as the core's `Outcome`, for the callers for which
 * the copy's refusing is expected (the search, the screens' reads of the offline copy). A refusal
 * with a code is a `storage_error` in the worker's plain words: one the buyer can wait out or act
 * on (`disk_full`: room on the disk; `damaged`: the copy was set aside and the next call answers)
 * is retryable, `unavailable` (the database module could not be loaded) is not. A failure without
 * a code is the worker's own, which no caller expects: it rejects (`valueOrFault`), and the
 * dispatcher says something went wrong inside Caseworks.
 */
import { failWith, succeed, type Failure, type Outcome } from '../failure';
import type { OfflineFailureCode } from './offline-protocol';
import { valueOrFault, type OfflineResult } from './offline-database';

/** Whether trying again can help, by the refusal's code. */
const RETRYABLE: Record<OfflineFailureCode, boolean> = { disk_full: true, damaged: true, unavailable: false };

/** The Failure a refusal with a code travels as. */
function refusalFailure(refusal: { message: string; code: OfflineFailureCode }): Failure {
  return failWith('storage_error', refusal.message, RETRYABLE[refusal.code]);
}

export async function outcomeOfOffline<T>(answer: Promise<OfflineResult<T>>): Promise<Outcome<T>> {
  const got = await answer;
  if (got.ok) return succeed(got.value);
  if (got.code === null) return valueOrFault(Promise.resolve(got));
  return refusalFailure({ message: got.message, code: got.code });
}
