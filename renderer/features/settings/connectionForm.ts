import { ApiKey, ServiceUrl, type BridgeErrorCode } from '../../../shared/bridge';

export interface ConnectionErrors {
  baseUrl?: string;
  apiKey?: string;
  form?: string;
}

/** Checks what was typed with the same schemas main applies, so mistakes show before anything is sent. */
export function validateConnection(baseUrl: string, apiKey: string): { ok: true; baseUrl: string; apiKey: string } | { ok: false; errors: ConnectionErrors } {
  const url = ServiceUrl.safeParse(baseUrl);
  const key = ApiKey.safeParse(apiKey);
  if (url.success && key.success) return { ok: true, baseUrl: url.data, apiKey: key.data };
  const errors: ConnectionErrors = {};
  if (!url.success) errors.baseUrl = url.error.issues[0]?.message ?? 'Check the URL.';
  if (!key.success) errors.apiKey = key.error.issues[0]?.message ?? 'Check the API key.';
  return { ok: false, errors };
}

/** Puts a failed connection test next to the field it concerns, in plain words. */
export function connectionErrorsFrom(code: BridgeErrorCode | null, message: string): ConnectionErrors {
  switch (code) {
    // A refused key, or one already added (several buyer accounts): the core's message already says
    // which and what to do; saying it twice helps no one.
    case 'unauthorized':
    case 'rejected':
      return { apiKey: message };
    case 'offline':
    case 'timeout':
      return { baseUrl: `No answer from this address. ${message}` };
    case 'not_found':
    case 'bad_response':
      return { baseUrl: `This address does not answer like a wholesale ordering service. ${message}` };
    case 'invalid_input':
      return { form: message };
    default:
      return { form: `The connection could not be checked: ${message}` };
  }
}
