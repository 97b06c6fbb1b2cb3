import type { BridgeError } from '../../../shared/bridge/result';

/**
 * A file the app could not write, in the buyer's words: a full disk (ENOSPC, EDQUOT), a folder it
 * may not write to (EACCES, EPERM), a read-only disk (EROFS). Decided by the error's code; null
 * for anything else, which stays unexpected. Every per-account file (favourites, addresses,
 * guides, accounts) and the outbox write through `writeFileDurably`, so one mapping covers them:
 * the bridge dispatcher's, where anything a handler throws arrives.
 */
export function writeFailureOf(error: unknown): BridgeError | null {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return { code: 'storage_error', message: 'The disk is full, so this was not saved. Free some space and try again.', retryable: true };
    case 'EACCES':
    case 'EPERM':
      return { code: 'storage_error', message: 'Caseworks may not write to its data folder, so this was not saved. Check the folder\u2019s permissions.', retryable: true };
    case 'EROFS':
      return { code: 'storage_error', message: 'The disk is read-only, so this was not saved.', retryable: false };
    default:
      return null;
  }
}
