import type { BuyerAccountEntry } from './account-registry';
import type { SyncEngine } from '../sync/sync-engine';

export interface OtherAccountsOptions {
  /** The registered buyer accounts, and which one is active (null: signed out). */
  accounts(): { accounts: BuyerAccountEntry[]; activeId: string | null };
  /** Where an account's service answers now; null when it cannot be reached (a demo service that is not running). */
  addressOf(id: string): string | null;
  /** Whether this computer has the account's key (the vault can be locked, a demo buyer gone). */
  hasKey(id: string): boolean;
  /** An account-only sync engine for one account at one address (see SyncEngineOptions.accountOnly). */
  engineFor(account: BuyerAccountEntry, baseUrl: string): SyncEngine;
  onProblem(message: string): void;
}

/**
 * The buyer accounts other than the active one still have their orders followed: each gets an
 * account-only sync engine (its account, orders and webhooks; never the catalog), synced with the
 * active one's periodic sync, so an order of another account that ships is announced by name and
 * its screens are up to date on a switch. An account becoming active is released first: its
 * engine finishes what it was writing before the active engine reads the same files.
 */
export function createOtherAccounts(options: OtherAccountsOptions) {
  const followed = new Map<string, { baseUrl: string; engine: SyncEngine }>();
  /**
   * Changes of what is followed run one after another (an account switch and a change of the list
   * can come at once), so a release is never undone by a refresh that read the accounts before it.
   */
  let changing: Promise<void> = Promise.resolve();
  const inTurn = (change: () => Promise<void>): Promise<void> => {
    changing = changing.then(change, change);
    return changing;
  };

  async function drop(id: string): Promise<void> {
    const entry = followed.get(id);
    if (!entry) return;
    followed.delete(id);
    entry.engine.stopBackground();
    await entry.engine.whenIdle();
  }

  async function follow(): Promise<void> {
    const { accounts, activeId } = options.accounts();
    const wanted = new Map<string, { account: BuyerAccountEntry; baseUrl: string }>();
    // Signed out, nobody's orders are followed.
    for (const account of activeId === null ? [] : accounts) {
      const baseUrl = options.addressOf(account.id);
      if (account.id !== activeId && baseUrl && options.hasKey(account.id)) wanted.set(account.id, { account, baseUrl });
    }
    await Promise.all([...followed.keys()].filter((id) => wanted.get(id)?.baseUrl !== followed.get(id)?.baseUrl).map(drop));
    for (const [id, { account, baseUrl }] of wanted) {
      if (followed.has(id)) continue;
      const engine = options.engineFor(account, baseUrl);
      followed.set(id, { baseUrl, engine });
      // The saved statuses first, so this engine's saves keep the ages the active one will show.
      await engine.init().catch((error: unknown) => options.onProblem(`could not read ${account.name}'s offline copy: ${String(error)}`));
    }
  }

  return {
    /** Follows every registered account but the active one, at its address now; drops the others. */
    refresh: (): Promise<void> => inTurn(follow),

    /** Stops following one account (it is becoming the active one) once its sync has finished writing. */
    release: (id: string): Promise<void> => inTurn(() => drop(id)),

    /** One account-only sync of every followed account (or of one), unless one is running. */
    syncNow(id?: string): void {
      for (const [accountId, { engine }] of followed) if (id === undefined || id === accountId) engine.syncNow({ periodic: true });
    },

    /** The accounts followed now (ids). */
    ids(): string[] {
      return [...followed.keys()];
    },

    /** Resolves once the changes asked for and the followed accounts' syncs are done. */
    async whenIdle(): Promise<void> {
      await changing;
      await Promise.all([...followed.values()].map(({ engine }) => engine.whenIdle()));
    },

    close: (): Promise<void> => inTurn(async () => void (await Promise.all([...followed.keys()].map(drop)))),
  };
}

export type OtherAccounts = ReturnType<typeof createOtherAccounts>;
