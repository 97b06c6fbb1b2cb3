import type { OutboxEntry } from '../../../shared/bridge';
import type { ServiceClient } from '../api';
import { serviceError } from '../api/service-error';
import { failWith, succeed } from '../failure';
import { loadOutboxFile, outboxFileIn, saveOutboxFile } from './outbox-file';
import { createOutbox, type Outbox, type OutboxOptions } from './outbox';
import type { SendResult } from './send-outcome';

/** The buyer account an outbox belongs to: ours (`BuyerAccountEntry.id`) and the service's id. */
export interface OutboxAccount {
  id: string;
  accountId: string;
}

/**
 * Sends orders of one buyer account, with that account's key only. It is built for one account
 * (`senderFor(account)`) and handed to that account's outbox alone, so an outbox has no way to
 * reach another account's key.
 */
export type OrderSender = (entry: OutboxEntry) => Promise<SendResult>;

/** Where each buyer account is reached now and with which key (the session). */
export interface AccountKeys {
  addressOf(id: string): string | null;
  keyOf(id: string): string | null;
}

/**
 * The sender of one account's orders: a service client of that account's service whose key is
 * always `keys.keyOf(account.id)`, whichever account is active. `clientFor` makes a client with one
 * attempt per call (the outbox keeps each order's own retry schedule).
 */
export function createOrderSender(account: OutboxAccount, keys: AccountKeys, clientFor: (baseUrl: string, apiKey: () => string | null) => ServiceClient): OrderSender {
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

export interface AccountOutboxesOptions extends Pick<OutboxOptions, 'now' | 'random' | 'timers' | 'newIdempotencyKey' | 'retry' | 'confirmedRetentionMs'> {
  /** The app's data folder: where the outbox of before several accounts (`outbox.json`) may still be. */
  dataDir: string;
  /** The folder of one account's own files; its `outbox.json` lives there. */
  folderOf(account: OutboxAccount): string;
  /** The sender of one account's orders, with that account's own key. */
  senderFor(account: OutboxAccount): OrderSender;
  /** Told about every change of one account's outbox, with its entries. */
  onChange(account: OutboxAccount, entries: OutboxEntry[]): void;
  onProblem?(message: string): void;
}

/**
 * One outbox per buyer account, each in the account's own folder and each sending with its own
 * account's key, whichever account is active. An entry of another account found in an outbox is
 * never sent (refused before the sender is called).
 */
export function createAccountOutboxes(options: AccountOutboxesOptions) {
  const opened = new Map<string, { account: OutboxAccount; outbox: Promise<Outbox> }>();
  /** Moving entries out of the old shared file, one account at a time. */
  let adopting: Promise<unknown> = Promise.resolve();

  function open(account: OutboxAccount): Promise<Outbox> {
    const known = opened.get(account.id);
    if (known && known.account.accountId === account.accountId) return known.outbox;
    const folder = options.folderOf(account);
    const send = options.senderFor(account);
    const adopted = adopting.then(() => adoptLegacyEntries(options.dataDir, folder, account.accountId, stamp()));
    adopting = adopted.catch(() => undefined);
    const outbox = adopted
      .catch(() => options.onProblem?.('Queued orders of before could not be moved to their account; they stay where they were.'))
      .then(() =>
        createOutbox({
          ...options,
          storage: outboxFileIn(folder),
          send: async (entry) => {
            if (entry.accountId !== account.accountId) {
              return { ok: false, error: serviceError({ code: 'rejected', message: 'This order belongs to another account and was not sent.', retryable: false }) };
            }
            return send(entry);
          },
          currentAccountId: () => account.accountId,
          onChange: (entries) => options.onChange(account, entries),
        }),
      );
    opened.set(account.id, { account, outbox });
    return outbox;
  }

  const stamp = () => (options.now?.() ?? new Date()).toISOString();

  return {
    /** The outbox of one account, opened on first use (and then sending by itself). */
    open,
    /** The outbox of an account already opened, if any. */
    opened: (id: string): Promise<Outbox> | null => opened.get(id)?.outbox ?? null,
    /** Stops sending an account's orders (they stay on disk, sent again when it is opened again). */
    async close(id: string): Promise<void> {
      const known = opened.get(id);
      opened.delete(id);
      await (await known?.outbox.catch(() => null))?.close();
    },
    /** Every opened outbox, e.g. to send now that the service can be reached. */
    async each(act: (outbox: Outbox, account: OutboxAccount) => void | Promise<void>): Promise<void> {
      for (const { account, outbox } of [...opened.values()]) {
        const box = await outbox.catch(() => null);
        if (box) await act(box, account);
      }
    },
    async closeAll(): Promise<void> {
      const all = [...opened.keys()];
      for (const id of all) {
        const known = opened.get(id);
        opened.delete(id);
        await (await known?.outbox.catch(() => null))?.close();
      }
    },
  };
}

export type AccountOutboxes = ReturnType<typeof createAccountOutboxes>;

/**
 * Before several accounts, one `outbox.json` in the data folder held every account's orders. The
 * first time an account's outbox opens, its entries move to the account's own file (written first,
 * so a crash in between leaves an order in both, with the same Idempotency-Key: sending it twice
 * makes the service replay, never a second order), then leave the shared file.
 */
export async function adoptLegacyEntries(dataDir: string, folder: string, accountId: string, stamp: string): Promise<number> {
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

/** An outbox that takes no order, saying why: no account is signed in, or its account is not known yet. */
export function refusingOutbox(reason: string): Outbox {
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
