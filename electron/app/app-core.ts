import path from 'node:path';
import { DATASETS, type DatasetName } from '../../shared/bridge/datasets';
import type { BridgeEvent } from '../../shared/bridge/events';
import { createDispatcher } from '../bridge/dispatcher';
import { createEventHub } from '../bridge/event-hub';
import { createHandlers } from '../bridge/handlers';
import { createExtensionRegistry, createServiceClient, serviceError, type ServiceClient, type ServiceClientOptions } from '../core/api';
import { lastPortIfFree, rememberPort, startEmbeddedService, verifyService } from '../core/connection';
import { createConnectivity } from '../core/app/connectivity';
import { createKnownLinks } from '../core/app/known-links';
import { createOfflineReads } from '../core/app/offline-reads';
import { orderNotification } from '../core/app/order-notifications';
import { createProductImageAddresses } from '../core/app/product-image-urls';
import { DEMO_SCOPE_URL, scopeFileName, storeScopeOf } from '../core/app/service-connection';
import {
  createSessionManager,
  type Connection,
  type EmbeddedRestartPolicy,
  type EmbeddedServiceHandle,
  type VerifyOutcome,
} from '../core/app/session-manager';
import { countsAsTyping, createTypingActivity } from '../core/app/typing-activity';
import { removeStaleTempFiles } from '../core/files/stale-temp-files';
import { createAddressBooks } from '../core/addresses/address-book';
import { createFavouriteLists } from '../core/favourites/favourites-store';
import { createImageCache } from '../core/images/image-cache';
import { createOfflineStore } from '../core/offline/offline-store';
import { createOutbox, type Outbox } from '../core/outbox';
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
  /** The outbox's client: one attempt per call, because the outbox keeps each order's own retry schedule. */
  orders: ServiceClient;
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
  const vault = createKeyVault({ safeStorage: platform.keyStore.safeStorage ?? NO_SAFE_STORAGE, settings: platform.keyStore.settings });
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
  let outboxReady: Promise<Outbox> | null = null;
  let periodicSync: ReturnType<typeof setInterval> | null = null;

  function emit(event: BridgeEvent) {
    hub.emit(event);
    const notice = orderNotification(event);
    if (notice) platform.notify(notice.title, notice.body);
  }

  function redact(text: string): string {
    const key = session.apiKey();
    return key ? text.split(key).join('[redacted]') : text;
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
      }
    },
    offlineProbeMs: options.offlineProbeMs,
  });

  function clientFor(baseUrl: string, apiKey: () => string | null, maxAttempts?: number): ServiceClient {
    return createServiceClient({
      baseUrl,
      getApiKey: apiKey,
      fetch: platform.fetch,
      onReachability: (reachable) => connectivity.report(reachable),
      ...clientTuning,
      ...(maxAttempts === undefined ? {} : { maxAttempts }),
    });
  }

  async function verify(baseUrl: string, apiKey: string): Promise<VerifyOutcome> {
    if (options.verify) return options.verify(baseUrl, apiKey);
    const verified = await verifyService({ baseUrl, apiKey, fetch: platform.fetch, timeoutMs: clientTuning.timeoutMs });
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
        if (handle) void session.embeddedStopped(handle);
      },
    });
    await rememberPort(serviceDir, service.baseUrl);
    const buyer = service.buyers[0];
    if (!buyer) {
      await service.stop();
      throw new Error('The demo service has no demo buyer.');
    }
    handle = { baseUrl: service.baseUrl, apiKey: buyer.api_key, stop: () => service.stop() };
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
      backgroundPause: () => typing.whenQuiet(),
    });
  }

  async function activate(connection: Connection | null) {
    const previous = active;
    active = null;
    if (connection) signedOut = null;
    previous?.engine.stopBackground();
    if (connection && !closed) {
      const client = clientFor(connection.baseUrl, () => session.apiKey());
      const engine = engineFor(connection, client);
      active = { connection, client, orders: clientFor(connection.baseUrl, () => session.apiKey(), 1), engine };
      connectivity.reset(true);
      await engine.init().catch((error: unknown) => log(`could not read the offline copy: ${redact(String(error))}`));
      if (active?.engine === engine) engine.syncNow();
    }
    provisional = null;
    emit({ type: 'session-changed' });
    kickOutbox();
  }

  let switching: Promise<void> = Promise.resolve();
  const session = createSessionManager({
    vault,
    settings: platform.keyStore.settings,
    memoryOnlyKeys: platform.keyStore.safeStorage === null,
    presetService: platform.presetService,
    startEmbedded,
    verify,
    onChange: (connection) => {
      switching = switching.then(() => activate(connection));
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

  /** Sends what waits now; an outbox that cannot open was already logged where it is first opened. */
  function kickOutbox() {
    outbox().then((box) => box.kick(), () => undefined);
  }

  function outbox(): Promise<Outbox> {
    outboxReady ??= createOutbox({
      dataDir: platform.dataDir,
      send: async (entry) => {
        if (!active) {
          return { ok: false, error: serviceError({ code: 'not_configured', message: 'Not connected.', retryable: false }) };
        }
        return active.orders.call('createOrder', { body: entry.order, idempotencyKey: entry.idempotencyKey });
      },
      currentAccountId,
      onChange: (entries) => {
        emit({ type: 'outbox-changed', entries });
        if (entries.some((entry) => entry.state === 'confirmed')) active?.engine.syncNow();
      },
      onProblem: (message) => log(`outbox: ${message}`),
      now: () => platform.now(),
    });
    return outboxReady;
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
  const signedInScope = () => {
    const accountId = currentAccountId();
    return active && accountId ? { baseUrl: storeScopeOf(active.connection).baseUrl, accountId } : null;
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
        session.signOut();
        await switching;
        if (engine) {
          await engine.clearAccountData();
          if (!active) signedOut = engine;
        }
        const box = await outbox();
        return { keptQueuedOrders: accountId ? box.pendingCount(accountId) : 0 };
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
      openExternal: (url) => platform.openExternal(url),
    },
    tools: buyerTools,
  });

  const dispatcher = createDispatcher({
    handlers,
    onCall: (method) => {
      if (countsAsTyping(method)) typing.touch();
    },
    onUnexpectedError: (method, error) => log(`${method} failed: ${redact(error instanceof Error ? `${error.name}: ${error.message}` : String(error))}`),
  });

  // File times are wall-clock times, whatever clock the platform gives the rest of the core.
  const startedAt = new Date();
  const ready = (async () => {
    await clearAtomicWriteLeftovers(platform.dataDir, startedAt, log);
    await outbox().catch((error: unknown) => log(`outbox: ${redact(String(error))}`));
    await session.start();
    await switching;
  })();

  if ((options.syncIntervalMs ?? 120_000) > 0) {
    periodicSync = setInterval(() => {
      if (active && connectivity.online) active.engine.syncNow({ periodic: true });
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
      await (await outbox()).whenIdle();
    },
    async close() {
      if (closed) return;
      closed = true;
      if (periodicSync) clearInterval(periodicSync);
      connectivity.stop();
      await ready.catch(() => undefined);
      active?.engine.stopBackground();
      await (await outbox().catch(() => null))?.close();
      await search.close();
      await session.close();
    },
  };
}

/**
 * Removes what interrupted atomic writes left in the data folder (the outbox, the offline copy,
 * search snapshots, images, settings, the demo service's credentials file) before anything is written.
 */
async function clearAtomicWriteLeftovers(dataDir: string, startedAt: Date, log: (message: string) => void): Promise<void> {
  const removed = await removeStaleTempFiles(dataDir, { before: startedAt, shallow: [EMBEDDED_SERVICE_FOLDER] }).catch(() => []);
  if (removed.length > 0) log(`removed ${removed.length} temporary ${removed.length === 1 ? 'file' : 'files'} left by an interrupted write`);
}
