import type { Account } from '../../../shared';
import { ApiKey, ServiceUrl, type BridgeError, type BridgeResult } from '../../../shared/bridge';
import { createServiceClient } from '../api';

export interface VerifyServiceInput {
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export interface VerifiedService {
  /** The normalized base URL (no trailing slash). */
  baseUrl: string;
  /** The trimmed key that worked. */
  apiKey: string;
  account: Account;
}

/**
 * Checks a service URL and key the way "Use my service" needs: the URL is well formed (https
 * unless loopback, ends in /api/v1), and `GET /account` answers with an account for this key.
 * It saves nothing; the caller stores the key only after this succeeds.
 */
export async function verifyService(input: VerifyServiceInput): Promise<BridgeResult<VerifiedService>> {
  const url = ServiceUrl.safeParse(input.baseUrl);
  if (!url.success) return invalid('/baseUrl', url.error.issues[0]?.message ?? 'That is not a valid service URL');
  const key = ApiKey.safeParse(input.apiKey);
  if (!key.success) return invalid('/apiKey', key.error.issues[0]?.message ?? 'That is not a valid API key');

  const client = createServiceClient({
    baseUrl: url.data,
    getApiKey: () => key.data,
    fetch: input.fetch,
    timeoutMs: input.timeoutMs ?? 10_000,
    maxAttempts: 2,
  });
  const result = await client.call('getAccount');
  if (result.ok && !result.notModified) return { ok: true, data: { baseUrl: url.data, apiKey: key.data, account: result.data } };
  if (result.ok) return failure({ code: 'bad_response', message: notAService(url.data), retryable: false });

  const { error } = result;
  const host = new URL(url.data).host;
  switch (error.code) {
    case 'unauthorized':
      return failure({ code: 'unauthorized', message: 'The service did not accept this API key. Check the key and try again.', retryable: false });
    case 'not_found':
    case 'rejected':
    case 'bad_response':
      return failure({ code: 'bad_response', message: notAService(url.data), retryable: false });
    case 'offline':
      return failure({ code: 'offline', message: `Could not reach ${host}. Check the URL and the network connection.`, retryable: true });
    case 'timeout':
      return failure({ code: 'timeout', message: `${host} did not answer in time. Try again, or check the URL.`, retryable: true });
    default:
      return failure({ code: error.code, message: error.message, retryable: error.retryable });
  }
}

function notAService(baseUrl: string): string {
  return `${baseUrl} does not answer like a Caseworks service (GET /account did not return an account). Check the URL.`;
}

function invalid(pointer: string, detail: string): BridgeResult<never> {
  return failure({ code: 'invalid_input', message: detail, retryable: false, fields: [{ pointer, detail }] });
}

function failure(error: BridgeError): BridgeResult<never> {
  return { ok: false, error };
}
