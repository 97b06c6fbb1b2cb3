/** The parts of Electron's `safeStorage` the vault uses (passed in, so the vault runs under Node). */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  /** Linux only: `basic_text`, `gnome_libsecret`, `kwallet`, `kwallet5`, `kwallet6` or `unknown`. */
  getSelectedStorageBackend?(): string;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

export interface BackendAssessment {
  /** The OS protects the key with a secret of the user's (keychain, DPAPI, libsecret, KWallet). */
  secure: boolean;
  /** safeStorage can encrypt at all (on Linux `basic_text` it can, with a fixed password). */
  canEncrypt: boolean;
  /** Plain words naming the protection, for the settings screen. */
  label: string;
}

const LINUX_BACKEND_LABELS: Record<string, string> = {
  gnome_libsecret: 'the system keychain (libsecret)',
  kwallet: 'KWallet',
  kwallet5: 'KWallet 5',
  kwallet6: 'KWallet 6',
};

/** Decides whether what safeStorage offers on this system counts as secure storage. */
export function assessBackend(safeStorage: SafeStorageLike, platform: NodeJS.Platform): BackendAssessment {
  const canEncrypt = orFallback(() => safeStorage.isEncryptionAvailable(), false);
  if (!canEncrypt) return { secure: false, canEncrypt, label: 'no usable system key storage' };
  if (platform === 'darwin') return { secure: true, canEncrypt, label: 'the macOS Keychain' };
  if (platform === 'win32') return { secure: true, canEncrypt, label: 'Windows data protection for your user account' };
  const backend = orFallback(() => safeStorage.getSelectedStorageBackend?.() ?? 'unknown', 'unknown');
  const label = LINUX_BACKEND_LABELS[backend];
  if (label) return { secure: true, canEncrypt, label };
  return {
    secure: false,
    canEncrypt,
    label: backend === 'basic_text' ? 'no system keychain (only a built-in password, which is weak)' : 'no system keychain',
  };
}

/** safeStorage throws when asked before the app is ready; treat that as "not available". */
function orFallback<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}
