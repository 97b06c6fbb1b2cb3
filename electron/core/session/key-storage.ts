import type { SessionInfo } from '../../../shared/bridge/session';
import type { AccountBook } from './account-book';
import type { ConnectionState } from './connection-state';
import type { Connection } from './session-types';

/** The vault entry describing how keys would be kept while signed out; nothing is saved in it. */
const NO_ACCOUNT = 'none';

/** How the shown connection's key is kept, in plain words for the settings screen. */
export function describeKeyStorage(
  shown: Connection | null,
  { state, book, memoryOnlyKeys }: { state: ConnectionState; book: AccountBook; memoryOnlyKeys: boolean },
): Pick<SessionInfo, 'keyStorage' | 'keyStorageDescription' | 'weakStorageAvailable'> {
  if (shown?.mode === 'demo') {
    return {
      keyStorage: 'embedded-demo',
      keyStorageDescription: 'Signed in to the demo service that runs inside Caseworks; no key of yours is stored.',
      weakStorageAvailable: false,
    };
  }
  const connection = state.current();
  if (memoryOnlyKeys) {
    const hasKey = connection !== null && book.keyOf(connection.id) !== null;
    return {
      keyStorage: hasKey ? 'memory-only' : 'none',
      keyStorageDescription: hasKey
        ? 'Kept in memory only: the browser shell never stores the key, so it is gone when the shell stops.'
        : (state.lastProblem() ?? 'No API key is set.'),
      weakStorageAvailable: false,
    };
  }
  // Signed out: a vault entry nothing is saved in, for how keys would be kept.
  const status = book.keys.vaultOf(connection?.id ?? NO_ACCOUNT).describe();
  return { keyStorage: status.kind, keyStorageDescription: state.lastProblem() ?? status.description, weakStorageAvailable: status.weakStorageAvailable };
}
