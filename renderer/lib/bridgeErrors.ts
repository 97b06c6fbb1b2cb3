import type { BridgeError, BridgeResult } from '../../shared/bridge';

/** A failed bridge call, thrown out of query and mutation functions so TanStack Query sees it. */
export class BridgeCallError extends Error {
  readonly error: BridgeError;

  constructor(error: BridgeError) {
    super(error.message);
    this.name = 'BridgeCallError';
    this.error = error;
  }

  get code(): BridgeError['code'] {
    return this.error.code;
  }

  get retryable(): boolean {
    return this.error.retryable;
  }
}

function isResult(value: unknown): value is BridgeResult<unknown> {
  if (typeof value !== 'object' || value === null || !('ok' in value)) return false;
  const candidate = value as { ok: unknown; error?: { message?: unknown } };
  if (candidate.ok === true) return 'data' in value;
  return candidate.ok === false && typeof candidate.error?.message === 'string';
}

/**
 * A bridge answer's data, for a TanStack Query `queryFn` or `mutationFn`: its failure is thrown as a
 * `BridgeCallError` (a transport failure becomes one too), because the library learns of a failure
 * only by a throw. The one place the renderer throws an expected failure: use it only there.
 */
export async function dataOrThrow<T>(call: Promise<BridgeResult<T>>): Promise<T> {
  let result: unknown;
  try {
    result = await call;
  } catch (cause) {
    throw new BridgeCallError({
      code: 'internal',
      message: `The app could not reach its core: ${cause instanceof Error ? cause.message : String(cause)}`,
      retryable: true,
    });
  }
  if (!isResult(result)) {
    throw new BridgeCallError({ code: 'bad_response', message: 'The app core sent an answer it could not read.', retryable: true });
  }
  if (result.ok) return result.data as T;
  throw new BridgeCallError(result.error);
}

/** Plain words for any error a screen may catch. */
export function errorMessage(error: unknown): string {
  if (error instanceof BridgeCallError) return error.message;
  if (error instanceof Error) return error.message;
  return 'Something went wrong.';
}

/**
 * Whether trying the same call again can help: the core's `retryable` for a failed bridge call; an
 * error of any other kind is not classified, so a try is left to the buyer.
 */
export function mayRetry(error: unknown): boolean {
  return error instanceof BridgeCallError ? error.retryable : true;
}

export function errorCode(error: unknown): BridgeError['code'] | null {
  return error instanceof BridgeCallError ? error.code : null;
}

export function fieldErrors(error: unknown): { pointer: string; detail: string }[] {
  return error instanceof BridgeCallError ? (error.error.fields ?? []) : [];
}
