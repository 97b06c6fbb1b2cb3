import type { BridgeEvent } from '../../../shared/bridge/events';
import type { OutboxEntry } from '../../../shared/bridge/outbox-entries';
import { accountFolder } from '../account-files/versioned-file';
import type { ServiceClient } from '../api';
import { serviceError } from '../api/service-error';
import { failWith, succeed } from '../failure';
import { backgroundOutboxNotices, outboxStates } from '../notices/background-outbox-notices';
import { createOutbox, loadOutboxFile, outboxFileIn, saveOutboxFile, type Outbox, type SendResult } from '../outbox';
import type { BuyerAccountEntry } from './account-registry';
import type { OtherAccounts } from './other-accounts';
import { hostOf } from './refusals';
import { accountScopeOf } from './service-connection';
import type { ActiveAccount } from './session-phase';

/** Where each buyer account is reached now and with which key (the account book's `senderKeys`). */
export interface AccountKeys {
  addressOf(id: string): string | null;
  keyOf(id: string): string | null;
}

export interface AccountOutboxesOptions {
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

/** The buyer account an outbox belongs to: ours (`BuyerAccountEntry.id`) and the service's id. */
interface OutboxAccount {
  id: string;
  accountId: string;
}

/**
 * One outbox per buyer account: every registered account's outbox is opened in the account's own
 * folder and sends with its own account's key whichever account is active (the sender asks for
 * the key and address at each send); an entry of another account found in an outbox is never sent.
 * The active account's changes go to the screens; a background account's order that moves is
 * announced by its name.
 */
export function createAccountOutboxes(options: AccountOutboxesOptions) {
  const { log } = options;
  const registered = (id: string) => options.accounts().find((account) => account.id === id) ?? null;
  const opened = new Map<string, { account: OutboxAccount; outbox: Promise<Outbox> }>();
  /** Moving entries out of the old shared file, one account at a time. */
  let adopting: Promise<unknown> = Promise.resolve();
  /** What each background account's outbox last held (taken when it stops being active), so an order that moves can be announced. */
  const seen = new Map<string, ReadonlyMap<string, OutboxEntry['state']>>();

  function openOne(entry: BuyerAccountEntry): Promise<Outbox> {
    const account: OutboxAccount = { id: entry.id, accountId: entry.accountId };
    const known = opened.get(account.id);
    if (known && known.account.accountId === account.accountId) return known.outbox;
    const folder = accountFolder(options.dataDir, accountScopeOf(entry));
    const send = createOrderSender(account, options.keys, options.clientFor);
    const adopted = adopting.then(() => adoptLegacyEntries(options.dataDir, folder, account.accountId, options.now().toISOString()));
    adopting = adopted.catch(() => undefined);
    const outbox = adopted
      .catch(() => log('outbox: Queued orders of before could not be moved to their account; they stay where they were.'))
      .then(() =>
        createOutbox({
          now: options.now,
          storage: outboxFileIn(folder),
          send: async (queued) => {
            if (queued.accountId !== account.accountId) {
              return { ok: false, error: serviceError({ code: 'rejected', message: 'This order belongs to another account and was not sent.', retryable: false }) };
            }
            return send(queued);
          },
          currentAccountId: () => account.accountId,
          onChange: (entries) => changed(account, entries),
          onProblem: (message) => log(`outbox: ${message}`),
        }),
      );
    opened.set(account.id, { account, outbox });
    return outbox;
  }

  function changed(account: OutboxAccount, entries: OutboxEntry[]): void {
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
  }

  /** Every opened outbox, e.g. to send now that the service can be reached. */
  async function each(act: (outbox: Outbox, account: OutboxAccount) => void | Promise<void>): Promise<void> {
    for (const { account, outbox } of [...opened.values()]) {
      const box = await outbox.catch(() => null);
      if (box) await act(box, account);
    }
  }

  /** Stops sending an account's orders (they stay on disk, sent again when it is opened again). */
  async function close(id: string): Promise<void> {
    const known = opened.get(id);
    opened.delete(id);
    await (await known?.outbox.catch(() => null))?.close();
  }

  const openedOutbox = (id: string): Promise<Outbox> | null => opened.get(id)?.outbox ?? null;

  return {
    /** Every registered account's outbox sends, whichever is active; a removed account's stops (its orders stay on disk). */
    open(): void {
      const accounts = options.accounts();
      for (const account of accounts) openOne(account).catch((error: unknown) => log(`outbox: ${String(error)}`));
      void each((_box, account) => {
        if (!accounts.some((entry) => entry.id === account.id)) return close(account.id);
      });
    },
    kick: () => void each((box) => box.kick()),
    /** Orders of an account still to be sent (of one service account, when given). */
    pendingCount: async (id: string, accountId?: string) => (await openedOutbox(id)?.catch(() => null))?.pendingCount(accountId) ?? 0,
    /** The outbox of an account already opened, if any. */
    opened: openedOutbox,
    /**
     * The outbox the screens show and add to: the active account's; while the service has not said
     * yet whose key this is, one that refuses to file an order (no account to file it under);
     * signed out, the signed-out one.
     */
    active(): Promise<Outbox> | Outbox {
      const active = options.active();
      const outbox = active ? openedOutbox(active.connection.id) : null;
      if (outbox) return outbox;
      if (active && !registered(active.connection.id)) return refusingOutbox(unknownAccountText(active.connection.baseUrl));
      return SIGNED_OUT_OUTBOX;
    },
    close,
    async closeAll(): Promise<void> {
      for (const id of [...opened.keys()]) await close(id);
    },
    whenIdle: () => each((box) => box.whenIdle()),
    /** The account stops being active: what its outbox holds now is where its orders' moves are told from. */
    toBackground(id: string): void {
      void openedOutbox(id)?.then((box) => seen.set(id, outboxStates(box.list())), () => undefined);
    },
  };
}

/**
 * The sender of one account's orders, handed to that account's outbox alone (so an outbox has no
 * way to reach another account's key): a service client of that account's service whose key is
 * always `keys.keyOf(account.id)`, whichever account is active. `clientFor` makes a client with one
 * attempt per call (the outbox keeps each order's own retry schedule).
 */
function createOrderSender(account: OutboxAccount, keys: AccountKeys, clientFor: AccountOutboxesOptions['clientFor']): (entry: OutboxEntry) => Promise<SendResult> {
  let client: ServiceClient | null = null;
  return async (entry) => {
    const baseUrl = keys.addressOf(account.id);
    if (!baseUrl || keys.keyOf(account.id) === null) {
      return { ok: false, error: serviceError({ code: 'not_configured', message: 'This account is not signed in here now.', retryable: false }) };
    }
    if (client?.baseUrl !== baseUrl) client = clientFor(baseUrl, () => keys.keyOf(account.id));
    return client.call('createOrder', { body: entry.order, idempotencyKey: entry.idempotencyKey });
  };
}

/**
 * Before several accounts, one `outbox.json` in the data folder held every account's orders. The
 * first time an account's outbox opens, its entries move to the account's own file (written first,
 * so a crash in between leaves an order in both, with the same Idempotency-Key: sending it twice
 * makes the service replay, never a second order), then leave the shared file.
 */
async function adoptLegacyEntries(dataDir: string, folder: string, accountId: string, stamp: string): Promise<number> {
  if (folder === dataDir) return 0;
  const legacy = await loadOutboxFile(dataDir, stamp);
  const mine = legacy.entries.filter((entry) => entry.accountId === accountId);
  if (mine.length === 0) return 0;
  const own = await loadOutboxFile(folder, stamp);
  // A damaged own file was set aside; the old entries wait for the next start rather than be mixed in blind.
  if (own.problem) return 0;
  const ownIds = new Set(own.entries.map((entry) => entry.id));
  await saveOutboxFile(folder, [...own.entries, ...mine.filter((entry) => !ownIds.has(entry.id))]);
  await saveOutboxFile(dataDir, legacy.entries.filter((entry) => entry.accountId !== accountId));
  return mine.length;
}

/** An outbox that takes no order, saying why: its account is not known yet. */
function refusingOutbox(reason: string): Outbox {
  return { ...SIGNED_OUT_OUTBOX, submit: async () => failWith('not_configured', reason) };
}

/** The outbox while no account is signed in: empty, and it takes no order. */
export const SIGNED_OUT_OUTBOX: Outbox = {
  submit: async () => failWith('not_configured', 'Sign in to a service before placing orders.'),
  list: () => [],
  retry: async () => failWith('not_found', 'That queued order no longer exists.'),
  update: async () => failWith('not_found', 'That queued order no longer exists.'),
  discard: async () => succeed({ discarded: false }),
  kick: () => undefined,
  pendingCount: () => 0,
  whenIdle: async () => undefined,
  close: async () => undefined,
  loadProblem: null,
};

/** An order placed before the service has ever told whose key this is cannot be filed under an account. */
function unknownAccountText(baseUrl: string): string {
  return `Caseworks has not reached ${hostOf(baseUrl)} yet, so it does not know which account this key belongs to. Orders can be placed as soon as the service answers.`;
}
