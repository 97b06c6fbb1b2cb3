import { type Account } from '../../../shared/schemas';
import type { CaseworksBridge, SessionInfo } from '../../../shared/bridge';
import { createDispatcher } from '../../../electron/bridge/dispatcher';
import type { BridgeHandlers } from '../../../electron/bridge/handler-types';
import { createBuyerAccountHandlers } from '../../../electron/bridge/handlers/buyer-accounts';
import { createSessionHandlers } from '../../../electron/bridge/handlers/session';
import { succeed, type Outcome } from '../../../electron/core/failure';
import { listAccounts } from '../../../electron/core/session/account-list';
import { emptyRegistry, keySettingOf, saveRegistry, type BuyerAccountEntry } from '../../../electron/core/session/account-registry';
import { createSessionManager, type DemoStart, type VerifyOutcome } from '../../../electron/core/session/session-manager';
import { createKeyVault, type SafeStorageLike, type SettingsStore } from '../../../electron/core/vault';
import type { Call } from './fakeBridge';
import * as fixtures from './fixtures';

const DEMO_URL = 'http://127.0.0.1:4555/api/v1';

/** The demo marketplace's buyers and their keys (what its credentials file lists). */
const DEMO_BUYERS = [
  { accountId: 'org_demo', name: 'Bistro Verde', apiKey: 'demo_key_org_demo' },
  { accountId: 'org_demo2', name: 'Harbor Provisions', apiKey: 'demo_key_org_demo2' },
];

/** The buyer account this computer has when a test starts: the demo's first buyer, active. */
const DEMO_ACCOUNT: BuyerAccountEntry = { id: 'ba_demo', mode: 'demo', baseUrl: DEMO_URL, accountId: 'org_demo', name: 'Bistro Verde' };

/** Signed in to the demo as its first buyer, as the app says it (electron/core/session/session-manager.ts, `info`). */
export const demoSession: SessionInfo = {
  mode: 'demo',
  baseUrl: DEMO_URL,
  account: { id: 'org_demo', name: 'Bistro Verde' },
  buyerAccountId: 'ba_demo',
  keyStorage: 'embedded-demo',
  keyStorageDescription: 'Signed in to the demo service that runs inside Caseworks; no key of yours is stored.',
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

/** Settings kept in memory (the app's settings file). */
function memorySettings(): SettingsStore {
  const values = new Map<string, unknown>();
  return {
    get: (key) => values.get(key),
    set: (key, value) => void values.set(key, value),
    delete: (key) => void values.delete(key),
  };
}

/** A system whose keychain encrypts (reversibly, for the test): keys are kept as on a desktop with one. */
const safeStorage: SafeStorageLike = {
  isEncryptionAvailable: () => true,
  getSelectedStorageBackend: () => 'gnome_libsecret',
  encryptString: (text) => Buffer.from(`enc:${text}`),
  decryptString: (buffer) => buffer.toString().replace(/^enc:/, ''),
};

/**
 * Who is signed in, and the buyer accounts on this computer with their keys: the app's own session
 * manager (electron/core/session/session-manager.ts: its account book, switching, adding,
 * sign-out and removal) over settings and a key vault kept in memory, a demo service that is a
 * list of buyers and keys, and a service that knows an account by its key; behind the app's own
 * session and buyer-account handlers and its dispatcher. The rules (a key added twice, the next
 * account after a removal, what a demo session says of its key) and their words are the app's.
 * `pending`: the signed-in account's orders still to be sent (the fake outbox's).
 */
export function createFakeSession(record: (method: Call['method'], input: unknown) => void, pending: () => number) {
  const settings = memorySettings();
  const vaultFor = (settingsKey: string) => createKeyVault({ safeStorage, settings, platform: 'linux', settingsKey });
  saveRegistry(settings, { ...emptyRegistry(), accounts: [DEMO_ACCOUNT], activeId: DEMO_ACCOUNT.id });
  /** The accounts a test adds before the first call (addAccount). */
  const seeded: BuyerAccountEntry[] = [];
  /** Orders waiting in the outboxes of accounts that are not active (the fake outbox holds the active one's only). */
  const queued = new Map<string, number>();
  /** The service's accounts by key: a key not seen before is a new buyer's (`Buyer 2`, …), as the service would answer it. */
  const accountsByKey = new Map<string, Account>(DEMO_BUYERS.map((buyer) => [buyer.apiKey, { ...fixtures.account, id: buyer.accountId, name: buyer.name }]));
  let ids = 1;
  /** What a test says of the session (offline, a problem, signed out): it stands until the next change of account. */
  let overlay: Partial<SessionInfo> = {};

  const startDemo = async (): Promise<DemoStart> => ({
    ok: true,
    service: { baseUrl: DEMO_URL, apiKey: DEMO_BUYERS[0]!.apiKey, buyers: DEMO_BUYERS, stop: async () => undefined },
  });
  const verify = async (_baseUrl: string, apiKey: string): Promise<VerifyOutcome> => {
    let account = accountsByKey.get(apiKey);
    if (!account) {
      const n = accountsByKey.size;
      account = { ...fixtures.account, id: `org_${n}`, name: `Buyer ${n}` };
      accountsByKey.set(apiKey, account);
    }
    return { ok: true, account };
  };
  const manager = createSessionManager({
    vaultFor,
    settings,
    memoryOnlyKeys: false,
    startEmbedded: startDemo,
    verify,
    newAccountId: () => `ba_${++ids}`,
    onChange: () => undefined,
  });
  let started: Promise<void> | null = null;
  const ready = () => (started ??= manager.start());

  const info = (): SessionInfo => ({ ...manager.info(true), ...overlay });
  const pendingOf = async (id: string) => (id === manager.current()?.id ? pending() : (queued.get(id) ?? 0));
  /** A change of account: the test's word on the session gives way to what the app says after it. */
  const change = async <T>(run: () => Promise<T>): Promise<T> => {
    await ready();
    overlay = {};
    return run();
  };
  /** Done, or why not (the session's `settled`, electron/core/session/session.ts: nothing else waits here). */
  const settled = async (run: () => Promise<Outcome<unknown>>): Promise<Outcome<void>> => {
    const outcome = await change(run);
    return outcome.ok ? succeed(undefined) : outcome;
  };
  const handlers = {
    ...createSessionHandlers({
      info,
      useDemo: () => settled(manager.useDemo),
      connect: (input) => settled(() => manager.connect(input)),
      signOut: () =>
        change(async () => {
          const keptQueuedOrders = manager.current() ? pending() : 0;
          manager.signOut();
          return { keptQueuedOrders };
        }),
    }),
    ...createBuyerAccountHandlers({
      info,
      list: async () => {
        await ready();
        return listAccounts({ accounts: manager.accounts, addressOf: manager.addressOf, pendingCount: pendingOf });
      },
      add: (input) => settled(() => manager.add(input)),
      switchTo: (id) => settled(() => manager.switchTo(id)),
      remove: (id) =>
        change(async () => {
          const keptQueuedOrders = await pendingOf(id);
          await manager.remove(id);
          return { keptQueuedOrders };
        }),
      demoBuyers: async () => {
        await ready();
        return manager.demoBuyers();
      },
      addDemoBuyer: (accountId) => settled(() => manager.addDemoBuyer(accountId)),
    }),
  };
  const dispatcher = createDispatcher({ handlers: handlers as unknown as BridgeHandlers });
  const call =
    <M extends keyof SessionMethods>(method: M) =>
    async (input?: unknown) => {
      record(method, input);
      if (method === 'getSession') await ready();
      return dispatcher.dispatch(method, input);
    };

  const methods = {
    getSession: call('getSession'),
    useDemoService: call('useDemoService'),
    connectService: call('connectService'),
    signOut: call('signOut'),
    listBuyerAccounts: call('listBuyerAccounts'),
    addBuyerAccount: call('addBuyerAccount'),
    switchBuyerAccount: call('switchBuyerAccount'),
    removeBuyerAccount: call('removeBuyerAccount'),
    listDemoBuyers: call('listDemoBuyers'),
    addDemoBuyer: call('addDemoBuyer'),
  } as SessionMethods;

  return {
    methods,
    /** The session as the app would tell it now (with what a test said of it). */
    current: info,
    /** What a test says of the session (offline, a problem, signed out), until the next change of account. */
    set(next: Partial<SessionInfo>) {
      overlay = { ...overlay, ...next };
    },
    /** Another buyer account already on this computer (not active), with its key and orders queued; before the app first asks. */
    addAccount(account: BuyerAccountEntry & { queuedOrders: number }) {
      if (started) throw new Error('addAccount: the session has started; add accounts before the first call');
      const { queuedOrders, ...entry } = account;
      const apiKey = `key_${entry.id}`;
      seeded.push(entry);
      saveRegistry(settings, { ...emptyRegistry(), accounts: [DEMO_ACCOUNT, ...seeded], activeId: DEMO_ACCOUNT.id });
      vaultFor(keySettingOf(entry.id)).save(apiKey);
      accountsByKey.set(apiKey, { ...fixtures.account, id: entry.accountId, name: entry.name });
      queued.set(entry.id, queuedOrders);
    },
  };
}
