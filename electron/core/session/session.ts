import type { BuyerAccount } from '../../../shared/bridge/accounts';
import type { BridgeParsedInput } from '../../../shared/bridge/contract';
import type { BridgeEvent } from '../../../shared/bridge/events';
import type { SessionInfo } from '../../../shared/bridge/session';
import { succeed, type Outcome } from '../failure';
import { createServiceClient, type ServiceClient, type ServiceClientOptions } from '../api';
import { refusingOutbox, SIGNED_OUT_OUTBOX } from '../outbox';
import { createConnectivity } from '../connection/connectivity';
import type { StoreScope } from '../offline/offline-store';
import type { Outbox } from '../outbox';
import type { SyncEngine } from '../sync/sync-engine';
import type { BuyerAccountEntry } from './account-registry';
import { meansOffline } from './first-contact';
import { createOtherAccounts } from './other-accounts';
import { createSessionOutboxes } from './session-outboxes';
import { nextPhase, shownIn, type ActiveAccount, type SessionPhase } from './session-phase';
import { createSessionManager, type Connection, type DemoStart, type EmbeddedServiceHandle, type SessionManagerOptions } from './session-manager';
import { accountScopeOf, DEMO_SCOPE_URL } from './service-connection';

export interface SessionOptions
  extends Omit<SessionManagerOptions, 'onChange' | 'onAccountsChange' | 'onProblemChange' | 'onNotice' | 'startEmbedded'>,
    Pick<ServiceClientOptions, 'fetch'> {
  /** The app's data folder: each account's own files (its outbox) are in a folder of it. */
  dataDir: string;
  now(): Date;
  /** Timeouts and retries of the service clients (tests shorten them). */
  clientTuning?: Partial<Pick<ServiceClientOptions, 'timeoutMs' | 'maxAttempts' | 'baseDelayMs' | 'maxDelayMs'>>;
  /** Starts the demo service; `onUnexpectedExit` is told when it stops without being asked to. */
  startEmbedded(onUnexpectedExit: (handle: EmbeddedServiceHandle) => void): Promise<DemoStart>;
  /** The sync engine of one connection's offline copy (the screens read the active one's). */
  engineFor(connection: Connection, client: ServiceClient): SyncEngine;
  /** An account-only engine following another account's orders, its events told to `onEvent`. */
  followerFor(account: BuyerAccountEntry, client: ServiceClient, onEvent: (event: BridgeEvent) => void): SyncEngine;
  /** Removes one account's private offline data (its orders, its account) from the offline copy. */
  clearAccount(scope: StoreScope): Promise<void>;
  /** Does the service at this address answer now? */
  probe(baseUrl: string): Promise<boolean>;
  /** How often connectivity is probed while offline (default 5 s). */
  offlineProbeMs?: number;
  /** How often the offline copy is refreshed while online (default 2 minutes; 0: never). */
  syncIntervalMs?: number;
  /** Events for the screens ('session-changed', 'connectivity', 'outbox-changed', the active engine's). */
  emit(event: BridgeEvent): void;
  /** Order moves of a background account, announced by its name. */
  onOtherAccountEvent(event: BridgeEvent, accountName: string): void;
  notify(title: string, body: string): void;
  log(message: string): void;
}

export { nextPhase, SESSION_TRANSITIONS, shownIn, type ActiveAccount, type SessionPhase } from './session-phase';

/**
 * The session: which buyer accounts this computer has, which one is active, the demo service's
 * lifecycle, connectivity to the active account's service, and each account's outbox and sync.
 * Every change of account goes through here, one at a time; the handlers ask, never run a flow.
 */
export function createSession(options: SessionOptions) {
  const { log, emit } = options;
  let phase: SessionPhase = { name: 'starting', provisional: null };
  /** Changes of connection, applied one after another; every flow waits for its own. */
  let switching: Promise<void> = Promise.resolve();
  let starting: Promise<void> | null = null;
  let periodicSync: ReturnType<typeof setInterval> | null = null;
  const listeners = new Set<(active: ActiveAccount | null) => void>();

  /** The signed-in account, its client and engine; null in every other state. */
  const activeNow = (): ActiveAccount | null => (phase.name === 'signed-in' ? phase.active : null);
  const closedNow = () => phase.name === 'closed';
  /** Enters the next state; false when the session is closed. */
  function enter(next: SessionPhase): boolean {
    const entered = nextPhase(phase, next);
    if (entered) phase = entered;
    return entered !== null;
  }

  const connectivity = createConnectivity({
    probe: async () => {
      const active = activeNow();
      return active ? options.probe(active.client.baseUrl) : true;
    },
    onChange: (online) => {
      emit({ type: 'connectivity', online });
      if (online) {
        kickOutboxes();
        activeNow()?.engine.syncNow();
        others.syncNow();
        // A first contact that found no answer is made again (a preset account not known yet is signed in to).
        void manager.recheck();
      }
    },
    offlineProbeMs: options.offlineProbeMs,
  });

  function clientFor(baseUrl: string, apiKey: () => string | null, maxAttempts?: number): ServiceClient {
    return createServiceClient({
      baseUrl,
      getApiKey: apiKey,
      fetch: options.fetch,
      // Connectivity is the active account's service's; another service's answers do not change it.
      onReachability: (reachable) => {
        if (activeNow()?.client.baseUrl === baseUrl) connectivity.report(reachable);
      },
      ...options.clientTuning,
      ...(maxAttempts === undefined ? {} : { maxAttempts }),
    });
  }

  const registered = (id: string): BuyerAccountEntry | null => manager.accounts().accounts.find((account) => account.id === id) ?? null;

  /** The other accounts' orders are followed too (see createOtherAccounts), announced by the account's name. */
  const others = createOtherAccounts({
    accounts: () => manager.accounts(),
    addressOf: (id) => manager.addressOf(id),
    hasKey: (id) => manager.keyOf(id) !== null,
    engineFor: (account, baseUrl) =>
      options.followerFor(account, clientFor(baseUrl, () => manager.keyOf(account.id)), (event) =>
        options.onOtherAccountEvent(event, registered(account.id)?.name ?? account.name),
      ),
    onProblem: log,
  });

  /** Each registered account's outbox, sending with its own key whichever account is active (see session-outboxes.ts). */
  const outboxes = createSessionOutboxes({
    dataDir: options.dataDir,
    now: options.now,
    accounts: () => manager.accounts().accounts,
    keys: { keyOf: (id) => manager.keyOf(id), addressOf: (id) => manager.addressOf(id) },
    clientFor: (baseUrl, apiKey) => clientFor(baseUrl, apiKey, 1),
    active: activeNow,
    others,
    emit,
    notify: options.notify,
    log,
  });
  const openOutboxes = () => outboxes.open();
  const kickOutboxes = () => outboxes.kick();
  const pendingCount = outboxes.pendingCount;

  async function followOtherAccounts(): Promise<void> {
    if (closedNow()) return;
    await others.refresh();
    if (connectivity.online) others.syncNow();
  }

  async function activate(connection: Connection | null) {
    const previous = activeNow();
    // Read meanwhile: the provisional copy while starting; at a sign-out, what a sign-out before kept.
    const kept = phase.name === 'signed-out' && !connection ? phase.kept : null;
    enter({ name: 'switching', reading: phase.name === 'starting' ? phase.provisional : kept });
    previous?.engine.stopBackground();
    if (previous) outboxes.toBackground(previous.connection.id);
    // Followed as another account until now: its last sync finishes writing before this engine reads.
    if (connection) await others.release(connection.id);
    if (connection && !closedNow()) {
      // A demo session before its service runs has no address: its client reaches nothing (offline) until it does.
      const client = clientFor(connection.baseUrl || DEMO_SCOPE_URL, () => manager.apiKey());
      const engine = options.engineFor(connection, client);
      enter({ name: 'signed-in', active: { connection, client, engine } });
      connectivity.reset(true);
      await engine.init().catch((error: unknown) => log(`could not read the offline copy: ${String(error)}`));
      if (activeNow()?.engine === engine) engine.syncNow();
    } else if (!connection) {
      enter({ name: 'signed-out', kept });
    }
    emit({ type: 'session-changed' });
    for (const listener of listeners) listener(activeNow());
    openOutboxes();
    kickOutboxes();
    void followOtherAccounts();
  }

  const manager = createSessionManager({
    ...options,
    startEmbedded: () =>
      options.startEmbedded((handle) => {
        void connectivity.check();
        // Once started again, connectivity is asked at once (not at the next probe): the screens read it fresh.
        void manager.embeddedStopped(handle).then(() => connectivity.check());
      }),
    // A service found not answering at first contact is offline at once (the banner says so within seconds).
    onProblemChange: () => {
      switching = switching.then(() => {
        if (meansOffline(manager.problem())) connectivity.report(false);
        emit({ type: 'session-changed' });
      });
    },
    onChange: (connection) => {
      switching = switching.then(() => activate(connection));
    },
    onAccountsChange: () => {
      openOutboxes();
      void followOtherAccounts();
    },
    onNotice: (title, body) => {
      log(`${title}: ${body}`);
      options.notify(title, body);
    },
  });

  /** Runs a change of the manager's, then waits until the session has settled on its outcome: done, or why not (a value). */
  async function settled(change: Promise<Outcome<unknown>>): Promise<Outcome<void>> {
    const outcome = await change;
    await switching;
    return outcome.ok ? succeed(undefined) : outcome;
  }

  // The expected connection's offline copy is read at once, in parallel with the session's start,
  // so the catalog can be shown before the demo service answers. Its client is never called.
  const expected = manager.expected();
  const provisional = expected ? options.engineFor(expected, clientFor(expected.baseUrl || DEMO_SCOPE_URL, () => null)) : null;
  phase = { name: 'starting', provisional };
  const offlineReady = (provisional?.init() ?? Promise.resolve()).catch((error: unknown) => log(`could not read the offline copy: ${String(error)}`));

  if ((options.syncIntervalMs ?? 120_000) > 0) {
    periodicSync = setInterval(() => {
      const active = activeNow();
      if (active && connectivity.online) active.engine.syncNow({ periodic: true });
      if (connectivity.online) others.syncNow();
    }, options.syncIntervalMs ?? 120_000);
    periodicSync.unref();
  }

  /** The signed-in account: as verified at sign-in, or as the sync learned it when the service was unreachable then. */
  function currentAccountId(): string | null {
    const active = activeNow();
    return active?.connection.account?.id ?? active?.engine.accountId ?? null;
  }

  /** After an account's data went: the engine stays readable for the shared catalog while no one is signed in. */
  async function clearData(engine: SyncEngine | null, account: BuyerAccountEntry | null): Promise<void> {
    if (engine) await engine.clearAccountData();
    else if (account) await options.clearAccount(accountScopeOf(account));
    if (engine && phase.name === 'signed-out') enter({ name: 'signed-out', kept: engine });
  }

  return {
    /** Resolves when the offline copy of the connection the session is expected to settle on has been read. */
    offlineReady,
    /** Decides the connection at launch (see SessionManager.start) and opens every account's outbox. */
    start(): Promise<void> {
      starting ??= closedNow()
        ? Promise.resolve()
        : manager
            .start()
            .then(() => switching)
            .then(() => {
              // Nothing to sign in as (or it could not be): the provisional copy stays shown, signed out.
              if (phase.name === 'starting') enter({ name: 'signed-out', kept: phase.provisional });
              openOutboxes();
            });
      return starting;
    },
    /** The signed-in account, its client and engine; null while signed out or switching. */
    active: activeNow,
    /** Where the session stands (see SessionPhase). */
    phase: (): SessionPhase['name'] => phase.name,
    /** The offline copy the screens read: the active connection's, else the one kept at sign-out, else the provisional one. */
    shown: (): SyncEngine | null => shownIn(phase),
    /** Whether the active account's service answers (signed out: there is none to ask). */
    online: () => activeNow() !== null && connectivity.online,
    /** Connectivity alone, signed in or not (what the screens' banner says). */
    reachable: () => connectivity.online,
    info: (): SessionInfo => manager.info(connectivity.online),
    /** Whose own files the buyer's tools use now: the signed-in account's, null while signed out. */
    signedInScope() {
      const accountId = currentAccountId();
      const active = activeNow();
      return active && accountId ? accountScopeOf({ ...active.connection, accountId }) : null;
    },
    /** Told after every change of the active account (also to none). */
    onChange(listener: (active: ActiveAccount | null) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    useDemo: () => settled(manager.useDemo()),
    connect: (input: BridgeParsedInput<'connectService'>) => settled(manager.connect(input)),
    add: (input: BridgeParsedInput<'addBuyerAccount'>) => settled(manager.add(input)),
    switchTo: (id: string) => settled(manager.switchTo(id)),
    demoBuyers: () => manager.demoBuyers(),
    addDemoBuyer: (accountId: string) => settled(manager.addDemoBuyer(accountId)),
    /** The buyer accounts, each with its orders still waiting to be sent. */
    async list(): Promise<BuyerAccount[]> {
      const { accounts, activeId } = manager.accounts();
      return Promise.all(
        accounts.map(async (account) => ({
          id: account.id,
          mode: account.mode,
          baseUrl: manager.addressOf(account.id),
          accountId: account.accountId,
          name: account.name,
          active: account.id === activeId,
          queuedOrders: await pendingCount(account.id),
        })),
      );
    },
    /** Signs out: the account and its key are forgotten, its private offline data goes; its queued orders stay on disk. */
    async signOut(): Promise<{ keptQueuedOrders: number }> {
      const active = activeNow();
      const engine = active?.engine ?? null;
      const accountId = currentAccountId();
      // Counted before the account goes (its outbox stops sending; its orders stay on disk).
      const kept = active && accountId ? await pendingCount(active.connection.id, accountId) : 0;
      manager.signOut();
      await switching;
      if (engine) await clearData(engine, null);
      return { keptQueuedOrders: kept };
    },
    /** Removes an account (the next one becomes active if it was); its queued orders stay on disk. */
    async remove(id: string): Promise<{ keptQueuedOrders: number }> {
      const account = registered(id);
      const keptQueuedOrders = await pendingCount(id);
      const active = activeNow();
      const engine = active?.connection.id === id ? active.engine : null;
      await manager.remove(id);
      await switching;
      await outboxes.close(id);
      // No longer followed, and its last account-only sync has finished writing before its files go.
      await others.release(id);
      // Its private offline data goes, as at sign-out; the service's catalog stays for the others.
      await clearData(engine, account);
      return { keptQueuedOrders };
    },
    /** The active account's outbox (the screens show it and add to it). */
    async outbox(): Promise<Outbox> {
      const active = activeNow();
      const opened = active ? outboxes.opened(active.connection.id) : null;
      if (opened) return opened;
      // Connected, but the service has not said yet whose key this is: no outbox to file an order in.
      if (active && !registered(active.connection.id)) return refusingOutbox(unknownAccountText(active.connection.baseUrl));
      return SIGNED_OUT_OUTBOX;
    },
    /** Starts a sync of the active account and the others now; false when offline or signed out. */
    syncNow(): boolean {
      const active = activeNow();
      if (!active || !connectivity.online) return false;
      others.syncNow();
      return active.engine.syncNow().started;
    },
    /** A dataset changed at the service by our own hand (a webhook added…): the active copy is synced. */
    changed(): void {
      activeNow()?.engine.syncNow();
    },
    /** Every key held now, so logs can leave them out. */
    allKeys: () => manager.allKeys(),
    embeddedService: () => manager.embeddedService(),
    stopEmbeddedService: () => manager.stopEmbedded(),
    /** Starts the demo service again on the same data, then reconnects (the outbox and sync resume). */
    async startEmbeddedService(): Promise<void> {
      const restarted = await manager.restartEmbedded();
      await switching;
      // A hook of the tests and the browser shell's harness, which expect it to start.
      if (!restarted.ok) throw new Error(restarted.error.message);
      await connectivity.check();
    },
    checkConnectivity: () => connectivity.check(),
    /** Waits for the running sync (and its background work) and the outboxes to settle. */
    async whenIdle(): Promise<void> {
      await switching;
      await activeNow()?.engine.whenIdle();
      await others.whenIdle();
      await outboxes.whenIdle();
    },
    /** Stops everything: a start under way finishes first (nothing is synced after), the demo service stops. */
    async close(): Promise<void> {
      if (closedNow()) return;
      const last = activeNow();
      enter({ name: 'closed' });
      if (periodicSync) clearInterval(periodicSync);
      connectivity.stop();
      await starting?.catch(() => undefined);
      last?.engine.stopBackground();
      await others.close();
      await outboxes.closeAll();
      await manager.close();
    },
  };
}

export type Session = ReturnType<typeof createSession>;

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
