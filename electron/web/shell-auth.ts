import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const TOKEN_HEADER = 'x-caseworks-token';
export const TOKEN_COOKIE = 'caseworks_token';
export const TOKEN_QUERY = 'token';

export function createShellToken(): string {
  return randomBytes(32).toString('base64url');
}

function sameToken(candidate: string | undefined, token: string): boolean {
  if (!candidate) return false;
  const a = Buffer.from(candidate);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

export function hasValidToken(request: IncomingMessage, token: string): boolean {
  const header = request.headers[TOKEN_HEADER];
  if (typeof header === 'string' && sameToken(header, token)) return true;
  return sameToken(cookieValue(request.headers.cookie, TOKEN_COOKIE), token);
}

export function isValidQueryToken(candidate: string | null, token: string): boolean {
  return sameToken(candidate ?? undefined, token);
}

export function tokenCookie(token: string): string {
  return `${TOKEN_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`;
}

/**
 * Only names of this computer that resolve here can be used: a page of another site that has
 * re-pointed its own host name at 127.0.0.1 (DNS rebinding) sends its own name as Host.
 */
export function isAllowedHost(hostHeader: string | undefined, port: number): boolean {
  return hostHeader === `127.0.0.1:${port}` || hostHeader === `localhost:${port}`;
}

/** Requests a browser makes on behalf of another site carry that site's Origin or Sec-Fetch-Site. */
export function isSameOriginRequest(request: IncomingMessage, port: number): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== `http://127.0.0.1:${port}` && origin !== `http://localhost:${port}`) return false;
  const site = request.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}
