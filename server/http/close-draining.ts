import type { IncomingMessage, Server } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * How long a stopping service waits for the requests in flight to finish before it cuts their
 * connections: a client that stops sending its body, or stops reading an answer, must not hold
 * the stop (Node's server keeps such a connection for minutes, and the store stays open behind it).
 */
export const HTTP_DRAIN_MS = 5_000;

/** The requests a server has received and not yet finished answering. */
export function requestsInFlight(server: Server): ReadonlySet<IncomingMessage> {
  const open = new Set<IncomingMessage>();
  server.on('request', (request: IncomingMessage, response) => {
    open.add(request);
    response.once('close', () => open.delete(request));
  });
  return open;
}

/** How often a stopping service closes the connections whose requests have finished meanwhile. */
const IDLE_SWEEP_MS = 50;

/**
 * Stops taking connections and waits for the requests in flight, at most `drainMs`; then cuts the
 * connections still open. Resolves to the requests that were cut (method and path), if any.
 *
 * Node's server closes idle connections once, when it is closed: a kept-alive connection whose
 * request was in flight then stays open once answered, for as long as its client keeps it (the
 * service offers 72 s) — the stop waited on it. They are closed as they become idle.
 */
export async function closeDraining(app: FastifyInstance, inFlight: ReadonlySet<IncomingMessage>, drainMs = HTTP_DRAIN_MS): Promise<string[]> {
  const cut: string[] = [];
  const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  const timer = setTimeout(() => {
    for (const request of inFlight) cut.push(`${request.method} ${request.url?.split('?')[0]}`);
    app.server.closeAllConnections();
  }, drainMs);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
    clearTimeout(timer);
  }
  return cut;
}
