import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

const opaque = (tag: string): string => tag.trim().replace(/^W\//, '');

/** If-None-Match uses weak comparison: `*`, or any listed tag whose opaque part matches. */
export function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const wanted = opaque(etag);
  return header.split(',').some((tag) => opaque(tag) === wanted);
}

export const etagOf = (payload: string | Buffer): string => `"${createHash('sha1').update(payload).digest('base64url')}"`;

/** onSend hook: a strong ETag on every successful GET/HEAD, and 304 when the client already has it. */
export function etagHook(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: null, payload?: unknown) => void,
): void {
  if ((request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode !== 200) return done(null, payload);
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
  const etag = (reply.getHeader('etag') as string | undefined) ?? etagOf(payload);
  reply.header('etag', etag);
  if (ifNoneMatchMatches(request.headers['if-none-match'], etag)) {
    reply.code(304);
    reply.removeHeader('content-length');
    return done(null, '');
  }
  done(null, payload);
}
