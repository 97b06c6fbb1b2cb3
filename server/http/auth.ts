import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller, Store } from '../store/types';
import { HttpProblem } from './problem';
import { TtlCache } from './ttl-cache';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyContextConfig {
    /** Served without an API key (the OpenAPI document, product images). */
    public?: boolean;
  }
}

const BEARER = /^Bearer[ ]+([^\s]+)[ ]*$/i;

const unauthorized = (detail: string, challenge = 'Bearer') =>
  new HttpProblem(401, 'unauthorized', detail, undefined, { 'www-authenticate': challenge });
const invalidToken = (detail: string) => unauthorized(detail, 'Bearer error="invalid_token"');

/** How many Authorization headers the request carried (raw headers are name, value pairs). */
const authorizationHeaders = (raw: readonly string[]): number => {
  let found = 0;
  for (let index = 0; index < raw.length; index += 2) if (raw[index]?.toLowerCase() === 'authorization') found += 1;
  return found;
};

/**
 * onRequest hook: resolves `Authorization: Bearer <key>` to the caller, before any body is read.
 * Recognised keys are remembered for half a minute so a busy client costs no lookup per request;
 * unknown keys are never remembered, so guessing cannot fill the memory.
 */
export function authHook(store: Pick<Store, 'authenticate'>, cacheTtlMs = 30_000) {
  const known = new TtlCache<Caller>(10_000, cacheTtlMs);
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    if (request.is404 || request.routeOptions.config.public) return;
    // Node keeps the first of several Authorization headers and drops the rest; which key acts must never be a guess.
    if (authorizationHeaders(request.raw.rawHeaders) > 1) {
      throw new HttpProblem(400, 'bad_request', 'Send one Authorization header; this request has several.');
    }
    const header = request.headers.authorization;
    if (!header) throw unauthorized('Send your API key as "Authorization: Bearer <key>".');
    const key = BEARER.exec(header)?.[1];
    if (!key || key.length > 512) throw invalidToken('The Authorization header must be "Bearer <key>".');
    let caller = known.get(key);
    if (!caller) {
      caller = (await store.authenticate(key)) ?? undefined;
      if (!caller) throw invalidToken('The API key is not valid.');
      known.set(key, caller);
    }
    request.caller = caller;
  };
}
