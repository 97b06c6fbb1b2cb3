import type { ConnectionProblem, SessionInfo } from '../../../shared/bridge/session';
import { serviceError } from '../api/service-error';
import { CoreFailure } from '../failure';
import type { KeyVault, SettingsStore } from '../vault';
import {
  LEGACY_SETTINGS,
  emptyRegistry,
  loadRegistry,
  newBuyerAccountId,
  saveRegistry,
  type AccountRegistry,
  type BuyerAccountEntry,
  type RegistryLoad,
} from './account-registry';
import { demoProblem, problemOfFirstContact, type KeySource } from './first-contact';
import { createAccountKeys } from './account-keys';
import { matchesKeyFingerprint } from './key-fingerprint';
import { DEFAULT_EMBEDDED_RESTART, DEMO_STOPPED_TITLE, demoNotRestartedText, demoRestartedText, type EmbeddedRestartPolicy } from './demo-restart';
import { hostOf, keyOfAnotherService, refusal } from './refusals';
import { createDemoService } from './demo-service';
import { DEMO_SCOPE_URL } from './service-connection';
import type { Account } from '../../../shared/schemas';
import type { Connection, DemoBuyerKey, EmbeddedServiceHandle, VerifyOutcome } from './session-types';

export type { Connection, DemoBuyerKey, EmbeddedServiceHandle, VerifyOutcome } from './session-types';
export { DEFAULT_EMBEDDED_RESTART, DEMO_STOPPED_TITLE, demoNotRestartedText, demoRestartedText, type EmbeddedRestartPolicy } from './demo-restart';

export interface SessionManagerOptions {
  /** The vault of one settings entry: each buyer account keeps its key in its own. */
  vaultFor(settingsKey: string): KeyVault;
  settings: SettingsStore;
  /** The browser shell keeps keys in memory only and says so. */
  memoryOnlyKeys: boolean;
  startEmbedded(): Promise<EmbeddedServiceHandle>;
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
 * The session: which buyer accounts, which one is active, which service and key. With nothing
 * configured it starts the embedded demo service and signs in as its first buyer, so the first
 * launch shows a working marketplace. Adding an account verifies the URL and key with
 * `GET /account` before anything is saved. Every registered account keeps its own key (the vault
 * entry `keySettingOf(id)`, or memory only in the browser shell; a demo account uses the demo
 * buyer's key), so its queued orders can be sent while another account is active.
 */
export function createSessionManager(options: SessionManagerOptions) {
  const { settings } = options;
  let connection: Connection | null = null;
  let registry: AccountRegistry = emptyRegistry();
  /** Keys of the browser shell (never stored), by buyer account id. */
  const keys = createAccountKeys(options);
  /** The demo buyers' keys and the demo's address, kept while it is stopped (an outage), by account id. */
  let lastProblem: string | null = null;
  /** What is known against the session's service now (see first-contact.ts); reset on every change of connection. */
  let problem: ConnectionProblem | null = null;
  /** Starting the demo for a demo session signed in without it. */
  let demoStarting: Promise<void> | null = null;
  let rechecking: Promise<void> | null = null;
  const firstContact = options.firstContact ?? options.verify;
  let closed = false;
  let restarting: Promise<void> | null = null;
  /** True until `start()` has decided the connection. */
  let starting = true;
  const restartPolicy = options.embeddedRestart ?? DEFAULT_EMBEDDED_RESTART;
  const notice = options.onNotice ?? (() => undefined);
  const newId = options.newAccountId ?? newBuyerAccountId;
  const demo = createDemoService({ start: () => options.startEmbedded(), knownDemoBuyers: options.knownDemoBuyers });



  const entryOf = (id: string) => registry.accounts.find((account) => account.id === id) ?? null;

  function saveAccounts(next: AccountRegistry): void {
    registry = next;
    saveRegistry(settings, next);
    options.onAccountsChange?.(next.accounts);
  }

  /** The key of one registered account: the demo buyer's, or its own from memory or the vault. */
  function keyOf(id: string): string | null {
    const entry = entryOf(id);
    if (entry?.mode === 'demo') return demo.keyOf(entry.accountId);
    return keys.own(id, entry !== null);
  }

  function addressOf(entry: BuyerAccountEntry): string | null {
    return entry.mode === 'demo' ? demo.address() : entry.baseUrl;
  }

  function setProblem(next: ConnectionProblem | null): void {
    if (JSON.stringify(next) === JSON.stringify(problem)) return;
    problem = next;
    options.onProblemChange?.(next);
  }

  /** A demo account's address is the running demo's (or, during an outage, its last one); none ('') before it ran. */
  function connectionOf(entry: BuyerAccountEntry): Connection {
    const baseUrl = entry.mode === 'demo' ? (addressOf(entry) ?? '') : entry.baseUrl;
    return { id: entry.id, mode: entry.mode, baseUrl, account: { id: entry.accountId, name: entry.name } };
  }

  function activate(entry: BuyerAccountEntry | null): Connection | null {
    if (registry.activeId !== (entry?.id ?? null)) saveAccounts({ ...registry, activeId: entry?.id ?? null });
    const next = entry ? connectionOf(entry) : null;
    change(next);
    return next;
  }

  /** Adds (or, for the same account of the same service, updates) an entry and saves the list. */
  function upsert(entry: BuyerAccountEntry): BuyerAccountEntry {
    const existing = registry.accounts.find((account) => sameAccount(account, entry));
    const stored = existing ? { ...entry, id: existing.id } : entry;
    const accounts = existing ? registry.accounts.map((account) => (account.id === existing.id ? stored : account)) : [...registry.accounts, stored];
    saveAccounts({ ...registry, accounts });
    return stored;
  }

  function sameAccount(a: Pick<BuyerAccountEntry, 'mode' | 'baseUrl' | 'accountId'>, b: Pick<BuyerAccountEntry, 'mode' | 'baseUrl' | 'accountId'>): boolean {
    if (a.accountId !== b.accountId || a.mode !== b.mode) return false;
    return a.mode === 'demo' || a.baseUrl === b.baseUrl;
  }

  /** Forgets an account's key and its entry; returns it. The caller decides what becomes active. */
  function forget(id: string): BuyerAccountEntry | null {
    const entry = entryOf(id);
    if (!entry) return null;
    keys.forget(id);
    saveAccounts({ ...registry, accounts: registry.accounts.filter((account) => account.id !== id), activeId: registry.activeId === id ? null : registry.activeId });
    return entry;
  }

  /**
   * Verifies a URL and key and decides what account they are; nothing is saved here. An account
   * added on the running demo service with a demo buyer's key is a demo account (it follows the
   * demo to its next address); "Use my service" keeps what it typed, as before.
   */
  async function verified(baseUrl: string, apiKey: string, how: 'add' | 'replace'): Promise<{ mode: 'demo' | 'custom'; account: Account }> {
    const outcome = await options.verify(baseUrl, apiKey);
    if (!outcome.ok) {
      const { code, message, retryable } = outcome.error;
      throw new CoreFailure(serviceError({ code, message, retryable }));
    }
    const running = demo.running();
    const demoBuyer = how === 'add' && running && running.baseUrl === baseUrl && running.buyers?.some((buyer) => buyer.apiKey === apiKey);
    return { mode: demoBuyer ? 'demo' : 'custom', account: outcome.account };
  }



  /** The demo is not needed while no account uses it; "Use the demo" starts it again. */
  async function stopEmbeddedIfUnused(): Promise<void> {
    const running = demo.running();
    if (running && !registry.accounts.some((account) => account.mode === 'demo' || account.baseUrl === running.baseUrl)) {
      await stopEmbedded().catch(() => undefined);
    }
  }

  /** A new connection starts with nothing known against it (its own first contact tells). */
  function change(next: Connection | null) {
    if (next?.id !== connection?.id || next?.baseUrl !== connection?.baseUrl) problem = null;
    connection = next;
    options.onChange(next);
  }

  /** The running demo service, started if need be; a failure is said as the session's problem (by its code). */
  async function ensureEmbedded(): Promise<EmbeddedServiceHandle> {
    if (demo.running()) return demo.ensure();
    let service: EmbeddedServiceHandle;
    try {
      service = await demo.ensure();
    } catch (error) {
      setProblem(demoProblem((error as { code?: string } | null)?.code, error instanceof Error ? error.message : 'The demo service could not start.'));
      throw error;
    }
    if (problem?.code === 'demo_unavailable' || problem?.code === 'data_folder_in_use') setProblem(null);
    return service;
  }

  /**
   * A demo session signed in without its service: the service starts in the background and the
   * session follows it. Only while it has not run yet this session: one that stopped by itself is
   * started again by `embeddedStopped`, one stopped on purpose (an outage) stays stopped.
   */
  function startDemoInBackground(): void {
    if (demo.running() || closed || demo.hasRun()) return;
    demoStarting ??= keepStartingDemo().finally(() => {
      demoStarting = null;
    });
  }

  /** Starts the demo, trying again as after a stop (bounded); another process holding its folder ends the tries. */
  async function keepStartingDemo(): Promise<void> {
    for (let attempt = 0; attempt <= restartPolicy.attempts; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, restartPolicy.delayMs(attempt)));
      if (closed || connection?.mode !== 'demo') return;
      try {
        await restartEmbedded();
        return;
      } catch {
        if (problem?.code === 'data_folder_in_use') return;
      }
    }
  }

  /** Stops the embedded service (also one still starting); "Use the demo service" starts a new one. */
  const stopEmbedded = () => demo.stop();

  /** Starts the demo service again and moves a demo session to its new address. */
  async function restartEmbedded(): Promise<void> {
    const service = await ensureEmbedded();
    if (connection?.mode !== 'demo') return;
    if (service.baseUrl !== connection.baseUrl) change({ ...connection, baseUrl: service.baseUrl });
  }

  /** Bounded restarts after the demo service stopped by itself, while a demo session needs it. */
  async function restartAfterStop(): Promise<void> {
    for (let attempt = 1; attempt <= restartPolicy.attempts; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, restartPolicy.delayMs(attempt)));
      if (closed || connection?.mode !== 'demo') return;
      try {
        await restartEmbedded();
        lastProblem = null;
        notice(DEMO_STOPPED_TITLE, demoRestartedText);
        return;
      } catch {
        // Another process holds its folder: trying again will not help until it stops.
        if (problem?.code === 'data_folder_in_use') break;
      }
    }
    lastProblem = demoNotRestartedText(restartPolicy.attempts);
    notice(DEMO_STOPPED_TITLE, lastProblem);
  }

  /** Signs in as the demo service's first buyer (added to the accounts if it is not there yet). */
  async function signInToDemo(): Promise<Connection> {
    const service = await ensureEmbedded();
    const outcome = await options.verify(service.baseUrl, service.apiKey);
    if (!outcome.ok) throw new CoreFailure(serviceError({ code: outcome.error.code, message: `The demo service did not start properly: ${outcome.error.message}`, retryable: true }));
    demo.setFirstAccountId(outcome.account.id);
    demo.remember(service);
    lastProblem = null;
    const entry = upsert({ id: newId(), mode: 'demo', baseUrl: service.baseUrl, accountId: outcome.account.id, name: outcome.account.name });
    return activate(entry) as Connection;
  }

  /**
   * Signs in as a registered account at launch or on a switch, without waiting for its service: a
   * custom account with its key at once (its first contact runs in the background), a demo account
   * with its key from the running demo or from the demo's last start (the demo starts in the
   * background); only a demo account whose key is nowhere known waits for the demo to start.
   */
  async function signInAs(entry: BuyerAccountEntry): Promise<Connection> {
    if (entry.mode === 'demo' && demo.keyOf(entry.accountId) === null && !demo.running()) await demo.readKnown();
    if (entry.mode === 'demo' && demo.keyOf(entry.accountId) === null) {
      const service = await ensureEmbedded();
      if (demo.firstAccountId() === null && !service.buyers?.some((buyer) => buyer.accountId === entry.accountId)) {
        const first = await options.verify(service.baseUrl, service.apiKey);
        if (first.ok) demo.setFirstAccountId(first.account.id);
        demo.remember(service);
      }
      if (keyOf(entry.id) === null) throw refusal('not_found', `${entry.name} is not a buyer of this demo service any more. Remove it and add it again.`);
    } else if (keyOf(entry.id) === null) {
      if (options.memoryOnlyKeys) {
        throw refusal(
          'not_configured',
          `The browser shell keeps keys in memory only, so the key of ${entry.name} was forgotten when it last stopped. Add the account again with its key (Settings → Buyer accounts); its queued orders are kept and go out then.`,
        );
      }
      const stored = keys.vaultOf(entry.id).load().problem;
      throw refusal('not_configured', stored ?? `The key of ${entry.name} is not kept on this computer. Remove the account and add it again with its key.`);
    }
    lastProblem = null;
    const next = activate(entry) as Connection;
    if (entry.mode === 'demo') startDemoInBackground();
    else void checkFirstContact(entry.id);
    return next;
  }

  /** Is the active account's key given by the environment (the browser shell's CASEWORKS_API_KEY)? */
  function keySourceOf(id: string): KeySource {
    const preset = options.presetService;
    return preset && keys.inMemory(id) === preset.apiKey ? 'environment' : 'saved';
  }

  /** A bounded first contact with a custom account's service, in the background: what it finds becomes the session's problem. */
  async function checkFirstContact(id: string): Promise<void> {
    const entry = entryOf(id);
    const key = keyOf(id);
    if (!entry || entry.mode !== 'custom' || key === null) return;
    // In the background: whatever goes wrong here is no more than "nothing learned".
    let outcome: VerifyOutcome | null;
    try {
      outcome = (await firstContact(entry.baseUrl, key)) ?? null;
    } catch {
      return;
    }
    if (!outcome || closed || connection?.id !== id) return;
    setProblem(outcome.ok ? null : problemOfFirstContact(outcome.error, entry.baseUrl, keySourceOf(id)));
  }

  /**
   * The connection `start()` will most likely settle on, known before it has (the demo's address
   * and account only once its service runs): its offline copy can be shown while the service starts.
   */
  /** The saved accounts, read (and the one connection of before migrated) once, before `start()` if the core asks what to expect. */
  let loadedRegistry: RegistryLoad | null = null;
  function registryLoad(): RegistryLoad {
    if (!loadedRegistry) {
      loadedRegistry = loadRegistry(settings, newId);
      if (loadedRegistry.registry) registry = loadedRegistry.registry;
    }
    return loadedRegistry;
  }

  function expected(): Connection | null {
    if (options.presetService) return { id: PRESET_ACCOUNT, mode: 'custom', baseUrl: options.presetService.baseUrl, account: null };
    const saved = registryLoad().registry;
    // The very first launch signs in to the demo as its first buyer, not known before it runs.
    if (!saved) return { id: '', mode: 'demo', baseUrl: '', account: null };
    const entry = saved.accounts.find((account) => account.id === saved.activeId);
    return entry ? { id: entry.id, mode: entry.mode, baseUrl: entry.baseUrl, account: { id: entry.accountId, name: entry.name } } : null;
  }

  /** The connection the screens are told of: while starting, the expected one. */
  const shown = () => connection ?? (starting ? expected() : null);

  function describeKeyStorage(): Pick<SessionInfo, 'keyStorage' | 'keyStorageDescription' | 'weakStorageAvailable'> {
    if (shown()?.mode === 'demo') {
      return {
        keyStorage: 'embedded-demo',
        keyStorageDescription: 'Signed in to the demo service that runs inside Caseworks; no key of yours is stored.',
        weakStorageAvailable: false,
      };
    }
    if (options.memoryOnlyKeys) {
      const hasKey = connection !== null && keyOf(connection.id) !== null;
      return {
        keyStorage: hasKey ? 'memory-only' : 'none',
        keyStorageDescription: hasKey
          ? 'Kept in memory only: the browser shell never stores the key, so it is gone when the shell stops.'
          : (lastProblem ?? 'No API key is set.'),
        weakStorageAvailable: false,
      };
    }
    // Signed out: a vault entry nothing is saved in, for how keys would be kept.
    const status = keys.vaultOf(connection?.id ?? NO_ACCOUNT).describe();
    return { keyStorage: status.kind, keyStorageDescription: lastProblem ?? status.description, weakStorageAvailable: status.weakStorageAvailable };
  }

  /** Adds a verified account and makes it active; `replace` forgets the active one first (the settings' "Use my service"). */
  async function addAccount(input: { baseUrl: string; apiKey: string; allowWeakKeyStorage: boolean }, how: 'add' | 'replace'): Promise<Connection> {
    const sameKey = registry.accounts.find((entry) => keyOf(entry.id) === input.apiKey);
    if (how === 'add' && sameKey) {
      const where = addressOf(sameKey);
      throw refusal(
        'rejected',
        where === null || where === input.baseUrl
          ? `This key is already added, as ${sameKey.name}. Choose it in the account switcher instead.`
          : `This key is already added, as ${sameKey.name} on ${hostOf(where)}: it is a key of that service, not of ${hostOf(input.baseUrl)}.`,
      );
    }
    const { mode, account } = await verified(input.baseUrl, input.apiKey, how).catch((error: unknown) => {
      throw keyOfAnotherService(error, input.baseUrl, sameKey);
    });
    const candidate: BuyerAccountEntry = { id: newId(), mode, baseUrl: input.baseUrl, accountId: account.id, name: account.name };
    const same = registry.accounts.find((entry) => sameAccount(entry, candidate));
    // The same account again: refused while it has its key here; without one (the browser shell after a restart), it takes this one.
    if (how === 'add' && same && keyOf(same.id) !== null) {
      throw refusal('rejected', `${same.name} is already added with another key of the same account. Remove it first to use this key instead.`);
    }
    if (how === 'replace' && connection && connection.id !== (same?.id ?? null)) forget(connection.id);
    const entry = upsert(same ? { ...candidate, id: same.id } : candidate);
    if (mode === 'custom') keys.keep(entry.id, input.apiKey, input.allowWeakKeyStorage);
    lastProblem = null;
    settings.set(LEGACY_SETTINGS.baseUrl, input.baseUrl);
    const next = activate(entry) as Connection;
    await stopEmbeddedIfUnused();
    return next;
  }

  return {
    /** Decides the connection at launch; failures leave the app signed out with the reason. */
    async start(): Promise<void> {
      try {
        const loaded = registryLoad();
        lastProblem = loaded.problem;
        if (options.presetService) {
          await startPreset(options.presetService);
          return;
        }
        if (!loaded.registry) {
          await signInToDemo();
          return;
        }
        const active = registry.activeId ? entryOf(registry.activeId) : null;
        if (active && options.memoryOnlyKeys && active.mode === 'custom' && keyOf(active.id) === null) {
          // The browser shell kept the list of accounts, not their keys: its demo's buyers need none.
          const demo = registry.accounts.find((account) => account.mode === 'demo');
          await (demo ? signInAs(demo) : signInToDemo());
          return;
        }
        if (active) await signInAs(active);
      } catch (error) {
        lastProblem = error instanceof CoreFailure ? error.error.message : error instanceof Error ? error.message : 'Caseworks could not connect.';
      } finally {
        starting = false;
      }
    },

    current: () => connection,

    expected,

    /** The key of the current connection, for the service client only. */
    apiKey(): string | null {
      return connection ? keyOf(connection.id) : null;
    },

    /** The key of one buyer account, for the client that sends that account's orders only. */
    keyOf,

    /** Where one buyer account is reached now: its service's address and whether it has a key here. */
    addressOf(id: string): string | null {
      const entry = entryOf(id);
      if (!entry) return connection?.id === id ? connection.baseUrl : null;
      return addressOf(entry);
    },

    /** Every key held now, so logs can leave them out. */
    allKeys(): string[] {
      const keys = registry.accounts.map((entry) => keyOf(entry.id));
      if (connection) keys.push(keyOf(connection.id));
      return keys.filter((key): key is string => key !== null);
    },

    /** The buyer accounts and which one is active. */
    accounts: (): { accounts: BuyerAccountEntry[]; activeId: string | null } => ({ accounts: [...registry.accounts], activeId: connection?.id ?? null }),

    /** While starting, the expected connection (the catalog shows its offline copy meanwhile, not the connect screen). */
    info(online: boolean): SessionInfo {
      const rememberedUrl = settings.get(LEGACY_SETTINGS.baseUrl);
      const current = shown();
      // A demo session has the running demo's address, or none: never another service's URL typed once.
      const fallbackUrl = current?.mode === 'demo' || typeof rememberedUrl !== 'string' ? null : rememberedUrl;
      return {
        mode: current?.mode ?? 'none',
        baseUrl: current?.baseUrl || fallbackUrl,
        account: current?.account ?? null,
        buyerAccountId: current?.id || null,
        ...describeKeyStorage(),
        online,
        problem,
        keysInMemoryOnly: options.memoryOnlyKeys,
      };
    },

    useDemo: signInToDemo,

    /** "Use my service": verified first; replaces the active account (nothing saved before success). */
    connect: (input: { baseUrl: string; apiKey: string; allowWeakKeyStorage: boolean }) => addAccount(input, 'replace'),

    /** Another buyer account beside the others: verified first; the same key or account twice is refused. */
    add: (input: { baseUrl: string; apiKey: string; allowWeakKeyStorage: boolean }) => addAccount(input, 'add'),

    /** Makes another registered account the active one. */
    async switchTo(id: string): Promise<Connection> {
      const entry = entryOf(id);
      if (!entry) throw refusal('not_found', 'That buyer account is no longer on this computer.');
      if (connection?.id === id) return connection;
      return signInAs(entry);
    },

    /**
     * Forgets an account and its key (its queued orders and own files stay on disk, sent or used
     * again if it is added again). When it was active, the next account becomes active, or none.
     */
    async remove(id: string): Promise<{ removed: BuyerAccountEntry | null; next: Connection | null }> {
      const wasActive = connection?.id === id;
      const removed = forget(id);
      if (!wasActive) return { removed, next: connection };
      lastProblem = null;
      const following = registry.accounts[0] ?? null;
      const next = following ? await signInAs(following).catch(() => activate(null)) : activate(null);
      await stopEmbeddedIfUnused();
      return { removed, next };
    },

    /** Forgets the active account and its key; the caller removes the account's cached private data. */
    signOut(): Connection | null {
      const previous = connection;
      if (previous) forget(previous.id);
      keys.dropFromMemory(previous?.id ?? '');
      lastProblem = null;
      saveAccounts({ ...registry, activeId: null });
      change(null);
      return previous;
    },

    /**
     * The service answers again (connectivity came back): a first contact that found no answer is
     * made again, and a preset service whose account was not known yet is signed in to now.
     */
    recheck(): Promise<void> {
      rechecking ??= (async () => {
        if (closed || starting || !connection) return;
        const preset = options.presetService;
        if (preset && connection.baseUrl === preset.baseUrl && (connection.id === PRESET_ACCOUNT || keySourceOf(connection.id) === 'environment')) {
          if (problem?.code !== 'key_refused') await presetContact(preset);
          return;
        }
        if (connection.mode === 'custom' && (problem?.code === 'not_answering' || problem?.code === 'unreachable')) await checkFirstContact(connection.id);
      })().finally(() => {
        rechecking = null;
      });
      return rechecking;
    },

    /** What is known against the session's service now. */
    problem: () => problem,

    /** The demo marketplace's buyers (the running demo's, else its last start's), to add one from a list. */
    async demoBuyers(): Promise<{ accountId: string; name: string; added: boolean }[]> {
      if (!demo.running()) await demo.readKnown();
      const running = demo.running();
      // By the name the account will have once added (the service's), asked once each while the
      // demo runs; the demo's file has a shorter trading name, used while it does not.
      if (running) {
        await Promise.all(
          demo
            .buyers()
            .filter((buyer) => demo.nameOf(buyer.accountId) === undefined)
            .map(async (buyer) => {
              const outcome = await options.verify(running.baseUrl, buyer.apiKey).catch(() => null);
              if (outcome?.ok) demo.learnName(buyer.accountId, outcome.account.name);
            }),
        );
      }
      return demo.buyers().map((buyer) => {
        const added = registry.accounts.find((account) => account.mode === 'demo' && account.accountId === buyer.accountId);
        return { accountId: buyer.accountId, name: added?.name ?? demo.nameOf(buyer.accountId) ?? buyer.name ?? buyer.accountId, added: added !== undefined };
      });
    },

    /**
     * Adds one of the demo's buyers as an account and makes it active: tied to the demo (its key
     * comes from the demo, whatever port it runs on), added even while the demo is not running.
     */
    async addDemoBuyer(accountId: string): Promise<Connection> {
      if (!demo.running()) await demo.readKnown();
      const running = demo.running();
      const buyer = demo.buyers().find((candidate) => candidate.accountId === accountId);
      if (!buyer) throw refusal('not_found', 'That buyer is not one of the demo marketplace’s buyers. Choose one from the list.');
      let name = buyer.name ?? accountId;
      if (running) {
        const outcome = await options.verify(running.baseUrl, buyer.apiKey);
        if (!outcome.ok) throw new CoreFailure(serviceError({ code: outcome.error.code, message: outcome.error.message, retryable: outcome.error.retryable }));
        name = outcome.account.name;
      }
      demo.setKey(accountId, buyer.apiKey);
      const entry = upsert({ id: newId(), mode: 'demo', baseUrl: demo.address() ?? DEMO_SCOPE_URL, accountId, name });
      lastProblem = null;
      const next = activate(entry) as Connection;
      startDemoInBackground();
      return next;
    },

    /** The running embedded service, if any. */
    embeddedService: () => demo.running(),

    /** Stops the embedded service, as when the network goes away (tests, the browser shell). */
    stopEmbedded,

    /** Starts the embedded service again on the same data; the demo session follows it to its new address. */
    restartEmbedded,

    /**
     * The demo service `stopped` exited without being asked to: it is forgotten (so "Use the demo
     * service" starts a new one) and, while the session uses it, started again a bounded number of times.
     */
    embeddedStopped(stopped: EmbeddedServiceHandle): Promise<void> {
      if (!demo.forget(stopped)) return restarting ?? Promise.resolve();
      if (closed || connection?.mode !== 'demo') return Promise.resolve();
      restarting ??= restartAfterStop().finally(() => {
        restarting = null;
      });
      return restarting;
    },

    async close(): Promise<void> {
      closed = true;
      await stopEmbedded();
    },
  };

  /**
   * A service named by the environment (browser shell): signed in as its account, key in memory.
   * A key seen before (its fingerprint kept with the account) signs in at once, so a shell started
   * while its service is down has the account, its queued orders and its offline copy; then the
   * first contact (bounded) says whether the service answers and takes the key.
   */
  async function startPreset(preset: { baseUrl: string; apiKey: string }): Promise<void> {
    const known = registry.accounts.find(
      (entry) => entry.mode === 'custom' && entry.baseUrl === preset.baseUrl && matchesKeyFingerprint(settings, entry.id, preset.apiKey),
    );
    if (known) {
      keys.holdInMemory(known.id, preset.apiKey);
      activate(known);
    }
    await presetContact(preset);
  }

  /** The first contact with the preset service: its account signed in to, or what stands in the way. */
  async function presetContact(preset: { baseUrl: string; apiKey: string }): Promise<void> {
    const outcome = await firstContact(preset.baseUrl, preset.apiKey);
    if (closed) return;
    if (outcome.ok) {
      const entry = upsert({ id: newId(), mode: 'custom', baseUrl: preset.baseUrl, accountId: outcome.account.id, name: outcome.account.name });
      // In memory, with its fingerprint where keys are kept in memory only (so a restart knows it offline).
      if (options.memoryOnlyKeys) keys.keep(entry.id, preset.apiKey, false);
      else keys.holdInMemory(entry.id, preset.apiKey);
      keys.dropFromMemory(PRESET_ACCOUNT);
      lastProblem = null;
      if (connection?.id === entry.id) setProblem(null);
      else activate(entry);
      return;
    }
    lastProblem = outcome.error.message;
    if (!connection) {
      keys.holdInMemory(PRESET_ACCOUNT, preset.apiKey);
      change({ id: PRESET_ACCOUNT, mode: 'custom', baseUrl: preset.baseUrl, account: null });
    }
    setProblem(problemOfFirstContact(outcome.error, preset.baseUrl, 'environment'));
  }
}

/** The connection to a preset service whose key was not accepted (so no account is known). */
const PRESET_ACCOUNT = 'preset';
/** The vault entry describing how keys would be kept while signed out; nothing is saved in it. */
const NO_ACCOUNT = 'none';

export type SessionManager = ReturnType<typeof createSessionManager>;
