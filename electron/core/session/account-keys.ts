import type { KeyVault, SettingsStore } from '../vault';
import { keySettingOf } from './account-registry';
import { forgetKeyFingerprint, matchesKeyFingerprint, rememberKeyFingerprint } from './key-fingerprint';

export interface AccountKeysOptions {
  /** The vault of one settings entry: each buyer account keeps its key in its own. */
  vaultFor(settingsKey: string): KeyVault;
  settings: SettingsStore;
  /** The browser shell keeps keys in memory only (with a fingerprint, so a restart knows a key again). */
  memoryOnlyKeys: boolean;
}

/** The keys of the custom buyer accounts: each in its own vault entry, or in memory (the browser shell, a preset key). */
export function createAccountKeys({ vaultFor, settings, memoryOnlyKeys }: AccountKeysOptions) {
  const memory = new Map<string, string>();
  const vaults = new Map<string, KeyVault>();

  function vaultOf(id: string): KeyVault {
    let vault = vaults.get(id);
    if (!vault) {
      vault = vaultFor(keySettingOf(id));
      vaults.set(id, vault);
    }
    return vault;
  }

  return {
    vaultOf,
    /** An account's own key: from memory, else (a registered account, keys not in memory only) its vault. */
    own(id: string, registered: boolean): string | null {
      const inMemory = memory.get(id);
      if (inMemory !== undefined || memoryOnlyKeys || !registered) return inMemory ?? null;
      return vaultOf(id).getKey();
    },
    inMemory: (id: string) => memory.get(id),
    holdInMemory: (id: string, apiKey: string) => void memory.set(id, apiKey),
    dropFromMemory: (id: string) => void memory.delete(id),
    /** Keeps a verified key: in the vault, or in memory with its fingerprint where keys are kept in memory only. */
    keep(id: string, apiKey: string, allowWeakKeyStorage: boolean): void {
      if (memoryOnlyKeys) {
        memory.set(id, apiKey);
        // So the same key, given again after a restart (CASEWORKS_API_KEY), is known without asking the service.
        if (!matchesKeyFingerprint(settings, id, apiKey)) rememberKeyFingerprint(settings, id, apiKey);
      } else vaultOf(id).save(apiKey, { allowWeakKeyStorage });
    },
    /** Forgets an account's key wherever it is kept, with its fingerprint. */
    forget(id: string): void {
      memory.delete(id);
      vaultOf(id).clear();
      vaults.delete(id);
      forgetKeyFingerprint(settings, id);
    },
  };
}
