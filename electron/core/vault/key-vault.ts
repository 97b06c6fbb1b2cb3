import { z } from 'zod';
import { ApiKey, type KeyStorageKind } from '../../../shared/bridge';
import { assessBackend, type SafeStorageLike } from './key-storage-backend';

/** A small key/value settings store (electron-store in the app, a Map in tests). */
export interface SettingsStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

export interface KeyVaultOptions {
  safeStorage: SafeStorageLike;
  settings: SettingsStore;
  platform?: NodeJS.Platform;
  /** The settings entry holding the stored key. */
  settingsKey?: string;
}

export interface KeyStorageStatus {
  kind: KeyStorageKind;
  /** Plain words for the settings screen. */
  description: string;
  /** The OS offers only weak storage and the user may opt into it. */
  weakStorageAvailable: boolean;
}

export interface KeyLoadResult {
  apiKey: string | null;
  /** Why a stored key could not be used, in plain words; null when nothing went wrong. */
  problem: string | null;
}

export interface KeyVault {
  /** The key in use, from memory or (once) from the settings. */
  getKey(): string | null;
  /** Reads the stored key; a damaged entry means "no key", with the reason. */
  load(): KeyLoadResult;
  /** Keeps the key, as securely as this system allows; persists it only where the rules allow. */
  save(apiKey: string, options?: { allowWeakKeyStorage?: boolean }): KeyStorageStatus;
  /** Forgets the key, in memory and on disk. */
  clear(): void;
  describe(): KeyStorageStatus;
}

const STORED_VERSION = 1;

/** What lives in the settings: never the key in clear, except base64 under an explicit opt-in without any encryption. */
const StoredKey = z.object({
  version: z.literal(STORED_VERSION),
  kind: z.enum(['os-encrypted', 'plain-text-opt-in']),
  encoding: z.enum(['safe-storage', 'base64']),
  data: z.string().min(1).max(8192),
});
type StoredKey = z.infer<typeof StoredKey>;

/**
 * Holds the API key (README, "The key stays in main"): encrypted with safeStorage and kept in the settings when the
 * OS offers real protection; on a system with only `basic_text` (or no encryption) kept in memory
 * only, unless the user explicitly accepts weaker storage. Nothing here logs or reports the key.
 */
export function createKeyVault(options: KeyVaultOptions): KeyVault {
  const { safeStorage, settings } = options;
  const platform = options.platform ?? process.platform;
  const settingsKey = options.settingsKey ?? 'serviceApiKey';
  let memoryKey: string | null = null;
  /** How the key in memory is persisted: null means memory only (or no key). */
  let persistedAs: StoredKey['kind'] | null = null;
  let loadProblem: string | null = null;
  let loaded = false;

  function load(): KeyLoadResult {
    loaded = true;
    const raw = settings.get(settingsKey);
    if (raw === undefined || raw === null) {
      if (persistedAs !== null) forget();
      return { apiKey: memoryKey, problem: null };
    }
    const stored = StoredKey.safeParse(raw);
    if (!stored.success) return unusable('The saved API key is damaged. Enter the key again.');
    let apiKey: string;
    try {
      apiKey = reveal(stored.data);
    } catch {
      return unusable('The saved API key could not be decrypted (the system key storage may have changed). Enter the key again.');
    }
    if (!ApiKey.safeParse(apiKey).success) return unusable('The saved API key is damaged. Enter the key again.');
    memoryKey = apiKey;
    persistedAs = stored.data.kind;
    loadProblem = null;
    return { apiKey, problem: null };
  }

  function forget(): void {
    memoryKey = null;
    persistedAs = null;
  }

  function unusable(problem: string): KeyLoadResult {
    forget();
    loadProblem = problem;
    return { apiKey: null, problem };
  }

  function reveal(stored: StoredKey): string {
    if (stored.encoding === 'base64') return Buffer.from(stored.data, 'base64').toString('utf8');
    return safeStorage.decryptString(Buffer.from(stored.data, 'base64'));
  }

  function save(apiKey: string, saveOptions: { allowWeakKeyStorage?: boolean } = {}): KeyStorageStatus {
    const backend = assessBackend(safeStorage, platform);
    loaded = true;
    loadProblem = null;
    memoryKey = apiKey;
    persistedAs = null;
    const persistAs: StoredKey['kind'] | null = backend.secure ? 'os-encrypted' : saveOptions.allowWeakKeyStorage ? 'plain-text-opt-in' : null;
    settings.delete(settingsKey);
    if (persistAs === null) return describe();
    try {
      const record: StoredKey = backend.canEncrypt
        ? { version: STORED_VERSION, kind: persistAs, encoding: 'safe-storage', data: safeStorage.encryptString(apiKey).toString('base64') }
        : { version: STORED_VERSION, kind: persistAs, encoding: 'base64', data: Buffer.from(apiKey, 'utf8').toString('base64') };
      settings.set(settingsKey, record);
      persistedAs = persistAs;
    } catch {
      settings.delete(settingsKey);
    }
    return describe();
  }

  function clear(): void {
    forget();
    loadProblem = null;
    loaded = true;
    settings.delete(settingsKey);
  }

  function describe(): KeyStorageStatus {
    if (!loaded) load();
    const backend = assessBackend(safeStorage, platform);
    const weakStorageAvailable = !backend.secure;
    if (memoryKey === null) {
      return { kind: 'none', description: loadProblem ?? 'No API key is saved.', weakStorageAvailable };
    }
    if (persistedAs === 'os-encrypted') {
      return { kind: 'os-encrypted', description: `Encrypted with ${backend.label}.`, weakStorageAvailable };
    }
    if (persistedAs === 'plain-text-opt-in') {
      return {
        kind: 'plain-text-opt-in',
        description: 'Saved with weak protection, as you chose, because this system has no keychain. Anyone who can read your files can read the key.',
        weakStorageAvailable,
      };
    }
    return {
      kind: 'memory-only',
      description: `Kept in memory only, because this system has ${backend.label}. You will be asked for the key again after restarting the app.`,
      weakStorageAvailable,
    };
  }

  return {
    getKey: () => {
      if (!loaded) load();
      return memoryKey;
    },
    load,
    save,
    clear,
    describe,
  };
}
