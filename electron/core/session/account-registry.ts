import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { SettingsStore } from '../vault';

/** The settings entry holding the buyer accounts and which one is active. */
export const ACCOUNTS_SETTING = 'accounts';
const REGISTRY_VERSION = 1;

/** The settings entries of one connection, before several accounts (kept only to migrate them). */
export const LEGACY_SETTINGS = { mode: 'service.mode', baseUrl: 'service.baseUrl', account: 'service.account', apiKey: 'serviceApiKey' } as const;

/**
 * One buyer account the app signs in as: a service and an account of it. A demo account lives on
 * the embedded demo service (its address changes on every launch, so none is kept) and uses the
 * demo buyer's key; a custom account's key is in the vault under `keySettingOf(id)`.
 */
export const BuyerAccountEntry = z.object({
  /** Ours, stable: names the account's vault entry. Not the service's account id. */
  id: z.string().min(1).max(64),
  mode: z.enum(['demo', 'custom']),
  /** The service's base URL; for a demo account, the address it had when last used. */
  baseUrl: z.string().min(1),
  /** The service's id of the account (`org_…`). */
  accountId: z.string().min(1),
  name: z.string(),
});
export type BuyerAccountEntry = z.infer<typeof BuyerAccountEntry>;

export const AccountRegistry = z.object({
  version: z.literal(REGISTRY_VERSION),
  accounts: z.array(BuyerAccountEntry),
  /** Null: signed out (the app does not start the demo by itself then). */
  activeId: z.string().nullable(),
});
export type AccountRegistry = z.infer<typeof AccountRegistry>;

export interface RegistryLoad {
  /** Null on the very first launch (nothing to migrate either): the app signs in to the demo. */
  registry: AccountRegistry | null;
  /** Plain words when the stored entry could not be used. */
  problem: string | null;
}

/** The vault entry of a custom account's key. */
export function keySettingOf(id: string): string {
  return `serviceApiKey.${id}`;
}

export function newBuyerAccountId(): string {
  return `ba_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
}

/**
 * Reads the accounts from the settings. The first start after the update finds the single
 * connection of before (mode, URL, account, key) and turns it into a registry of one account, the
 * key moved as stored (still encrypted) to that account's vault entry, so the buyer keeps key,
 * queued orders and data.
 */
export function loadRegistry(settings: SettingsStore, newId: () => string = newBuyerAccountId): RegistryLoad {
  const raw = settings.get(ACCOUNTS_SETTING);
  if (raw !== undefined && raw !== null) {
    const parsed = AccountRegistry.safeParse(raw);
    if (parsed.success) {
      const { accounts, activeId } = parsed.data;
      const active = accounts.some((account) => account.id === activeId) ? activeId : null;
      return { registry: { ...parsed.data, activeId: active }, problem: null };
    }
    return { registry: emptyRegistry(), problem: 'The list of buyer accounts was damaged. Add your accounts again.' };
  }
  return { registry: migrateLegacy(settings, newId), problem: null };
}

export function saveRegistry(settings: SettingsStore, registry: AccountRegistry): void {
  settings.set(ACCOUNTS_SETTING, AccountRegistry.parse(registry));
}

export function emptyRegistry(): AccountRegistry {
  return { version: REGISTRY_VERSION, accounts: [], activeId: null };
}

function migrateLegacy(settings: SettingsStore, newId: () => string): AccountRegistry | null {
  const mode = settings.get(LEGACY_SETTINGS.mode);
  if (mode === undefined) return null;
  const baseUrl = settings.get(LEGACY_SETTINGS.baseUrl);
  const account = z.object({ id: z.string().min(1), name: z.string() }).safeParse(settings.get(LEGACY_SETTINGS.account));
  // The demo account is found again when the demo service starts (its first buyer).
  if (mode === 'demo') return null;
  const registry = emptyRegistry();
  if (mode === 'custom' && typeof baseUrl === 'string' && account.success) {
    const id = newId();
    const storedKey = settings.get(LEGACY_SETTINGS.apiKey);
    if (storedKey !== undefined) settings.set(keySettingOf(id), storedKey);
    registry.accounts.push({ id, mode: 'custom', baseUrl, accountId: account.data.id, name: account.data.name });
    registry.activeId = id;
  }
  saveRegistry(settings, registry);
  for (const key of Object.values(LEGACY_SETTINGS)) {
    if (key !== LEGACY_SETTINGS.baseUrl) settings.delete(key);
  }
  return registry;
}
