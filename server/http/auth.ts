import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller, Store } from '../store/types';
import { HttpProblem } from './problem';

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

/** onRequest hook: resolves `Authorization: Bearer <key>` to the caller, before any body is read. */
export function authHook(store: Pick<Store, 'authenticate'>) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    if (request.is404 || request.routeOptions.config.public) return;
    const header = request.headers.authorization;
    if (!header) throw unauthorized('Send your API key as "Authorization: Bearer <key>".');
    const key = BEARER.exec(header)?.[1];
    if (!key || key.length > 512) throw invalidToken('The Authorization header must be "Bearer <key>".');
    const caller = await store.authenticate(key);
    if (!caller) throw invalidToken('The API key is not valid.');
    request.caller = caller;
  };
}
