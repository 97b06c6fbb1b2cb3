import type { SafeStorageLike } from './key-storage-backend';

/** safeStorage where there is none (the browser shell): nothing can be encrypted, so keys stay in memory. */
export const NO_SAFE_STORAGE: SafeStorageLike = {
  isEncryptionAvailable: () => false,
  encryptString: () => {
    throw new Error('no encryption here');
  },
  decryptString: () => {
    throw new Error('no encryption here');
  },
};
