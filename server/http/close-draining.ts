import type { FastifyInstance } from 'fastify';

/**
 * How long a stopping service waits for the requests in flight to finish before it cuts their
 * connections: a client that stops sending its body, or stops reading an answer, must not hold
 * the stop (Node's server keeps such a connection for minutes, and the store stays open behind it).
 */
export const HTTP_DRAIN_MS = 5_000;

/**
 * Stops taking connections and waits for the requests in flight, at most `drainMs`; then cuts the
 * connections still open. Resolves to whether any had to be cut.
 */
export async function closeDraining(app: FastifyInstance, drainMs = HTTP_DRAIN_MS): Promise<boolean> {
  let cut = false;
  const timer = setTimeout(() => {
    cut = true;
    app.server.closeAllConnections();
  }, drainMs);
  try {
    await app.close();
  } finally {
    clearTimeout(timer);
  }
  return cut;
}
