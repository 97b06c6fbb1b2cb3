import type { ConnectionProblem, SessionInfo } from '../../../shared/bridge/session';
import type { KeyVault, SettingsStore } from '../vault';
import { createAccountBook } from './account-book';
import { LEGACY_SETTINGS, newBuyerAccountId, type BuyerAccountEntry } from './account-registry';
import { createAccountSwitching } from './account-switching';
import { createAddingAccounts } from './adding-accounts';
import { createConnectionState } from './connection-state';
import { createDemoLifecycle } from './demo-lifecycle';
import { DEFAULT_EMBEDDED_RESTART, type EmbeddedRestartPolicy } from './demo-restart';
import { createDemoService } from './demo-service';
import { describeKeyStorage } from './key-storage';
import { createServiceContact, PRESET_ACCOUNT } from './service-contact';
import { createSignOut } from './sign-out';
import type { Connection, DemoBuyerKey, DemoStart, VerifyOutcome } from './session-types';

export type { Connection, DemoBuyerKey, DemoStart, EmbeddedServiceHandle, VerifyOutcome } from './session-types';
export { DEFAULT_EMBEDDED_RESTART, DEMO_STOPPED_TITLE, demoNotRestartedText, demoRestartedText, type EmbeddedRestartPolicy } from './demo-restart';

export interface SessionManagerOptions {
  /** The vault of one settings entry: each buyer account keeps its key in its own. */
  vaultFor(settingsKey: string): KeyVault;
  settings: SettingsStore;
  /** The browser shell keeps keys in memory only and says so. */
  memoryOnlyKeys: boolean;
  /** Starts the demo service: its handle, or why it could not start (a value, never thrown). */
  startEmbedded(): Promise<DemoStart>;
  /** `GET /account` with the given key; nothing is saved before it succeeds. */
  verify(baseUrl: string, apiKey: string): Promise<VerifyOutcome>;
  /** The same, bounded for the first contact (see first-contact.ts); default `verify`. */
  firstContact?(baseUrl: string, apiKey: string): Promise<VerifyOutcome>;
  /**
   * The demo's buyers as its last start left them (its credentials file), so a demo account signs
   * in at once while the demo service starts in the background, or cannot start.
   */
  knownDemoBuyers?(): Promise<DemoBuyerKey[] | null>;
  /** Told when what is known against the session's service changes (a refused key, no answer, a demo that cannot start). */
  onProblemChange?(problem: ConnectionProblem | null): void;
  /** A service named by the environment (browser shell): used instead of the demo, key in memory. */
  presetService?: { baseUrl: string; apiKey: string };
  /** Told after every change of connection (sign-in, switch, sign-out). */
  onChange(connection: Connection | null): void;
  /** Told after every change of the list of buyer accounts (added, removed, renamed). */
  onAccountsChange?(accounts: BuyerAccountEntry[]): void;
  newAccountId?: () => string;
  /** Plain words for the buyer when the demo service stopped by itself, was restarted, or could not be. */
  onNotice?(title: string, body: string): void;
  /** How often, and after how long, a demo service that stopped by itself is started again. */
  embeddedRestart?: EmbeddedRestartPolicy;
}

/**
 * Who is signed in, as the accounts see it: which buyer accounts, which one is active, which
 * service and key. With nothing configured it starts the embedded demo service and signs in as its
 * first buyer, so the first launch shows a working marketplace. It puts together the parts that
 * each hold one thing: the accounts and their keys (account-book.ts), which one is active and
 * switching (account-switching.ts), adding (adding-accounts.ts), leaving (sign-out.ts), the demo
 * service's lifecycle (demo-lifecycle.ts) and the first contact with a service (service-contact.ts).
 * Every step answers an `Outcome`: a refusal is a value, never thrown.
 */
export function createSessionManager(options: SessionManagerOptions) {
  const { memoryOnlyKeys, presetService } = options;
  const newAccountId = options.newAccountId ?? newBuyerAccountId;
  const verify = options.verify;
  const state = createConnectionState(options);
  const demo = createDemoService({ start: () => options.startEmbedded(), knownDemoBuyers: options.knownDemoBuyers });
  const book = createAccountBook({ ...options, newAccountId, demo });
  const lifecycle = createDemoLifecycle({
    demo,
    state,
    book,
    verify,
    restartPolicy: options.embeddedRestart ?? DEFAULT_EMBEDDED_RESTART,
    notice: options.onNotice ?? (() => undefined),
  });
  const contact = createServiceContact({
    state,
    book,
    presetService,
    memoryOnlyKeys,
    firstContact: options.firstContact ?? verify,
    newAccountId,
    activate: (entry) => switching.activate(entry),
  });
  const switching = createAccountSwitching({ state, book, demo, lifecycle, verify, checkFirstContact: contact.check, memoryOnlyKeys, newAccountId });
  const adding = createAddingAccounts({ state, book, demo, lifecycle, switching, verify, newAccountId });
  const leaving = createSignOut({ state, book, switching, lifecycle });

  /**
   * The connection `start()` will most likely settle on, known before it has (the demo's address
   * and account only once its service runs): its offline copy can be shown while the service starts.
   */
  function expected(): Connection | null {
    if (presetService) return { id: PRESET_ACCOUNT, mode: 'custom', baseUrl: presetService.baseUrl, account: null };
    const saved = book.load().registry;
    // The very first launch signs in to the demo as its first buyer, not known before it runs.
    if (!saved) return { id: '', mode: 'demo', baseUrl: '', account: null };
    const entry = saved.accounts.find((account) => account.id === saved.activeId);
    return entry ? { id: entry.id, mode: entry.mode, baseUrl: entry.baseUrl, account: { id: entry.accountId, name: entry.name } } : null;
  }

  /** The connection the screens are told of: while starting, the expected one. */
  const shown = () => state.current() ?? (state.starting() ? expected() : null);

  /** Which account to sign in as at launch, and signing in: the preset service, the demo's first buyer, or the account active last. */
  async function signInAtLaunch(): Promise<string | null> {
    const loaded = book.load();
    state.setLastProblem(loaded.problem);
    if (presetService) {
      await contact.startPreset(presetService);
      return null;
    }
    if (!loaded.registry) return problemOf(await switching.signInToDemo());
    const activeId = book.activeId();
    const active = activeId ? book.entryOf(activeId) : null;
    if (active && memoryOnlyKeys && active.mode === 'custom' && book.keyOf(active.id) === null) {
      // The browser shell kept the list of accounts, not their keys: its demo's buyers need none.
      const demoAccount = book.list().find((account) => account.mode === 'demo');
      return problemOf(await (demoAccount ? switching.signInAs(demoAccount) : switching.signInToDemo()));
    }
    return active ? problemOf(await switching.signInAs(active)) : null;
  }

  return {
    /** Decides the connection at launch; failures leave the app signed out with the reason. */
    async start(): Promise<void> {
      try {
        const problem = await signInAtLaunch();
        if (problem !== null) state.setLastProblem(problem);
      } catch (error) {
        // The demo service that could not start (said as the session's problem too), or what no one expected.
        state.setLastProblem(error instanceof Error ? error.message : 'Caseworks could not connect.');
      } finally {
        state.started();
      }
    },

    current: state.current,

    expected,

    /** The key of the current connection, for the service client only. */
    apiKey(): string | null {
      const connection = state.current();
      return connection ? book.keyOf(connection.id) : null;
    },

    /** The key of one buyer account, for the client that sends that account's orders only. */
    keyOf: book.keyOf,

    /** Each account's key and address as its outbox's sender asks them (the account book's own). */
    senderKeys: book.senderKeys,

    /** Where one buyer account is reached now: its service's address, or null before it has one. */
    addressOf(id: string): string | null {
      const entry = book.entryOf(id);
      const connection = state.current();
      if (!entry) return connection?.id === id ? connection.baseUrl : null;
      return book.addressOf(entry);
    },

    /** Every key held now, so logs can leave them out. */
    allKeys(): string[] {
      const keys = book.list().map((entry) => book.keyOf(entry.id));
      const connection = state.current();
      if (connection) keys.push(book.keyOf(connection.id));
      return keys.filter((key): key is string => key !== null);
    },

    /** The buyer accounts and which one is active. */
    accounts: (): { accounts: BuyerAccountEntry[]; activeId: string | null } => ({ accounts: [...book.list()], activeId: state.current()?.id ?? null }),

    /** While starting, the expected connection (the catalog shows its offline copy meanwhile, not the connect screen). */
    info(online: boolean): SessionInfo {
      const rememberedUrl = book.settings.get(LEGACY_SETTINGS.baseUrl);
      const current = shown();
      // A demo session has the running demo's address, or none: never another service's URL typed once.
      const fallbackUrl = current?.mode === 'demo' || typeof rememberedUrl !== 'string' ? null : rememberedUrl;
      return {
        mode: current?.mode ?? 'none',
        baseUrl: current?.baseUrl || fallbackUrl,
        account: current?.account ?? null,
        buyerAccountId: current?.id || null,
        ...describeKeyStorage(current, { state, book, memoryOnlyKeys }),
        online,
        problem: state.problem(),
        keysInMemoryOnly: memoryOnlyKeys,
      };
    },

    useDemo: switching.signInToDemo,
    connect: adding.connect,
    add: adding.add,
    switchTo: switching.switchTo,
    remove: leaving.remove,
    signOut: leaving.signOut,
    recheck: contact.recheck,

    /** What is known against the session's service now. */
    problem: state.problem,

    demoBuyers: lifecycle.buyers,
    addDemoBuyer: adding.addDemoBuyer,

    /** The running embedded service, if any. */
    embeddedService: () => demo.running(),

    /** Stops the embedded service, as when the network goes away (tests, the browser shell). */
    stopEmbedded: lifecycle.stop,

    /** Starts the embedded service again on the same data; the demo session follows it to its new address. */
    restartEmbedded: lifecycle.restart,

    embeddedStopped: lifecycle.stopped,

    async close(): Promise<void> {
      state.close();
      await lifecycle.stop();
    },
  };
}

/** What stood in the way of a sign-in, in plain words; null when it succeeded. */
const problemOf = (outcome: { ok: true } | { ok: false; error: { message: string } }): string | null => (outcome.ok ? null : outcome.error.message);

export type SessionManager = ReturnType<typeof createSessionManager>;
