import { fail, ok, type BuyerAccount, type CaseworksBridge, type SessionInfo } from '../../../shared/bridge';
import { sameAccount } from '../../../electron/core/session/account-book';
import { listAccounts } from '../../../electron/core/session/account-list';
import type { BuyerAccountEntry } from '../../../electron/core/session/account-registry';
import type { Call } from './fakeBridge';

const DEMO_URL = 'http://127.0.0.1:4555/api/v1';

export const demoSession: SessionInfo = {
  mode: 'demo',
  baseUrl: DEMO_URL,
  account: { id: 'org_demo', name: 'Bistro Verde' },
  buyerAccountId: 'ba_demo',
  keyStorage: 'embedded-demo',
  keyStorageDescription: 'The demo key lives in memory only',
  weakStorageAvailable: false,
  online: true,
  problem: null,
  keysInMemoryOnly: false,
};

type SessionMethods = Pick<
  CaseworksBridge,
  | 'getSession'
  | 'useDemoService'
  | 'connectService'
  | 'signOut'
  | 'listBuyerAccounts'
  | 'addBuyerAccount'
  | 'switchBuyerAccount'
  | 'removeBuyerAccount'
  | 'listDemoBuyers'
  | 'addDemoBuyer'
>;

/**
 * Who is signed in, and the buyer accounts on this computer with the key each was added with (what
 * main refuses twice). Listed by the session's own `listAccounts`, a demo buyer found again by
 * `sameAccount`; signing in, switching and removing are written here (their ids and names are the
 * fake's). `pending`: the signed-in account's orders still to be sent.
 */
export function createFakeSession(record: (method: Call['method'], input: unknown) => void, pending: () => number) {
  let session: SessionInfo = { ...demoSession };
  /** The demo marketplace's buyers (what its credentials file lists). */
  const demoBuyers = [
    { accountId: 'org_demo', name: 'Bistro Verde' },
    { accountId: 'org_demo2', name: 'Harbor Provisions' },
  ];
  /** The buyer accounts on this computer, with the key each was added with. */
  let accounts: (BuyerAccountEntry & { queuedOrders: number; apiKey: string })[] = [
    { id: 'ba_demo', mode: 'demo', baseUrl: DEMO_URL, accountId: 'org_demo', name: 'Bistro Verde', queuedOrders: 0, apiKey: 'demo_key' },
  ];
  /** The accounts as the screens list them, by the app's own listing (electron/core/session/account-list.ts). */
  const accountView = (): Promise<BuyerAccount[]> =>
    listAccounts({
      accounts: () => ({ accounts, activeId: session.buyerAccountId }),
      addressOf: (id) => accounts.find((account) => account.id === id)?.baseUrl ?? null,
      pendingCount: async (id) => (id === session.buyerAccountId ? pending() : (accounts.find((account) => account.id === id)?.queuedOrders ?? 0)),
    });
  const signInAs = (account: (typeof accounts)[number]) => {
    session = { ...session, mode: account.mode, baseUrl: account.baseUrl, account: { id: account.accountId, name: account.name }, buyerAccountId: account.id };
  };

  const methods: SessionMethods = {
    async getSession(input) {
      record('getSession', input);
      return ok(session);
    },
    async useDemoService(input) {
      record('useDemoService', input);
      session = { ...demoSession };
      return ok(session);
    },
    async connectService(input) {
      record('connectService', input);
      session = { ...demoSession, mode: 'custom', baseUrl: input.baseUrl, keyStorage: 'os-encrypted', keyStorageDescription: 'Encrypted by the system' };
      return ok(session);
    },
    async signOut(input) {
      record('signOut', input);
      const keptQueuedOrders = pending();
      session = { ...session, mode: 'none', account: null };
      return ok({ keptQueuedOrders });
    },
    async listBuyerAccounts(input) {
      record('listBuyerAccounts', input);
      return ok({ accounts: await accountView() });
    },
    async addBuyerAccount(input) {
      record('addBuyerAccount', input);
      const same = accounts.find((account) => account.apiKey === input.apiKey);
      if (same) return fail('rejected', `This key is already added, as ${same.name}. Choose it in the account switcher instead.`);
      const added = { id: `ba_${accounts.length + 1}`, mode: 'custom' as const, baseUrl: input.baseUrl, accountId: `org_${accounts.length + 1}`, name: `Buyer ${accounts.length + 1}`, queuedOrders: 0, apiKey: input.apiKey };
      accounts = [...accounts, added];
      signInAs(added);
      return ok(session);
    },
    async switchBuyerAccount(input) {
      record('switchBuyerAccount', input);
      const account = accounts.find((candidate) => candidate.id === input.id);
      if (!account) return fail('not_found', 'That buyer account is no longer on this computer.');
      signInAs(account);
      return ok(session);
    },
    async removeBuyerAccount(input) {
      record('removeBuyerAccount', input);
      const removed = (await accountView()).find((account) => account.id === input.id);
      accounts = accounts.filter((account) => account.id !== input.id);
      if (session.buyerAccountId === input.id) {
        const next = accounts[0];
        if (next) signInAs(next);
        else session = { ...session, mode: 'none', account: null, buyerAccountId: null };
      }
      return ok({ keptQueuedOrders: removed?.queuedOrders ?? 0 });
    },
    async listDemoBuyers(input) {
      record('listDemoBuyers', input);
      return ok({ buyers: demoBuyers.map((buyer) => ({ ...buyer, added: accounts.some((account) => sameAccount(account, { mode: 'demo', baseUrl: DEMO_URL, accountId: buyer.accountId })) })) });
    },
    async addDemoBuyer(input) {
      record('addDemoBuyer', input);
      const buyer = demoBuyers.find((candidate) => candidate.accountId === input.accountId);
      if (!buyer) return fail('not_found', 'That buyer is not one of the demo marketplace’s buyers. Choose one from the list.');
      const candidate = { id: `ba_${accounts.length + 1}`, mode: 'demo' as const, baseUrl: DEMO_URL, accountId: buyer.accountId, name: buyer.name, queuedOrders: 0, apiKey: `demo_${buyer.accountId}` };
      const existing = accounts.find((account) => sameAccount(account, candidate));
      const added = existing ?? candidate;
      if (!existing) accounts = [...accounts, added];
      signInAs(added);
      return ok(session);
    },
  };

  return {
    methods,
    current: () => session,
    set(next: Partial<SessionInfo>) {
      session = { ...session, ...next };
    },
    addAccount(account: BuyerAccountEntry & { queuedOrders: number }) {
      accounts = [...accounts, { ...account, apiKey: `key_${account.id}` }];
    },
  };
}
