import { failWith, succeed, type Outcome } from '../failure';
import type { AccountBook } from './account-book';
import type { BuyerAccountEntry } from './account-registry';
import type { ConnectionState } from './connection-state';
import type { DemoLifecycle } from './demo-lifecycle';
import type { DemoService } from './demo-service';
import { refusal } from './refusals';
import type { Connection, VerifyOutcome } from './session-types';

export interface AccountSwitchingOptions {
  state: ConnectionState;
  book: AccountBook;
  demo: DemoService;
  lifecycle: DemoLifecycle;
  verify(baseUrl: string, apiKey: string): Promise<VerifyOutcome>;
  /** The bounded first contact with a custom account's service, in the background. */
  checkFirstContact(id: string): Promise<void>;
  memoryOnlyKeys: boolean;
  newAccountId(): string;
}

/**
 * Which account is active and signing in to one: at launch, on a switch, or as the demo's first
 * buyer. Each answers the connection, or why not as a value (`refusal`).
 */
export function createAccountSwitching({ state, book, demo, lifecycle, verify, checkFirstContact, memoryOnlyKeys, newAccountId }: AccountSwitchingOptions) {
  /** Makes an account (or none) the active one, saved and told. */
  function activate(entry: BuyerAccountEntry): Connection;
  function activate(entry: null): null;
  function activate(entry: BuyerAccountEntry | null): Connection | null {
    book.setActive(entry?.id ?? null);
    const next = entry ? book.connectionOf(entry) : null;
    state.change(next);
    return next;
  }

  /** Signs in as the demo service's first buyer (added to the accounts if it is not there yet). */
  async function signInToDemo(): Promise<Outcome<Connection>> {
    const started = await lifecycle.ensure();
    if (!started.ok) return started;
    const service = started.data;
    const outcome = await verify(service.baseUrl, service.apiKey);
    if (!outcome.ok) return failWith(outcome.error.code, `The demo service did not start properly: ${outcome.error.message}`, true);
    demo.setFirstAccountId(outcome.account.id);
    demo.remember(service);
    state.setLastProblem(null);
    const entry = book.upsert({ id: newAccountId(), mode: 'demo', baseUrl: service.baseUrl, accountId: outcome.account.id, name: outcome.account.name });
    return succeed(activate(entry));
  }

  /**
   * Signs in as a registered account at launch or on a switch, without waiting for its service: a
   * custom account with its key at once (its first contact runs in the background), a demo account
   * with its key from the running demo or from the demo's last start (the demo starts in the
   * background); only a demo account whose key is nowhere known waits for the demo to start.
   */
  async function signInAs(entry: BuyerAccountEntry): Promise<Outcome<Connection>> {
    if (entry.mode === 'demo' && demo.keyOf(entry.accountId) === null && !demo.running()) await demo.readKnown();
    if (entry.mode === 'demo' && demo.keyOf(entry.accountId) === null) {
      const started = await lifecycle.ensure();
      if (!started.ok) return started;
      const service = started.data;
      if (demo.firstAccountId() === null && !service.buyers?.some((buyer) => buyer.accountId === entry.accountId)) {
        const first = await verify(service.baseUrl, service.apiKey);
        if (first.ok) demo.setFirstAccountId(first.account.id);
        demo.remember(service);
      }
      if (book.keyOf(entry.id) === null) return refusal('not_found', `${entry.name} is not a buyer of this demo service any more. Remove it and add it again.`);
    } else if (book.keyOf(entry.id) === null) {
      if (memoryOnlyKeys) {
        return refusal(
          'not_configured',
          `The browser shell keeps keys in memory only, so the key of ${entry.name} was forgotten when it last stopped. Add the account again with its key (Settings → Buyer accounts); its queued orders are kept and go out then.`,
        );
      }
      const stored = book.keys.vaultOf(entry.id).load().problem;
      return refusal('not_configured', stored ?? `The key of ${entry.name} is not kept on this computer. Remove the account and add it again with its key.`);
    }
    state.setLastProblem(null);
    const next = activate(entry);
    if (entry.mode === 'demo') lifecycle.startInBackground();
    else void checkFirstContact(entry.id);
    return succeed(next);
  }

  return {
    activate,
    signInToDemo,
    signInAs,

    /** Makes another registered account the active one. */
    async switchTo(id: string): Promise<Outcome<Connection>> {
      const entry = book.entryOf(id);
      if (!entry) return refusal('not_found', 'That buyer account is no longer on this computer.');
      const connection = state.current();
      if (connection?.id === id) return succeed(connection);
      return signInAs(entry);
    },
  };
}

export type AccountSwitching = ReturnType<typeof createAccountSwitching>;
