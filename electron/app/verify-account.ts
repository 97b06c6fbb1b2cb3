import { verifyService } from '../core/connection';
import { FIRST_CONTACT_TIMEOUT_MS } from '../core/session/first-contact';
import type { VerifyOutcome } from '../core/session/session-manager';
import type { CoreOptions } from './caseworks-core';

/**
 * `GET /account` with a candidate URL and key, as the session asks it: bounded (one attempt, a few
 * seconds) for the first contact, with the client's timeouts otherwise; the test's own when given.
 */
export function accountVerifier(fetch: typeof globalThis.fetch, options: Pick<CoreOptions, 'verify' | 'firstContactMs' | 'client'>) {
  return async (baseUrl: string, apiKey: string, bounded = false): Promise<VerifyOutcome> => {
    if (options.verify) return options.verify(baseUrl, apiKey);
    const timeouts = bounded ? { timeoutMs: options.firstContactMs ?? FIRST_CONTACT_TIMEOUT_MS, maxAttempts: 1 } : { timeoutMs: options.client?.timeoutMs };
    const verified = await verifyService({ baseUrl, apiKey, fetch, ...timeouts });
    return verified.ok ? { ok: true, account: verified.data.account } : { ok: false, error: verified.error };
  };
}
