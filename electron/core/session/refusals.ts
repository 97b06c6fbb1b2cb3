import { failWith, type Failure } from '../failure';
import type { BuyerAccountEntry } from './account-registry';

/**
 * A key the service did not accept, said specifically: the key of an account already added on
 * another service, or a key that may belong to another service. Any other failure is kept as it is.
 */
export function keyOfAnotherService(refused: Failure, baseUrl: string, known: BuyerAccountEntry | undefined): Failure {
  if (refused.error.code !== 'unauthorized') return refused;
  const host = hostOf(baseUrl);
  if (known && known.baseUrl !== baseUrl) {
    return refusal('unauthorized', `This is the key of ${known.name} on ${hostOf(known.baseUrl)}; the service at ${host} does not accept it. Enter that service's URL with it.`);
  }
  return refusal('unauthorized', `The service at ${host} did not accept this key. Check the key; if it is a key of another service, enter that service's URL with it.`);
}

export function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

/** A step of the session refused, as a value: the bridge maps it once, with every other failure. */
export function refusal(code: 'rejected' | 'not_found' | 'not_configured' | 'unauthorized', message: string): Failure {
  return failWith(code, message);
}
