/**
 * The shape of a service call's outcome that sync relies on: the service client's `CallResult`
 * satisfies it, and tests can fake it without a network.
 */
export type FetchOutcome<T> =
  | { ok: true; notModified: false; data: T; etag: string | null }
  | { ok: true; notModified: true }
  | { ok: false; error: { message: string; code?: string } };
