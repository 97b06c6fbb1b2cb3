import type { AccountScope } from '../account-files/versioned-file';
import type { StoreScope } from '../offline/offline-store';
import type { Connection } from './session-manager';

/**
 * The embedded demo service gets a new port on every launch; its offline copy must survive that,
 * so its data is filed under a stable name instead of its URL.
 */
export const DEMO_SCOPE_URL = 'caseworks-demo://embedded/api/v1';

export function storeScopeOf(connection: Connection): StoreScope {
  return { baseUrl: connection.mode === 'demo' ? DEMO_SCOPE_URL : connection.baseUrl, accountId: connection.account?.id ?? null };
}

/**
 * Whose own files (outbox, address book, favourites, order guides): the one place that names an
 * account's folder, `accountFolder(dataDir, accountScopeOf(account))`. A demo account is filed
 * under the demo's stable name, so its files survive the demo service's new port on each launch.
 */
export function accountScopeOf(account: { mode: 'demo' | 'custom'; baseUrl: string; accountId: string }): AccountScope {
  return { baseUrl: account.mode === 'demo' ? DEMO_SCOPE_URL : account.baseUrl, accountId: account.accountId };
}
