import type { OutboxEntry } from '../../../shared/bridge/outbox';
import type { ServiceClient } from '../api';
import { accountFolder } from '../account-files/versioned-file';
import { outboxStates, backgroundOutboxNotices } from '../notices/background-outbox-notices';
import { createAccountOutboxes, createOrderSender, refusingOutbox, SIGNED_OUT_OUTBOX, type AccountOutboxesOptions, type Outbox } from '../outbox';
import type { BuyerAccountEntry } from './account-registry';
import { accountScopeOf } from './service-connection';

export interface SessionOutboxesOptions extends Pick<AccountOutboxesOptions, 'now' | 'timers' | 'random' | 'retry'> {
  dataDir: string;
  /** The registered accounts. */
  accounts(): { accounts: BuyerAccountEntry[] };
  /** The account the screens show now (null: signed out). */
  activeId(): string | null;
  /** Where one account is reached now and with which key: each outbox sends with its own account's key. */
  keys: { addressOf(id: string): string | null; keyOf(id: string): string | null };
  /** A client of one account's service with one attempt per call (the outbox keeps each order's retry schedule). */
  clientFor(baseUrl: string, apiKey: () => string | null): ServiceClient;
  /** The active account's outbox changed (the screens show it). */
  onActiveChange(entries: OutboxEntry[]): void;
  /** Another account's outbox changed: a newly confirmed order of it is followed from now on. */
  onOtherChange(id: string, entries: OutboxEntry[]): void;
  notify(title: string, body: string): void;
  log(message: string): void;
}

/**
 * One outbox per registered account, opened as accounts come and closed as they go, each sending
 * with its own key whichever account is active; a background account's order that moves is
 * announced by the account's name.
 */
export function createSessionOutboxes(options: SessionOutboxesOptions) {
  const registered = (id: string) => options.accounts().accounts.find((account) => account.id === id) ?? null;
  /** What each account's outbox last held, so a background account's order that moves can be announced. */
  const seen = new Map<string, ReadonlyMap<string, OutboxEntry['state']>>();
  const outboxes = createAccountOutboxes({
    dataDir: options.dataDir,
    now: options.now,
    timers: options.timers,
    random: options.random,
    retry: options.retry,
    folderOf: (account) => accountFolder(options.dataDir, accountScopeOf(registered(account.id) ?? { mode: 'custom', baseUrl: '', accountId: account.accountId })),
    senderFor: (account) => createOrderSender(account, options.keys, options.clientFor),
    onChange: (account, entries) => {
      const before = seen.get(account.id);
      seen.set(account.id, outboxStates(entries));
      if (options.activeId() === account.id) return options.onActiveChange(entries);
      const name = registered(account.id)?.name;
      if (before && name) for (const notice of backgroundOutboxNotices(name, before, entries)) options.notify(notice.title, notice.body);
      options.onOtherChange(account.id, entries);
    },
    onProblem: (message) => options.log(`outbox: ${message}`),
  });

  return {
    /** Every registered account's outbox sends, whichever is active; a removed account's stops (its orders stay on disk). */
    refresh(): void {
      const { accounts } = options.accounts();
      for (const account of accounts) {
        outboxes.open({ id: account.id, accountId: account.accountId }).catch((error: unknown) => options.log(`outbox: ${String(error)}`));
      }
      void outboxes.each((_box, account) => {
        if (!accounts.some((entry) => entry.id === account.id)) return outboxes.close(account.id);
      });
    },
    /** The active account's outbox (the one the screens show and add to), at `baseUrl`. */
    async active(baseUrl: string | null): Promise<Outbox> {
      const id = options.activeId();
      const opened = id ? outboxes.opened(id) : null;
      if (opened) return opened;
      // Connected, but the service has not said yet whose key this is: no outbox to file an order in.
      if (id && baseUrl !== null && !registered(id)) return refusingOutbox(unknownAccountText(baseUrl));
      return SIGNED_OUT_OUTBOX;
    },
    /** Orders of one account not confirmed yet (0 when its outbox is not open). */
    async pendingCount(id: string, accountId?: string): Promise<number> {
      return (await outboxes.opened(id)?.catch(() => null))?.pendingCount(accountId) ?? 0;
    },
    /** Sends what waits now, in every account's outbox; one that cannot open was already logged where it is first opened. */
    kick(): void {
      void outboxes.each((box) => box.kick());
    },
    close: (id: string) => outboxes.close(id),
    whenIdle: () => outboxes.each((box) => box.whenIdle()),
    closeAll: () => outboxes.closeAll(),
  };
}

export type SessionOutboxes = ReturnType<typeof createSessionOutboxes>;

/** An order placed before the service has ever told whose key this is cannot be filed under an account. */
function unknownAccountText(baseUrl: string): string {
  let host = baseUrl;
  try {
    host = new URL(baseUrl).host;
  } catch {
    // The address as it is.
  }
  return `Caseworks has not reached ${host} yet, so it does not know which account this key belongs to. Orders can be placed as soon as the service answers.`;
}
