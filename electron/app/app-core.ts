import path from 'node:path';
import { DATASETS, type DatasetName } from '../../shared/bridge/datasets';
import type { BridgeEvent } from '../../shared/bridge/events';
import type { OutboxEntry } from '../../shared/bridge/outbox';
import { createDispatcher } from '../bridge/dispatcher';
import { createEventHub } from '../bridge/event-hub';
import { createHandlers } from '../bridge/handlers';
import { createExtensionRegistry, createServiceClient, type ServiceClient, type ServiceClientOptions } from '../core/api';
import { lastPortIfFree, readDemoBuyers, rememberPort, startEmbeddedService, verifyService } from '../core/connection';
import { FIRST_CONTACT_TIMEOUT_MS, meansOffline } from '../core/session/first-contact';
import { createConnectivity } from '../core/connection/connectivity';
import { createKnownLinks } from '../core/links/known-links';
import { createOfflineReads } from '../core/offline/offline-reads';
import { orderNotices } from '../core/notices/order-notifications';
import { gatherOrderMoves } from '../../shared/bridge/order-moves';
import { createOtherAccounts } from '../core/session/other-accounts';
import { backgroundOutboxNotices, outboxStates } from '../core/notices/background-outbox-notices';
import { createProductImageAddresses } from '../core/images/product-image-urls';
import { accountScopeOf, DEMO_SCOPE_URL, scopeFileName, storeScopeOf } from '../core/session/service-connection';
import type { BuyerAccountEntry } from '../core/session/account-registry';
import { accountFolder } from '../core/account-files/versioned-file';
import {
  createSessionManager,
  type Connection,
  type EmbeddedRestartPolicy,
  type EmbeddedServiceHandle,
  type VerifyOutcome,
} from '../core/session/session-manager';
import { countsAsTyping, createTypingActivity } from '../core/sync/typing-activity';
import { removeStaleTempFiles } from '../core/files/stale-temp-files';
import { createAddressBooks } from '../core/addresses/address-book';
import { createFavouriteLists } from '../core/favourites/favourites-store';
import { createOrderGuideLists } from '../core/guides/guides-store';
import { createImageCache } from '../core/images/image-cache';
import { createOfflineStore } from '../core/offline/offline-store';
import { createAccountOutboxes, createOrderSender, refusingOutbox, SIGNED_OUT_OUTBOX, type Outbox } from '../core/outbox';
import { orderSheetPdfSaver } from '../core/order-sheet/save-pdf';
import type { CaseworksPlatform, ProductImage } from '../core/platform';
import type { CaseworksCore } from './caseworks-core';
import { createSearchService } from '../core/search/search-service';
import type { SearchWorkerEntry } from '../core/search/worker-entry';
import { createSyncEngine, type SyncEngine } from '../core/sync/sync-engine';
import { createKeyVault, type SafeStorageLike } from '../core/vault';

export interface CoreOptions {
  /** Starts the embedded demo service (default: in its own process through `platform.forkService`). */
  startEmbedded?: () => Promise<EmbeddedServiceHandle>;
  /** `GET /account` with a candidate URL and key. */
  verify?: (baseUrl: string, apiKey: string) => Promise<VerifyOutcome>;
  searchWorkerEntry?: SearchWorkerEntry;
  /** How long the first contact with a service waits for `GET /account` (default FIRST_CONTACT_TIMEOUT_MS). */
  firstContactMs?: number;
  /** Timeouts and retries of the service client (tests shorten them). */
  client?: Partial<Pick<ServiceClientOptions, 'timeoutMs' | 'maxAttempts' | 'baseDelayMs' | 'maxDelayMs'>>;
  /** How often the offline copy is refreshed while online (default 2 minutes). */
  syncIntervalMs?: number;
  /** How often connectivity is probed while offline (default 5 s). */
  offlineProbeMs?: number;
  /** Read product details in the background after each sync (default true). */
  hydrateDetails?: boolean;
  /** Restarts of a demo service that stopped by itself (default: 3 tries, 1 s, 2 s, 4 s apart). */
  embeddedRestart?: EmbeddedRestartPolicy;
}

/** What the browser shell and tests can do beyond the bridge. */
export interface CaseworksCoreHandle extends CaseworksCore {
  /** Resolves when the session is decided and the first look at the offline copy is done. */
  ready: Promise<void>;
  /**
   * Resolves when the offline copy of the connection the session is expected to settle on has been
   * read (its catalog searchable), which may be long before `ready` when the demo service starts.
   */
  offlineReady: Promise<void>;
  /** The embedded demo service, when the session uses it. */
  embeddedService(): EmbeddedServiceHandle | null;
  /** Stops the embedded demo service (an outage, for tests and the browser shell). */
  stopEmbeddedService(): Promise<void>;
  /** Starts it again on the same data, then reconnects (the outbox and sync resume). */
  startEmbeddedService(): Promise<void>;
  /** Waits for the running sync (and its background work) and the outbox to settle. */
  whenIdle(): Promise<void>;
  /** Probes the service now (e.g. after restarting it) and kicks the outbox and sync when it is back. */
  checkConnectivity(): Promise<boolean>;
}

/** Where the embedded demo service keeps its database, inside the app's data folder. */
export const EMBEDDED_SERVICE_FOLDER = 'embedded-service';

/** safeStorage where there is none (the browser shell): nothing can be encrypted, so keys stay in memory. */
const NO_SAFE_STORAGE: SafeStorageLike = {
  isEncryptionAvailable: () => false,
  encryptString: () => {
    throw new Error('no encryption here');
  },
  decryptString: () => {
    throw new Error('no encryption here');
  },
};

interface Active {
  connection: Connection;
  client: ServiceClient;
  engine: SyncEngine;
}

/**
 * The composition root: one core per app (Electron) or browser shell, built from what the host
 * platform provides, exposing the bridge's dispatcher and events.
 */
export function createCaseworksCore(platform: CaseworksPlatform, options: CoreOptions = {}): CaseworksCoreHandle {
  const log = platform.log ?? (() => {});
  const hub = createEventHub((error) => log(`an event listener failed: ${redact(String(error))}`));
  const knownLinks = createKnownLinks();
  const store = createOfflineStore({
    dataDir: platform.dataDir,
    onProblem: (problem) => log(`offline copy: ${problem.dataset} was set aside (${problem.reason})`),
  });
  const search = createSearchService(options.searchWorkerEntry ? { workerEntry: options.searchWorkerEntry } : {});
  const images = createImageCache({ dir: path.join(platform.dataDir, 'images'), fetch: platform.fetch });
  const vaultFor = (settingsKey: string) =>
    createKeyVault({ safeStorage: platform.keyStore.safeStorage ?? NO_SAFE_STORAGE, settings: platform.keyStore.settings, settingsKey });
  const clientTuning = options.client ?? {};

  let active: Active | null = null;
  /**
   * After sign-out, the last connection's engine with its account's data gone: the shared catalog
   * (suppliers, products, details, images) stays readable and counted until another sign-in.
   */
  let signedOut: SyncEngine | null = null;
  /**
   * While the session starts (the demo service takes seconds to start), the offline copy of the
   * connection it will most likely settle on: read only, never synced.
   */
  let provisional: SyncEngine | null = null;
  /** The offline copy the screens read: the active connection's, else the one kept at sign-out, else the provisional one. */
  const shownEngine = (): SyncEngine | null => active?.engine ?? signedOut ?? provisional;
  let closed = false;
  let periodicSync: ReturnType<typeof setInterval> | null = null;

  const notifyOrderMoves = gatherOrderMoves((moves) => {
    for (const notice of orderNotices(moves)) platform.notify(notice.title, notice.body);
  });
  function emit(event: BridgeEvent) {
    hub.emit(event);
    notifyOrderMoves(event);
  }

  function redact(text: string): string {
    return session.allKeys().reduce((redacted, key) => redacted.split(key).join('[redacted]'), text);
  }

  const connectivity = createConnectivity({
    probe: async () => {
      if (!active) return true;
      try {
        await platform.fetch(`${active.client.baseUrl}/account`, { method: 'GET', signal: AbortSignal.timeout(5_000) });
        return true;
      } catch {
        return false;
      }
    },
    onChange: (online) => {
      emit({ type: 'connectivity', online });
      if (online) {
        kickOutbox();
        active?.engine.syncNow();
        others.syncNow();
        // A first contact that found no answer is made again (a preset account not known yet is signed in to).
        void session.recheck();
      }
    },
    offlineProbeMs: options.offlineProbeMs,
  });

  function clientFor(baseUrl: string, apiKey: () => string | null, maxAttempts?: number): ServiceClient {
    return createServiceClient({
      baseUrl,
      getApiKey: apiKey,
      fetch: platform.fetch,
      // Connectivity is the active account's service's; another service's answers do not change it.
      onReachability: (reachable) => {
        if (active?.client.baseUrl === baseUrl) connectivity.report(reachable);
      },
      ...clientTuning,
      ...(maxAttempts === undefined ? {} : { maxAttempts }),
    });
  }

  async function verify(baseUrl: string, apiKey: string, bounded = false): Promise<VerifyOutcome> {
    if (options.verify) return options.verify(baseUrl, apiKey);
    const verified = await verifyService({
      baseUrl,
      apiKey,
      fetch: platform.fetch,
      ...(bounded ? { timeoutMs: options.firstContactMs ?? FIRST_CONTACT_TIMEOUT_MS, maxAttempts: 1 } : { timeoutMs: clientTuning.timeoutMs }),
    });
    return verified.ok ? { ok: true, account: verified.data.account } : { ok: false, error: verified.error };
  }

  /** The demo service in its own process, with its database in the app's data folder. */
  async function startEmbedded(): Promise<EmbeddedServiceHandle> {
    if (options.startEmbedded) return options.startEmbedded();
    const delays = platform.embeddedService ?? {};
    const seconds = (ms: number | undefined) => (ms === undefined ? undefined : Math.max(0, ms / 1000));
    let handle: EmbeddedServiceHandle | null = null;
    const serviceDir = path.join(platform.dataDir, EMBEDDED_SERVICE_FOLDER);
    const service = await startEmbeddedService({
      dataDir: serviceDir,
      // The same address as last time, so the catalog's image addresses (and its ETags) stay the same.
      port: await lastPortIfFree(serviceDir),
      fork: platform.forkService,
      shipAfterSeconds: seconds(delays.shipDelayMs),
      deliverAfterSeconds: seconds(delays.deliverDelayMs),
      onUnexpectedExit: (code) => {
        log(`the demo service stopped unexpectedly (exit code ${code ?? 'none'}); starting it again`);
        void connectivity.check();
        // Once started again, connectivity is asked at once (not at the next probe): the screens read it fresh.
        if (handle) void session.embeddedStopped(handle).then(() => connectivity.check());
      },
    });
    await rememberPort(serviceDir, service.baseUrl);
    const buyer = service.buyers[0];
    if (!buyer) {
      await service.stop();
      throw new Error('The demo service has no demo buyer.');
    }
    handle = {
      baseUrl: service.baseUrl,
      apiKey: buyer.api_key,
      buyers: service.buyers.map((demoBuyer) => ({ accountId: demoBuyer.account_id, apiKey: demoBuyer.api_key, name: demoBuyer.name })),
      stop: () => service.stop(),
    };
    return handle;
  }

  /** The sync engine of one connection's offline copy, wired to this core's store, search, images and events. */
  function engineFor(connection: Connection, client: ServiceClient): SyncEngine {
    const scope = storeScopeOf(connection);
    return createSyncEngine({
      api: client,
      store,
      scope,
      search,
      images,
      searchSnapshotFile: path.join(platform.dataDir, 'search', `${scopeFileName(scope)}.snapshot`),
      now: () => platform.now(),
      onEvent: emit,
      hydrateDetails: options.hydrateDetails,
      backgroundGate: (task) => typing.background(task),
    });
  }

  async function activate(connection: Connection | null) {
    const previous = active;
    active = null;
    if (connection) signedOut = null;
    previous?.engine.stopBackground();
    // Followed as another account until now: its last sync finishes writing before this engine reads.
    if (connection) await others.release(connection.id);
    if (connection && !closed) {
      // A demo session before its service runs has no address: its client reaches nothing (offline) until it does.
      const client = clientFor(connection.baseUrl || DEMO_SCOPE_URL, () => session.apiKey());
      const engine = engineFor(connection, client);
      active = { connection, client, engine };
      connectivity.reset(true);
      await engine.init().catch((error: unknown) => log(`could not read the offline copy: ${redact(String(error))}`));
      if (active?.engine === engine) engine.syncNow();
    }
    provisional = null;
    emit({ type: 'session-changed' });
    openOutboxes();
    kickOutbox();
    void followOtherAccounts();
  }

  /** The other accounts' orders are followed too (see createOtherAccounts), announced by the account's name. */
  const others = createOtherAccounts({
    accounts: () => session.accounts(),
    addressOf: (id) => session.addressOf(id),
    hasKey: (id) => session.keyOf(id) !== null,
    engineFor: (account, baseUrl) =>
      createSyncEngine({
        api: clientFor(baseUrl, () => session.keyOf(account.id)),
        store,
        scope: { baseUrl: accountScopeOf(account).baseUrl, accountId: account.accountId },
        now: () => platform.now(),
        onEvent: gatherOrderMoves((moves) => {
          for (const notice of orderNotices(moves, registered(account.id)?.name ?? account.name)) platform.notify(notice.title, notice.body);
        }),
        accountOnly: true,
        backgroundGate: (task) => typing.background(task),
      }),
    onProblem: (message) => log(redact(message)),
  });

  async function followOtherAccounts(): Promise<void> {
    if (closed) return;
    await others.refresh();
    if (connectivity.online) others.syncNow();
  }

  let switching: Promise<void> = Promise.resolve();
  const session = createSessionManager({
    vaultFor,
    settings: platform.keyStore.settings,
    memoryOnlyKeys: platform.keyStore.safeStorage === null,
    presetService: platform.presetService,
    startEmbedded,
    verify,
    firstContact: (baseUrl, apiKey) => verify(baseUrl, apiKey, true),
    knownDemoBuyers: async () =>
      (await readDemoBuyers(path.join(platform.dataDir, EMBEDDED_SERVICE_FOLDER)))?.map((buyer) => ({ accountId: buyer.account_id, apiKey: buyer.api_key, name: buyer.name })) ?? null,
    // A service found not answering at first contact is offline at once (the banner says so within seconds).
    onProblemChange: () => {
      switching = switching.then(() => {
        if (meansOffline(session.problem())) connectivity.report(false);
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
      platform.notify(title, body);
    },
    embeddedRestart: options.embeddedRestart,
  });

  // The expected connection's offline copy is read at once, in parallel with the session's start,
  // so the catalog can be shown before the demo service answers. Its client is never called.
  const expected = session.expected();
  if (expected) provisional = engineFor(expected, clientFor(expected.baseUrl || DEMO_SCOPE_URL, () => null));
  const offlineReady = (provisional?.init() ?? Promise.resolve()).catch((error: unknown) =>
    log(`could not read the offline copy: ${redact(String(error))}`),
  );

  /** The signed-in account: as verified at sign-in, or as the sync learned it when the service was unreachable then. */
  function currentAccountId(): string | null {
    return active?.connection.account?.id ?? active?.engine.accountId ?? null;
  }

  /** Sends what waits now, in every account's outbox; one that cannot open was already logged where it is first opened. */
  function kickOutbox() {
    void outboxes.each((box) => box.kick());
  }

  /** What each account's outbox last held, so a background account's order that moves can be announced. */
  const outboxSeen = new Map<string, ReadonlyMap<string, OutboxEntry['state']>>();
  const outboxes = createAccountOutboxes({
    dataDir: platform.dataDir,
    folderOf: (account) => accountFolder(platform.dataDir, accountScopeOf(registered(account.id) ?? { mode: 'custom', baseUrl: '', accountId: account.accountId })),
    senderFor: (account) => createOrderSender(account, session, (baseUrl, apiKey) => clientFor(baseUrl, apiKey, 1)),
    onChange: (account, entries) => {
      const before = outboxSeen.get(account.id);
      outboxSeen.set(account.id, outboxStates(entries));
      if (active?.connection.id !== account.id) {
        const name = registered(account.id)?.name;
        if (before && name) for (const notice of backgroundOutboxNotices(name, before, entries)) platform.notify(notice.title, notice.body);
        // A newly placed order of that account is followed from now on.
        if (entries.some((entry) => entry.state === 'confirmed')) others.syncNow(account.id);
        return;
      }
      emit({ type: 'outbox-changed', entries });
      if (entries.some((entry) => entry.state === 'confirmed')) active.engine.syncNow();
    },
    onProblem: (message) => log(`outbox: ${message}`),
    now: () => platform.now(),
  });

  const registered = (id: string): BuyerAccountEntry | null => session.accounts().accounts.find((account) => account.id === id) ?? null;

  /** Every registered account's outbox sends, whichever is active; a removed account's stops (its orders stay on disk). */
  function openOutboxes(): void {
    const { accounts } = session.accounts();
    for (const account of accounts) {
      outboxes.open({ id: account.id, accountId: account.accountId }).catch((error: unknown) => log(`outbox: ${redact(String(error))}`));
    }
    void outboxes.each((_box, account) => {
      if (!accounts.some((entry) => entry.id === account.id)) return outboxes.close(account.id);
    });
  }

  /** The active account's outbox (the one the screens show and add to). */
  async function outbox(): Promise<Outbox> {
    const id = active?.connection.id;
    const opened = id ? outboxes.opened(id) : null;
    if (opened) return opened;
    // Connected, but the service has not said yet whose key this is: no outbox to file an order in.
    if (active && !registered(active.connection.id)) return refusingOutbox(unknownAccountText(active.connection.baseUrl));
    return SIGNED_OUT_OUTBOX;
  }

  const imageAddresses = createProductImageAddresses();
  const typing = createTypingActivity();

  async function readImage(productId: string): Promise<ProductImage | null> {
    const url = imageAddresses.remoteUrlOf(productId) ?? (await imageUrlFromCatalog(productId));
    if (!url) return null;
    const image = await images.get(url);
    return image.ok ? { body: image.bytes, contentType: image.contentType } : null;
  }

  async function imageUrlFromCatalog(productId: string): Promise<string | null> {
    const [listed] = await search.products([productId]).catch(() => [null]);
    return listed?.image_url ?? (await shownEngine()?.copy.productDetail(productId))?.image_url ?? null;
  }

  const reads = {
    client: () => active?.client ?? null,
    // Signed out there is no service to ask: reads come from the copy kept at sign-out.
    online: () => active !== null && connectivity.online,
    offline: createOfflineReads(shownEngine),
    now: () => platform.now(),
    images: imageAddresses,
    search,
    catalogAsOf: async () => shownEngine()?.freshness('catalog').asOf ?? null,
    outbox,
    knownLinks,
    changed: (_dataset: DatasetName) => {
      active?.engine.syncNow();
    },
    extensions: createExtensionRegistry({ fetch: platform.fetch }),
  };

  // The buyer's own tools (address book…): files of the signed-in account, kept through sign-out.
  const addressBooks = createAddressBooks({ dataDir: platform.dataDir, now: () => platform.now() });
  const favouriteLists = createFavouriteLists({ dataDir: platform.dataDir, now: () => platform.now() });
  const guideLists = createOrderGuideLists({ dataDir: platform.dataDir, now: () => platform.now() });
  const signedInScope = () => {
    const accountId = currentAccountId();
    return active && accountId ? accountScopeOf({ ...active.connection, accountId }) : null;
  };
  const buyerTools = {
    addressBook: () => {
      const scope = signedInScope();
      return scope ? addressBooks.of(scope) : null;
    },
    favourites: () => {
      const scope = signedInScope();
      return scope ? favouriteLists.of(scope) : null;
    },
    orderGuides: () => {
      const scope = signedInScope();
      return scope ? guideLists.of(scope) : null;
    },
    guideSources: {
      products: async (ids: string[]) => (await search.products(ids)).map((product) => (product ? imageAddresses.localize(product) : null)),
      lookupCode: (code: string) => search.lookupCode(code),
      catalogAsOf: reads.catalogAsOf,
      productCodes: async (id: string) => {
        const detail = (await reads.offline.productDetail(id))?.data;
        return detail ? { sku: detail.sku, upc: detail.upc } : null;
      },
      pastOrder: async (id: string) => (await reads.offline.orderDetail(id))?.data ?? null,
      detailCoverage: async () => {
        const statuses = shownEngine()?.statuses() ?? [];
        const countOf = (name: DatasetName) => statuses.find((status) => status.name === name)?.count ?? 0;
        return { stored: countOf('productDetails'), catalog: countOf('catalog') };
      },
    },
  };

  const handlers = createHandlers({
    session: {
      info: () => session.info(connectivity.online),
      useDemo: async () => {
        await session.useDemo();
        await switching;
      },
      connect: async (input) => {
        await session.connect(input);
        await switching;
      },
      signOut: async () => {
        const engine = active?.engine ?? null;
        const accountId = currentAccountId();
        // Counted before the account goes (its outbox stops sending; its orders stay on disk).
        const box = (active ? await outboxes.opened(active.connection.id)?.catch(() => null) : null) ?? SIGNED_OUT_OUTBOX;
        session.signOut();
        await switching;
        if (engine) {
          await engine.clearAccountData();
          if (!active) signedOut = engine;
        }
        return { keptQueuedOrders: accountId ? box.pendingCount(accountId) : 0 };
      },
    },
    accounts: {
      info: () => session.info(connectivity.online),
      list: async () => {
        const { accounts, activeId } = session.accounts();
        return Promise.all(
          accounts.map(async (account) => ({
            id: account.id,
            mode: account.mode,
            baseUrl: session.addressOf(account.id),
            accountId: account.accountId,
            name: account.name,
            active: account.id === activeId,
            queuedOrders: (await outboxes.opened(account.id)?.catch(() => null))?.pendingCount() ?? 0,
          })),
        );
      },
      add: async (input) => {
        await session.add(input);
        await switching;
      },
      switchTo: async (id) => {
        await session.switchTo(id);
        await switching;
      },
      demoBuyers: () => session.demoBuyers(),
      addDemoBuyer: async (accountId) => {
        await session.addDemoBuyer(accountId);
        await switching;
      },
      remove: async (id) => {
        const account = registered(id);
        const box = await outboxes.opened(id)?.catch(() => null);
        const keptQueuedOrders = box?.pendingCount() ?? 0;
        const wasActive = active?.connection.id === id;
        const engine = wasActive ? (active?.engine ?? null) : null;
        await session.remove(id);
        await switching;
        await outboxes.close(id);
        // No longer followed, and its last account-only sync has finished writing before its files go.
        await others.release(id);
        // Its private offline data goes, as at sign-out; the service's catalog stays for the others.
        if (engine) await engine.clearAccountData();
        else if (account) await store.clearAccount(accountScopeOf(account));
        if (engine && !active) signedOut = engine;
        return { keptQueuedOrders };
      },
    },
    sync: {
      status: async () => ({
        online: connectivity.online,
        running: active?.engine.running ?? false,
        datasets: shownEngine()?.statuses() ?? DATASETS.map((name) => ({ name, updatedAt: null, count: 0, error: null })),
        cacheBytes: (await store.sizeOnDisk()) + (await images.sizeOnDisk()),
      }),
      syncNow: () => {
        if (!active || !connectivity.online) return false;
        others.syncNow();
        return active.engine.syncNow().started;
      },
      clearCache: async () => {
        const engine = shownEngine();
        if (engine) return engine.clearAll();
        return (await store.clearAll()) + (await images.clear());
      },
    },
    reads: { ...reads, favouriteIds: async () => (await buyerTools.favourites()?.read())?.productIds ?? [] },
    desktop: {
      isOpenableLink: (url) => knownLinks.isOpenable(url),
      ...(platform.openExternal ? { openExternal: platform.openExternal.bind(platform) } : {}),
      saveOrderSheetPdf: orderSheetPdfSaver(platform.pdfHost),
      ...(platform.saveFile ? { saveFile: platform.saveFile.bind(platform) } : {}),
    },
    tools: buyerTools,
  });

  const dispatcher = createDispatcher({
    handlers,
    onCall: (call) => {
      if (countsAsTyping(call)) typing.touch();
    },
    onUnexpectedError: (method, error) => log(`${method} failed: ${redact(error instanceof Error ? `${error.name}: ${error.message}` : String(error))}`),
  });

  // File times are wall-clock times, whatever clock the platform gives the rest of the core.
  const startedAt = new Date();
  const ready = (async () => {
    await clearAtomicWriteLeftovers(platform.dataDir, startedAt, log);
    await session.start();
    await switching;
    openOutboxes();
  })();

  if ((options.syncIntervalMs ?? 120_000) > 0) {
    periodicSync = setInterval(() => {
      if (active && connectivity.online) active.engine.syncNow({ periodic: true });
      if (connectivity.online) others.syncNow();
    }, options.syncIntervalMs ?? 120_000);
    periodicSync.unref();
  }

  return {
    dispatcher,
    events: hub,
    readImage,
    redact,
    ready,
    offlineReady,
    embeddedService: () => session.embeddedService(),
    stopEmbeddedService: () => session.stopEmbedded(),
    async startEmbeddedService() {
      await session.restartEmbedded();
      await switching;
      await connectivity.check();
    },
    checkConnectivity: () => connectivity.check(),
    async whenIdle() {
      await switching;
      await active?.engine.whenIdle();
      await others.whenIdle();
      await outboxes.each((box) => box.whenIdle());
    },
    async close() {
      if (closed) return;
      closed = true;
      if (periodicSync) clearInterval(periodicSync);
      connectivity.stop();
      await ready.catch(() => undefined);
      active?.engine.stopBackground();
      await others.close();
      await outboxes.closeAll();
      await search.close();
      await session.close();
    },
  };
}

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

/**
 * Removes what interrupted atomic writes left in the data folder (the outbox, the offline copy,
 * search snapshots, images, settings, the demo service's credentials file) before anything is written.
 */
async function clearAtomicWriteLeftovers(dataDir: string, startedAt: Date, log: (message: string) => void): Promise<void> {
  const removed = await removeStaleTempFiles(dataDir, { before: startedAt, shallow: [EMBEDDED_SERVICE_FOLDER] }).catch(() => []);
  if (removed.length > 0) log(`removed ${removed.length} temporary ${removed.length === 1 ? 'file' : 'files'} left by an interrupted write`);
}
