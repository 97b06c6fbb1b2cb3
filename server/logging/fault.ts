/**
 * What the service logs about a fault: its kind and codes, never its message.
 *
 * Messages of database errors carry the failed query's parameters (drizzle's "Failed query: …
 * params: …" holds a new webhook's `whsec_…` secret, an order's shipping address and notes, a key's
 * hash), so no message, parameter or stack header is ever logged; only these fixed fields are.
 */
export type FaultKind = 'database' | 'network' | 'timeout' | 'internal';

export interface FaultSummary {
  kind: FaultKind;
  /** The error's class, when it is a plain identifier (`DrizzleQueryError`, `TypeError`). */
  name?: string;
  /** A SQLSTATE (`23505`) for database faults, a system code (`ECONNRESET`) for network ones. */
  code?: string;
  /** The SQLSTATE class (`23` → `integrity_constraint_violation`) when one is known. */
  sqlClass?: string;
  /** Where the fault happened: the stack's frames, without the message lines above them. */
  frames?: string[];
}

/** SQLSTATE classes (PostgreSQL Appendix A) an operator acts on. */
const SQLSTATE_CLASSES: Record<string, string> = {
  '08': 'connection_exception',
  '22': 'data_exception',
  '23': 'integrity_constraint_violation',
  '25': 'invalid_transaction_state',
  '28': 'invalid_authorization_specification',
  '40': 'transaction_rollback',
  '42': 'syntax_error_or_access_rule_violation',
  '53': 'insufficient_resources',
  '54': 'program_limit_exceeded',
  '55': 'object_not_in_prerequisite_state',
  '57': 'operator_intervention',
  '58': 'system_error',
  XX: 'internal_error',
};

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED']);
const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'ESOCKETTIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'ABORT_ERR']);
const SQLSTATE = /^[0-9A-Z]{5}$/;
const SYSTEM_CODE = /^[A-Z][A-Z0-9_]{1,39}$/;
const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_]{0,59}$/;
const MAX_FRAMES = 8;
const MAX_CAUSES = 5;

/** Classifies anything thrown into a summary that is safe to log. */
export function classifyFault(error: unknown): FaultSummary {
  const chain = causeChain(error);
  const summary: FaultSummary = { kind: 'internal' };
  const name = chain[0] ? className(chain[0]) : undefined;
  if (name) summary.name = name;
  for (const link of chain) {
    const code = (link as { code?: unknown }).code;
    if (typeof code !== 'string') continue;
    if (SQLSTATE.test(code)) {
      summary.kind = code.startsWith('57014') ? 'timeout' : 'database';
      summary.code = code;
      const sqlClass = SQLSTATE_CLASSES[code.slice(0, 2)];
      if (sqlClass) summary.sqlClass = sqlClass;
      break;
    }
    if (TIMEOUT_CODES.has(code) || NETWORK_CODES.has(code)) {
      summary.kind = TIMEOUT_CODES.has(code) ? 'timeout' : 'network';
      summary.code = code;
      break;
    }
    if (SYSTEM_CODE.test(code) && !summary.code) summary.code = code;
  }
  if (summary.kind === 'internal' && chain.some(isQueryError)) summary.kind = 'database';
  const frames = stackFrames(chain[0]);
  if (frames.length > 0) summary.frames = frames;
  return summary;
}

/** The error and its causes, outermost first (drizzle wraps the driver's error as `cause`). */
function causeChain(error: unknown): object[] {
  const chain: object[] = [];
  let link: unknown = error;
  while (link && typeof link === 'object' && chain.length < MAX_CAUSES && !chain.includes(link)) {
    chain.push(link);
    link = (link as { cause?: unknown }).cause;
  }
  return chain;
}

function isQueryError(link: object): boolean {
  return className(link) === 'DrizzleQueryError' || ('query' in link && 'params' in link);
}

function className(link: object): string | undefined {
  const name = (link as { name?: unknown }).name;
  const constructorName = (link as { constructor?: { name?: unknown } }).constructor?.name;
  const candidate = typeof constructorName === 'string' && constructorName !== 'Object' ? constructorName : name;
  return typeof candidate === 'string' && IDENTIFIER.test(candidate) ? candidate : undefined;
}

/** Only the `at …` lines: the message (and whatever it quotes) sits above them. */
function stackFrames(link: object | undefined): string[] {
  const stack = link ? (link as { stack?: unknown }).stack : undefined;
  if (!link || typeof stack !== 'string') return [];
  // V8 starts the stack with `${name}: ${message}`; a message may itself hold lines that look like frames.
  const header = safeToString(link);
  const frames = header !== undefined && stack.startsWith(header) ? stack.slice(header.length) : '';
  return frames
    .split('\n')
    .filter((line) => /^ {4}at [^\s]/.test(line))
    .slice(0, MAX_FRAMES)
    .map((line) => line.trim().slice(0, 300));
}

function safeToString(link: object): string | undefined {
  try {
    return String(link);
  } catch {
    return undefined;
  }
}

/**
 * One line for a person reading stderr (the CLI's start and stop failures): the first line of the
 * message when the fault is not about the database (a port in use, a missing folder), else only the
 * kind and codes, since database messages quote values.
 */
export function faultLine(error: unknown): string {
  const summary = classifyFault(error);
  if (summary.kind === 'database' || summary.kind === 'timeout' || summary.sqlClass) {
    return [`${summary.kind} fault`, summary.code, summary.sqlClass].filter(Boolean).join(' ');
  }
  const message = error instanceof Error ? error.message : String(error);
  return (message.split('\n')[0] ?? '').slice(0, 300);
}
