import type { BridgeError } from '../../../shared/bridge/result';
import type { ConnectionProblem } from '../../../shared/bridge/session';
import { DATA_FOLDER_IN_USE } from '../../../shared/embedded-service';

/**
 * The first contact with a service (at launch, on a switch, when it answers again): one
 * `GET /account` that gives up after this long, so a wrong key or a silent service is said on the
 * first screen within seconds. Later tries run in the background (each time connectivity comes
 * back), never holding the app up.
 */
export const FIRST_CONTACT_TIMEOUT_MS = 5_000;

/** How the session was given its key: by the browser shell's environment, or kept by the app. */
export type KeySource = 'environment' | 'saved';

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

/**
 * What a failed first contact means for the buyer, decided by the error's code; null when it is
 * not about the service being usable (e.g. an answer the app could not read is left to the sync).
 */
export function problemOfFirstContact(error: Pick<BridgeError, 'code'>, baseUrl: string, source: KeySource): ConnectionProblem | null {
  const host = hostOf(baseUrl);
  const meanwhile = 'Meanwhile the saved copy of the catalog is shown, and orders you place wait in the outbox and go out by themselves once it answers.';
  switch (error.code) {
    case 'unauthorized':
      return {
        code: 'key_refused',
        message:
          source === 'environment'
            ? `The service at ${host} did not accept the API key given in CASEWORKS_API_KEY.`
            : `The service at ${host} did not accept this account's API key (it may have been replaced or revoked).`,
        fix:
          source === 'environment'
            ? 'Stop Caseworks (Ctrl+C in its terminal), set CASEWORKS_API_KEY to a key of this service and run npm run web again, or add the account with its key in Settings → Buyer accounts.'
            : 'Remove the account in Settings → Buyer accounts and add it again with its current key.',
      };
    case 'timeout':
      return {
        code: 'not_answering',
        message: `The service at ${host} is not answering (no reply within ${FIRST_CONTACT_TIMEOUT_MS / 1000} s).`,
        fix: `Caseworks keeps trying in the background. ${meanwhile}${source === 'environment' ? ' If it never answers, check CASEWORKS_SERVICE_URL.' : ''}`,
      };
    case 'offline':
      return {
        code: 'unreachable',
        message: `Could not reach the service at ${host}.`,
        fix: `Caseworks keeps trying in the background. ${meanwhile}${source === 'environment' ? ' If it stays unreachable, check CASEWORKS_SERVICE_URL and the network.' : ''}`,
      };
    default:
      return null;
  }
}

/** The demo service could not start: by its failure's code, another process holding its folder or anything else. */
export function demoProblem(code: string | undefined, message: string): ConnectionProblem {
  if (code === DATA_FOLDER_IN_USE) {
    return {
      code: 'data_folder_in_use',
      message: `The demo service could not start: another process is using its data folder. ${message}`,
      fix: 'Stop the other Caseworks or service that uses this data folder, then choose “Use the demo service” in Settings. Queued orders are kept.',
    };
  }
  return {
    code: 'demo_unavailable',
    message,
    fix: 'Caseworks tries again by itself a few times; after that choose “Use the demo service” in Settings, or restart Caseworks. Meanwhile the saved copy is shown and orders wait in the outbox.',
  };
}

/** True for the problems of a service that did not answer at all (the app is offline with it). */
export function meansOffline(problem: ConnectionProblem | null): boolean {
  return problem?.code === 'not_answering' || problem?.code === 'unreachable';
}
