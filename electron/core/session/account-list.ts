import type { BuyerAccount } from '../../../shared/bridge/accounts';
import type { BuyerAccountEntry } from './account-registry';

export interface AccountListSource {
  accounts(): { accounts: BuyerAccountEntry[]; activeId: string | null };
  /** Where an account's service answers now (a demo account: the running demo's address). */
  addressOf(id: string): string | null;
  /** Its orders still waiting to be sent. */
  pendingCount(id: string): Promise<number>;
}

/** The buyer accounts as the screens list them, each with its orders still waiting to be sent. */
export function listAccounts(source: AccountListSource): Promise<BuyerAccount[]> {
  const { accounts, activeId } = source.accounts();
  return Promise.all(
    accounts.map(async (account) => ({
      id: account.id,
      mode: account.mode,
      baseUrl: source.addressOf(account.id),
      accountId: account.accountId,
      name: account.name,
      active: account.id === activeId,
      queuedOrders: await source.pendingCount(account.id),
    })),
  );
}
