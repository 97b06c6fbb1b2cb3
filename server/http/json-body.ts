import { isUtf8 } from 'node:buffer';
import type { FastifyInstance } from 'fastify';
import { HttpProblem } from './problem';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The operation takes no body: an empty one is accepted whatever its Content-Type says. */
    bodyless?: boolean;
  }
}

const notUtf8 = () =>
  new HttpProblem(400, 'bad_request', 'The body is not valid UTF-8.', [{ pointer: '', detail: 'is not valid UTF-8' }]);

/**
 * The application/json parser: Fastify's own (prototype and constructor poisoning refused), fed
 * only bodies that are valid UTF-8 — decoding would otherwise replace broken bytes inside a string
 * with U+FFFD and store text the client never sent. An empty body is accepted on an operation
 * that takes none (many clients send `Content-Type: application/json` on every request).
 */
export function registerJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if (bytes.length === 0 && request.routeOptions.config.bodyless) return done(null, undefined);
    if (!isUtf8(bytes)) return done(notUtf8(), undefined);
    parseJson(request, bytes.toString('utf8'), done);
  });
}
