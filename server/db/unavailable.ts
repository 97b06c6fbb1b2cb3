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
 * SQLSTATEs the server sends when it cannot serve the session: connection exceptions (class 08),
 * too many connections, admin or crash shutdown, "the database system is starting up", a
 * statement cancelled by our own statement timeout, and a session ended by our own
 * idle-in-transaction timeout (25P03: an instance that froze inside a transaction and woke up).
 */
const UNAVAILABLE_SQLSTATES = new Set(['53300', '57P01', '57P02', '57P03', '57014', '25P03']);
const UNAVAILABLE_SQLSTATE_CLASSES = new Set(['08']);
/** Node's errors for a server that cannot be reached. */
const NETWORK_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

const isSqlState = (code: string) => /^[0-9A-Z]{5}$/.test(code);

/** True when the error, or any error in its `cause` chain, says the database is unreachable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 8; current = current.cause, depth += 1) {
    if (current instanceof DatabaseUnavailableError) return true;
    const code = (current as { code?: unknown }).code;
    if (typeof code !== 'string') continue;
    if (NETWORK_ERROR_CODES.has(code)) return true;
    if (isSqlState(code) && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SQLSTATE_CLASSES.has(code.slice(0, 2)))) return true;
  }
  return false;
}
