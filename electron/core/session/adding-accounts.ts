import type { Account } from '../../../shared/schemas';
import { failWith, succeed, type Outcome } from '../failure';
import { sameAccount, type AccountBook } from './account-book';
import { LEGACY_SETTINGS, type BuyerAccountEntry } from './account-registry';
import type { AccountSwitching } from './account-switching';
import type { ConnectionState } from './connection-state';
import type { DemoLifecycle } from './demo-lifecycle';
import type { DemoService } from './demo-service';
import { hostOf, keyOfAnotherService, refusal } from './refusals';
import { DEMO_SCOPE_URL } from './service-connection';
import type { Connection, VerifyOutcome } from './session-types';

export interface AddingAccountsOptions {
  state: ConnectionState;
  book: AccountBook;
  demo: DemoService;
  lifecycle: DemoLifecycle;
  switching: AccountSwitching;
  /** `GET /account` with the given key; nothing is saved before it succeeds. */
  verify(baseUrl: string, apiKey: string): Promise<VerifyOutcome>;
  newAccountId(): string;
}

export interface AccountInput {
  baseUrl: string;
  apiKey: string;
  allowWeakKeyStorage: boolean;
}

/**
 * Adding a buyer account: a URL and key verified with `GET /account` before anything is saved
 * (the same key or account twice refused), or one of the demo's buyers from its list. The added
 * account becomes the active one.
 */
export function createAddingAccounts({ state, book, demo, lifecycle, switching, verify, newAccountId }: AddingAccountsOptions) {
  /**
   * Verifies a URL and key and decides what account they are; nothing is saved here. An account
   * added on the running demo service with a demo buyer's key is a demo account (it follows the
   * demo to its next address); "Use my service" keeps what it typed, as before.
   */
  async function verified(baseUrl: string, apiKey: string, how: 'add' | 'replace'): Promise<Outcome<{ mode: 'demo' | 'custom'; account: Account }>> {
    const outcome = await verify(baseUrl, apiKey);
    if (!outcome.ok) return failWith(outcome.error.code, outcome.error.message, outcome.error.retryable);
    const running = demo.running();
    const demoBuyer = how === 'add' && running && running.baseUrl === baseUrl && running.buyers?.some((buyer) => buyer.apiKey === apiKey);
    return succeed({ mode: demoBuyer ? 'demo' : 'custom', account: outcome.account });
  }

  /** Adds a verified account and makes it active; `replace` forgets the active one first (the settings' "Use my service"). */
  async function add(input: AccountInput, how: 'add' | 'replace'): Promise<Outcome<Connection>> {
    const sameKey = book.list().find((entry) => book.keyOf(entry.id) === input.apiKey);
    if (how === 'add' && sameKey) {
      const where = book.addressOf(sameKey);
      return refusal(
        'rejected',
        where === null || where === input.baseUrl
          ? `This key is already added, as ${sameKey.name}. Choose it in the account switcher instead.`
          : `This key is already added, as ${sameKey.name} on ${hostOf(where)}: it is a key of that service, not of ${hostOf(input.baseUrl)}.`,
      );
    }
    const checked = await verified(input.baseUrl, input.apiKey, how);
    if (!checked.ok) return keyOfAnotherService(checked, input.baseUrl, sameKey);
    const { mode, account } = checked.data;
    const candidate: BuyerAccountEntry = { id: newAccountId(), mode, baseUrl: input.baseUrl, accountId: account.id, name: account.name };
    const same = book.list().find((entry) => sameAccount(entry, candidate));
    // The same account again: refused while it has its key here; without one (the browser shell after a restart), it takes this one.
    if (how === 'add' && same && book.keyOf(same.id) !== null) {
      return refusal('rejected', `${same.name} is already added with another key of the same account. Remove it first to use this key instead.`);
    }
    const connection = state.current();
    if (how === 'replace' && connection && connection.id !== (same?.id ?? null)) book.forget(connection.id);
    const entry = book.upsert(same ? { ...candidate, id: same.id } : candidate);
    if (mode === 'custom') book.keys.keep(entry.id, input.apiKey, input.allowWeakKeyStorage);
    state.setLastProblem(null);
    book.settings.set(LEGACY_SETTINGS.baseUrl, input.baseUrl);
    const next = switching.activate(entry);
    await lifecycle.stopIfUnused();
    return succeed(next);
  }

  return {
    /** "Use my service": verified first; replaces the active account (nothing saved before success). */
    connect: (input: AccountInput) => add(input, 'replace'),

    /** Another buyer account beside the others: verified first; the same key or account twice is refused. */
    add: (input: AccountInput) => add(input, 'add'),

    /**
     * Adds one of the demo's buyers as an account and makes it active: tied to the demo (its key
     * comes from the demo, whatever port it runs on), added even while the demo is not running.
     */
    async addDemoBuyer(accountId: string): Promise<Outcome<Connection>> {
      if (!demo.running()) await demo.readKnown();
      const running = demo.running();
      const buyer = demo.buyers().find((candidate) => candidate.accountId === accountId);
      if (!buyer) return refusal('not_found', 'That buyer is not one of the demo marketplace’s buyers. Choose one from the list.');
      let name = buyer.name ?? accountId;
      if (running) {
        const outcome = await verify(running.baseUrl, buyer.apiKey);
        if (!outcome.ok) return failWith(outcome.error.code, outcome.error.message, outcome.error.retryable);
        name = outcome.account.name;
      }
      demo.setKey(accountId, buyer.apiKey);
      const entry = book.upsert({ id: newAccountId(), mode: 'demo', baseUrl: demo.address() ?? DEMO_SCOPE_URL, accountId, name });
      state.setLastProblem(null);
      const next = switching.activate(entry);
      lifecycle.startInBackground();
      return succeed(next);
    },
  };
}
