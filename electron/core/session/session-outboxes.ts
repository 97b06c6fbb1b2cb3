import type { BridgeEvent } from '../../../shared/bridge/events';
import type { OutboxEntry } from '../../../shared/bridge/outbox-entries';
import { accountFolder } from '../account-files/versioned-file';
import type { ServiceClient } from '../api';
import { backgroundOutboxNotices, outboxStates } from '../notices/background-outbox-notices';
import { createAccountOutboxes, createOrderSender, refusingOutbox, SIGNED_OUT_OUTBOX, type AccountKeys, type Outbox } from '../outbox';
import { hostOf } from './refusals';
import type { BuyerAccountEntry } from './account-registry';
import type { OtherAccounts } from './other-accounts';
import { accountScopeOf } from './service-connection';
import type { ActiveAccount } from './session-phase';

export interface SessionOutboxesOptions {
  dataDir: string;
  now(): Date;
  /** The registered buyer accounts now. */
  accounts(): BuyerAccountEntry[];
  /** Each account's key and address, asked at each send. */
  keys: AccountKeys;
  /** A client of one service with one account's key (one attempt: the outbox retries itself). */
  clientFor(baseUrl: string, apiKey: () => string | null): ServiceClient;
  active(): ActiveAccount | null;
  /** The other accounts, followed: a newly placed order of theirs is followed from then on. */
  others: Pick<OtherAccounts, 'syncNow'>;
  emit(event: BridgeEvent): void;
  notify(title: string, body: string): void;
  log(message: string): void;
}

/**
 * Every registered account's outbox, opened and sending with its own key whichever account is
 * active (the sender asks for the key and address at each send). The active account's changes go
 * to the screens; a background account's order that moves is announced by its name.
 */
export function createSessionOutboxes(options: SessionOutboxesOptions) {
  const { log } = options;
  const registered = (id: string) => options.accounts().find((account) => account.id === id) ?? null;
  /** What each background account's outbox last held (taken when it stops being active), so an order that moves can be announced. */
  const seen = new Map<string, ReadonlyMap<string, OutboxEntry['state']>>();

  const outboxes = createAccountOutboxes({
    dataDir: options.dataDir,
    now: options.now,
    folderOf: (account) => accountFolder(options.dataDir, accountScopeOf(registered(account.id) ?? { mode: 'custom', baseUrl: '', accountId: account.accountId })),
    senderFor: (account) => createOrderSender(account, options.keys, options.clientFor),
    onChange: (account, entries) => {
      const active = options.active();
      if (active?.connection.id === account.id) {
        options.emit({ type: 'outbox-changed', entries });
        if (entries.some((entry) => entry.state === 'confirmed')) active.engine.syncNow();
        return;
      }
      const before = seen.get(account.id);
      seen.set(account.id, outboxStates(entries));
      const name = registered(account.id)?.name;
      if (before && name) for (const notice of backgroundOutboxNotices(name, before, entries)) options.notify(notice.title, notice.body);
      // A newly placed order of that account is followed from now on.
      if (entries.some((entry) => entry.state === 'confirmed')) options.others.syncNow(account.id);
    },
    onProblem: (message) => log(`outbox: ${message}`),
  });

  return {
    /** Every registered account's outbox sends, whichever is active; a removed account's stops (its orders stay on disk). */
    open(): void {
      const accounts = options.accounts();
      for (const account of accounts) {
        outboxes.open({ id: account.id, accountId: account.accountId }).catch((error: unknown) => log(`outbox: ${String(error)}`));
      }
      void outboxes.each((_box, account) => {
        if (!accounts.some((entry) => entry.id === account.id)) return outboxes.close(account.id);
      });
    },
    kick: () => void outboxes.each((box) => box.kick()),
    /** Orders of an account still to be sent (of one service account, when given). */
    pendingCount: async (id: string, accountId?: string) => (await outboxes.opened(id)?.catch(() => null))?.pendingCount(accountId) ?? 0,
    opened: (id: string) => outboxes.opened(id),
    /**
     * The outbox the screens show and add to: the active account's; while the service has not said
     * yet whose key this is, one that refuses to file an order (no account to file it under);
     * signed out, the signed-out one.
     */
    active(): Promise<Outbox> | Outbox {
      const active = options.active();
      const opened = active ? outboxes.opened(active.connection.id) : null;
      if (opened) return opened;
      if (active && !registered(active.connection.id)) return refusingOutbox(unknownAccountText(active.connection.baseUrl));
      return SIGNED_OUT_OUTBOX;
    },
    close: (id: string) => outboxes.close(id),
    closeAll: () => outboxes.closeAll(),
    whenIdle: () => outboxes.each((box) => box.whenIdle()),
    /** The account stops being active: what its outbox holds now is where its orders' moves are told from. */
    toBackground(id: string): void {
      void outboxes.opened(id)?.then((box) => seen.set(id, outboxStates(box.list())), () => undefined);
    },
  };
}

/** An order placed before the service has ever told whose key this is cannot be filed under an account. */
function unknownAccountText(baseUrl: string): string {
  return `Caseworks has not reached ${hostOf(baseUrl)} yet, so it does not know which account this key belongs to. Orders can be placed as soon as the service answers.`;
}
