import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

/** A new signing secret: `whsec_` and the base64 of 32 random bytes. */
export const newWebhookSecret = (): string => SECRET_PREFIX + randomBytes(32).toString('base64');

function secretKey(secret: string): Buffer {
  if (!secret.startsWith(SECRET_PREFIX)) throw new Error('webhook secrets start with whsec_');
  return Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
}

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/** Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` keyed by the decoded secret. */
export function sign(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', secretKey(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

export function signedHeaders(secret: string, id: string, at: Date, body: string): SignedHeaders {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': sign(secret, id, timestamp, body),
  };
}

/**
 * Checks a received delivery the way a receiver should: one of the space-separated signatures
 * matches and the timestamp is within the tolerance. Used by tests and documented for receivers.
 */
export function verify(
  secret: string,
  headers: { id: string; timestamp: string; signature: string },
  body: string,
  now: Date,
  toleranceSeconds = 300,
): boolean {
  const timestamp = Number(headers.timestamp);
  if (!Number.isInteger(timestamp)) return false;
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(sign(secret, headers.id, timestamp, body));
  return headers.signature.split(' ').some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
