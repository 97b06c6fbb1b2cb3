import type { BridgeErrorCode } from '../../shared/bridge';
import { errorCode, mayRetry } from './bridgeErrors';

/** What a buyer can do about a failure that trying again would only repeat, by its code. */
const STEPS: Partial<Record<BridgeErrorCode, string>> = {
  not_configured: 'Connect to the service in Settings, then come back here.',
  unauthorized: 'Check the API key in Settings, then come back here.',
  not_found: 'It is no longer there: go back and choose it again from the list.',
  rejected: 'The service would refuse it again as it is. If it should not, tell whoever runs the service.',
  invalid_input: 'Caseworks would ask the same way again. If this keeps happening, report it.',
  bad_response: 'A second try would get the same answer. Check for a newer Caseworks, or tell whoever runs the service.',
  storage_error: 'A second try would fail the same way. Put that right, then restart Caseworks.',
};
const OTHERWISE = 'A second try would fail the same way. Restart Caseworks; if this keeps happening, report it.';

/** Null when trying again can help (the screen offers "Try again"); otherwise what to do instead. */
export function nextStep(error: unknown): string | null {
  if (mayRetry(error)) return null;
  const code = errorCode(error);
  return (code ? STEPS[code] : undefined) ?? OTHERWISE;
}
