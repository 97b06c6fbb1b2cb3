import { createAccountKeys, type AccountKeysOptions } from './account-keys';
import type { AccountKeys } from './account-outboxes';
import { emptyRegistry, loadRegistry, saveRegistry, type AccountRegistry, type BuyerAccountEntry, type RegistryLoad } from './account-registry';
import type { DemoService } from './demo-service';
import type { Connection } from './session-types';

export interface AccountBookOptions extends AccountKeysOptions {
  newAccountId(): string;
  /** Told after every change of the list of buyer accounts (added, removed, renamed). */
  onAccountsChange?(accounts: BuyerAccountEntry[]): void;
  /** A demo account's key and address are the demo service's. */
  demo: DemoService;
}

/**
 * The buyer accounts this computer has and their keys: the saved list (which one was active last),
 * each custom account's own key (its vault entry, or memory only in the browser shell), and a demo
 * account's key from the demo service. Nothing here signs in; the list is saved on every change.
 */
export function createAccountBook(options: AccountBookOptions) {
  const { settings, demo } = options;
  let registry: AccountRegistry = emptyRegistry();
  let loaded: RegistryLoad | null = null;
  const keys = createAccountKeys(options);

  const entryOf = (id: string) => registry.accounts.find((account) => account.id === id) ?? null;

  function save(next: AccountRegistry): void {
    registry = next;
    saveRegistry(settings, next);
    options.onAccountsChange?.(next.accounts);
  }

  /** The key of one registered account: the demo buyer's, or its own from memory or the vault. */
  function keyOf(id: string): string | null {
    const entry = entryOf(id);
    if (entry?.mode === 'demo') return demo.keyOf(entry.accountId);
    return keys.own(id, entry !== null);
  }

  /** Where an account is reached: the demo's address for a demo account (null before it ever ran), else its own. */
  const addressOf = (entry: BuyerAccountEntry): string | null => (entry.mode === 'demo' ? demo.address() : entry.baseUrl);

  /** What each account's outbox sender asks at each send, straight from the book: the account's key and where its service is now. */
  const senderKeys: AccountKeys = {
    keyOf,
    addressOf: (id) => {
      const entry = entryOf(id);
      return entry ? addressOf(entry) : null;
    },
  };

  return {
    keys,
    settings,
    entryOf,
    keyOf,
    addressOf,
    senderKeys,
    list: () => registry.accounts,
    activeId: () => registry.activeId,

    /** The saved accounts, read (and the one connection of before migrated) once. */
    load(): RegistryLoad {
      if (!loaded) {
        loaded = loadRegistry(settings, options.newAccountId);
        if (loaded.registry) registry = loaded.registry;
      }
      return loaded;
    },

    /** A demo account's address is the running demo's (or, during an outage, its last one); none ('') before it ran. */
    connectionOf(entry: BuyerAccountEntry): Connection {
      const baseUrl = entry.mode === 'demo' ? (addressOf(entry) ?? '') : entry.baseUrl;
      return { id: entry.id, mode: entry.mode, baseUrl, account: { id: entry.accountId, name: entry.name } };
    },

    /** Saves which account is active; `always` saves (and tells) even when it did not change. */
    setActive(id: string | null, always = false): void {
      if (always || registry.activeId !== id) save({ ...registry, activeId: id });
    },

    /** Adds (or, for the same account of the same service, updates) an entry and saves the list. */
    upsert(entry: BuyerAccountEntry): BuyerAccountEntry {
      const existing = registry.accounts.find((account) => sameAccount(account, entry));
      const stored = existing ? { ...entry, id: existing.id } : entry;
      const accounts = existing ? registry.accounts.map((account) => (account.id === existing.id ? stored : account)) : [...registry.accounts, stored];
      save({ ...registry, accounts });
      return stored;
    },

    /** Forgets an account's key and its entry; returns it. The caller decides what becomes active. */
    forget(id: string): BuyerAccountEntry | null {
      const entry = entryOf(id);
      if (!entry) return null;
      keys.forget(id);
      save({ ...registry, accounts: registry.accounts.filter((account) => account.id !== id), activeId: registry.activeId === id ? null : registry.activeId });
      return entry;
    },
  };
}

export type AccountBook = ReturnType<typeof createAccountBook>;

/** The same account of the same service (a demo account: of the demo, whatever its address). */
export function sameAccount(a: Pick<BuyerAccountEntry, 'mode' | 'baseUrl' | 'accountId'>, b: Pick<BuyerAccountEntry, 'mode' | 'baseUrl' | 'accountId'>): boolean {
  if (a.accountId !== b.accountId || a.mode !== b.mode) return false;
  return a.mode === 'demo' || a.baseUrl === b.baseUrl;
}
