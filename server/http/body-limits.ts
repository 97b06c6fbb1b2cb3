import type { IncomingMessage } from 'node:http';

/** The largest request body the service reads (413 payload_too_large above it). */
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * A body over the limit is read and thrown away up to this many bytes (or this long) before the
 * 413 is sent and the connection closed. A client that writes its whole body before reading (most
 * do) would otherwise meet a closed connection while still sending, and see a reset instead of the
 * 413. Past these bounds the connection is closed anyway.
 */
export const DISCARD_LIMIT_BYTES = 32 * 1024 * 1024;
export const DISCARD_TIMEOUT_MS = 10_000;

export const isBodyTooLarge = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === 'FST_ERR_CTP_BODY_TOO_LARGE';

/** Reads the rest of a request and drops it; resolves at its end, or once past `limitBytes` or `timeoutMs`. */
export function discardRequestBody(raw: IncomingMessage, limitBytes = DISCARD_LIMIT_BYTES, timeoutMs = DISCARD_TIMEOUT_MS): Promise<void> {
  if (raw.complete || raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const finish = () => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', finish);
      raw.off('error', finish);
      raw.off('close', finish);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > limitBytes) finish();
    };
    const timer = setTimeout(finish, timeoutMs);
    raw.on('data', onData);
    raw.once('end', finish);
    raw.once('error', finish);
    raw.once('close', finish);
    raw.resume();
  });
}
