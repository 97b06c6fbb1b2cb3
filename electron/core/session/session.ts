import type { BridgeParsedInput } from '../../../shared/bridge/contract';
import { succeed, type Outcome } from '../failure';
import { createServiceClient, type ServiceClient } from '../api';
import { createConnectivity } from '../connection/connectivity';
import type { SyncEngine } from '../sync/sync-engine';
import { listAccounts } from './account-list';
import { createAccountOutboxes } from './account-outboxes';
import type { BuyerAccountEntry } from './account-registry';
import { meansOffline } from './first-contact';
import { createOtherAccounts } from './other-accounts';
import { startPeriodicSync } from './periodic-sync';
import { accountIdOf, type Session, type SessionHost } from './session-interface';
import { createSessionManager, type Connection } from './session-manager';
import type { SessionOptions } from './session-options';
import { nextPhase, shownIn, type ActiveAccount, type SessionPhase } from './session-phase';
import { accountScopeOf, DEMO_SCOPE_URL } from './service-connection';

/**
 * The session: which buyer accounts this computer has, which one is active, the demo service's
 * lifecycle, connectivity to the active account's service, and each account's outbox and sync.
 * Every change of account goes through here, one at a time; the handlers ask `session` (a small
 * interface, see session-interface.ts), never run a flow; the composition root holds `host`.
 */
export function createSession(options: SessionOptions): { session: Session; host: SessionHost } {
  const { log, emit } = options;
  let phase: SessionPhase = { name: 'starting', provisional: null };
  /** Changes of connection, applied one after another; every flow waits for its own. */
  let switching: Promise<void> = Promise.resolve();
  let starting: Promise<void> | null = null;
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
        outboxes.kick();
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
        emit({ type: 'session-problem' });
      });
    },
    onChange: (connection) => {
      switching = switching.then(() => activate(connection));
    },
    onAccountsChange: () => {
      outboxes.open();
      void followOtherAccounts();
    },
    onNotice: (title, body) => {
      log(`${title}: ${body}`);
      options.notify(title, body);
    },
  });

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

  /** Each registered account's outbox, sending with its own key whichever account is active (see account-outboxes.ts). */
  const outboxes = createAccountOutboxes({
    dataDir: options.dataDir,
    now: options.now,
    accounts: () => manager.accounts().accounts,
    // The account book's own answers (see AccountBook.senderKeys).
    keys: manager.senderKeys,
    clientFor: (baseUrl, apiKey) => clientFor(baseUrl, apiKey, 1),
    active: activeNow,
    others,
    emit,
    notify: options.notify,
    log,
  });

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
    outboxes.open();
    outboxes.kick();
    void followOtherAccounts();
  }

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

  const stopPeriodicSync = startPeriodicSync(options.syncIntervalMs, () => {
    if (!connectivity.online) return;
    activeNow()?.engine.syncNow({ periodic: true });
    others.syncNow();
  });

  /** After an account's data went: the engine stays readable for the shared catalog while no one is signed in. */
  async function clearData(engine: SyncEngine | null, account: BuyerAccountEntry | null): Promise<void> {
    if (engine) await engine.clearAccountData();
    else if (account) await options.clearAccount(accountScopeOf(account));
    if (engine && phase.name === 'signed-out') enter({ name: 'signed-out', kept: engine });
  }

  const session: Session = {
    active: activeNow,
    phase: () => phase.name,
    shown: () => shownIn(phase),
    reachable: () => connectivity.online,
    info: () => manager.info(connectivity.online),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    useDemo: () => settled(manager.useDemo()),
    connect: (input: BridgeParsedInput<'connectService'>) => settled(manager.connect(input)),
    add: (input: BridgeParsedInput<'addBuyerAccount'>) => settled(manager.add(input)),
    switchTo: (id: string) => settled(manager.switchTo(id)),
    demoBuyers: () => manager.demoBuyers(),
    addDemoBuyer: (accountId: string) => settled(manager.addDemoBuyer(accountId)),
    list: () => listAccounts({ accounts: () => manager.accounts(), addressOf: (id) => manager.addressOf(id), pendingCount: (id) => outboxes.pendingCount(id) }),
    async signOut() {
      const active = activeNow();
      const engine = active?.engine ?? null;
      const accountId = accountIdOf(active);
      // Counted before the account goes (its outbox stops sending; its orders stay on disk).
      const kept = active && accountId ? await outboxes.pendingCount(active.connection.id, accountId) : 0;
      manager.signOut();
      await switching;
      if (engine) await clearData(engine, null);
      return { keptQueuedOrders: kept };
    },
    async remove(id: string) {
      const account = registered(id);
      const keptQueuedOrders = await outboxes.pendingCount(id);
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
    outbox: async () => outboxes.active(),
    syncNow() {
      const active = activeNow();
      if (!active || !connectivity.online) return false;
      others.syncNow();
      return active.engine.syncNow().started;
    },
  };

  const host: SessionHost = {
    offlineReady,
    start(): Promise<void> {
      starting ??= closedNow()
        ? Promise.resolve()
        : manager
            .start()
            .then(() => switching)
            .then(() => {
              // Nothing to sign in as (or it could not be): the provisional copy stays shown, signed out.
              if (phase.name === 'starting') enter({ name: 'signed-out', kept: phase.provisional });
              outboxes.open();
            });
      return starting;
    },
    allKeys: () => manager.allKeys(),
    embeddedService: () => manager.embeddedService(),
    stopEmbeddedService: () => manager.stopEmbedded(),
    async startEmbeddedService(): Promise<void> {
      const restarted = await manager.restartEmbedded();
      await switching;
      // A hook of the tests and the browser shell's harness, which expect it to start.
      if (!restarted.ok) throw new Error(restarted.error.message);
      await connectivity.check();
    },
    checkConnectivity: () => connectivity.check(),
    async whenIdle(): Promise<void> {
      await switching;
      await activeNow()?.engine.whenIdle();
      await others.whenIdle();
      await outboxes.whenIdle();
    },
    async close(): Promise<void> {
      if (closedNow()) return;
      const last = activeNow();
      enter({ name: 'closed' });
      stopPeriodicSync();
      connectivity.stop();
      await starting?.catch(() => undefined);
      last?.engine.stopBackground();
      await others.close();
      await outboxes.closeAll();
      await manager.close();
    },
  };

  return { session, host };
}
