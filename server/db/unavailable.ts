/**
 * "The database cannot answer right now" — a lost or refused connection, a timeout, a server that
 * is shutting down or starting up. Requests that meet it are answered 503 (retry later) instead of
 * 500, and background work simply tries again on its next turn.
 */
export class DatabaseUnavailableError extends Error {
  readonly code = 'database_unavailable';

  constructor(cause: unknown) {
    super('The database did not answer.', { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/**
 * Why the database cannot do the work now; each is answered 503 with its own Retry-After.
 * - `unreachable`: no connection, or a server that is stopping, starting or cancelled the statement.
 * - `storage_full`: the disk under the database is full (SQLSTATE 53100, or ENOSPC/EDQUOT from
 *   the file system). Readiness fails until a write succeeds again (StorageWatch).
 * - `out_of_resources`: the server is short of memory or another resource (the rest of class 53).
 */
export type UnavailableReason = 'unreachable' | 'storage_full' | 'out_of_resources';

/** Seconds a client should wait before retrying, by reason: a lost connection is back in a moment, a full disk needs someone to act. */
export const RETRY_AFTER_SECONDS: Record<UnavailableReason, number> = {
  unreachable: 1,
  storage_full: 30,
  out_of_resources: 5,
};

/**
 * SQLSTATEs the server sends when it cannot serve the session: connection exceptions (class 08),
 * too many connections, admin or crash shutdown, "the database system is starting up", a
 * statement cancelled by our own statement timeout, and a session ended by our own
 * idle-in-transaction timeout (25P03: an instance that froze inside a transaction and woke up).
 */
const UNREACHABLE_SQLSTATES = new Set(['53300', '57P01', '57P02', '57P03', '57014', '25P03']);
const UNREACHABLE_SQLSTATE_CLASSES = new Set(['08']);
/** disk_full; the rest of class 53 (insufficient_resources: 53000, out_of_memory 53200, configuration_limit_exceeded 53400) is out_of_resources. */
const STORAGE_FULL_SQLSTATES = new Set(['53100']);
const OUT_OF_RESOURCES_SQLSTATE_CLASS = '53';
/** Node's errors for a server that cannot be reached. */
const NETWORK_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** The file system's "no space left" and "quota exceeded" (an embedded database's own files). */
const STORAGE_FULL_ERROR_CODES = new Set(['ENOSPC', 'EDQUOT']);

const isSqlState = (code: string) => /^[0-9A-Z]{5}$/.test(code);

function reasonOfCode(code: string): UnavailableReason | null {
  if (NETWORK_ERROR_CODES.has(code)) return 'unreachable';
  if (STORAGE_FULL_ERROR_CODES.has(code)) return 'storage_full';
  if (!isSqlState(code)) return null;
  if (UNREACHABLE_SQLSTATES.has(code) || UNREACHABLE_SQLSTATE_CLASSES.has(code.slice(0, 2))) return 'unreachable';
  if (STORAGE_FULL_SQLSTATES.has(code)) return 'storage_full';
  if (code.startsWith(OUT_OF_RESOURCES_SQLSTATE_CLASS)) return 'out_of_resources';
  return null;
}

/** Why the error, or any error in its `cause` chain, says the database cannot do the work now; null when it does not. */
export function databaseUnavailableReason(error: unknown): UnavailableReason | null {
  for (let current = error, depth = 0; current instanceof Error && depth < 8; current = current.cause, depth += 1) {
    if (current instanceof DatabaseUnavailableError) return 'unreachable';
    const code = (current as { code?: unknown }).code;
    if (typeof code !== 'string') continue;
    const reason = reasonOfCode(code);
    if (reason) return reason;
  }
  return null;
}

/** True when the error, or any error in its `cause` chain, says the database cannot do the work now. */
export const isDatabaseUnavailable = (error: unknown): boolean => databaseUnavailableReason(error) !== null;
