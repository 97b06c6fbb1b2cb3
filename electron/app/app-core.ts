import path from 'node:path';
import { DATASETS } from '../../shared/bridge/datasets';
import { gatherOrderMoves } from '../../shared/bridge/order-moves';
import { createDispatcher } from '../bridge/dispatcher';
import { createEventHub } from '../bridge/event-hub';
import { createBridgeHandlers } from '../bridge/handlers';
import { EMBEDDED_SERVICE_FOLDER, knownDemoBuyersIn, startDemoProcess } from '../core/connection/demo-process';
import { removeStaleTempFiles } from '../core/files/stale-temp-files';
import { createImageCache } from '../core/images/image-cache';
import { createProductImageAddresses } from '../core/images/product-image-urls';
import { orderNotices } from '../core/notices/order-notifications';
import { createOfflineChoiceService } from '../core/offline/offline-choice-service';
import type { OfflineUpgradeNotice } from '../core/offline/offline-protocol';
import { createOfflineStore } from '../core/offline/offline-store';
import { orderSheetPdfSaver } from '../core/order-sheet/save-pdf';
import type { CaseworksPlatform } from '../core/platform';
import { createSearchService } from '../core/search/search-service';
import { createSession } from '../core/session/session';
import { accountScopeOf, storeScopeOf } from '../core/session/service-connection';
import { createSyncEngine } from '../core/sync/sync-engine';
import { createTypingActivity, WRITES_HELD_WHILE_TYPING_MS } from '../core/sync/typing-activity';
import { createKeyVault, NO_SAFE_STORAGE } from '../core/vault';
import type { CaseworksCoreHandle, CoreOptions } from './caseworks-core';
import { readProductImage } from './product-images';
import { accountVerifier } from './verify-account';
import { createReads } from './reads';
import { succeed } from '../core/failure';

export { EMBEDDED_SERVICE_FOLDER };
export type { CaseworksCoreHandle, CoreOptions };

/** The composition root: builds the core's parts from what the host platform provides and wires them to the bridge. */
export function createCaseworksCore(platform: CaseworksPlatform, options: CoreOptions = {}): CaseworksCoreHandle {
  const { dataDir, keyStore } = platform;
  const now = platform.now.bind(platform);
  const log = (message: string) => platform.log?.(redact(message));
  const redact = (text: string) => host.allKeys().reduce((redacted, key) => redacted.split(key).join('[redacted]'), text);
  const hub = createEventHub((error) => log(`an event listener failed: ${String(error)}`));
  const notifyMoves = (accountName?: string) => gatherOrderMoves((moves) => orderNotices(moves, accountName).forEach((notice) => platform.notify(notice.title, notice.body)));
  hub.subscribe(notifyMoves());
  const emit = hub.emit;
  const onOfflineProblem = (problem: { file: string; message: string }) => (log(`offline copy: ${problem.file} was damaged and set aside`), platform.notify('Offline copy', problem.message));
  const onOfflineUpgrade = ({ done, total, finished, problem }: OfflineUpgradeNotice) => {
    if (done === 0 || finished) log(`offline copy: ${finished ? `upgrade over${problem ? ` (${problem.code})` : ''}` : 'upgrading the schema'} (${done} of ${total} steps)`);
    emit({ type: 'offline-upgrade', done, total, finished, problem });
  };
  const store = createOfflineStore({
    dataDir,
    ...(options.offlineWorkerEntry ? { workerEntry: options.offlineWorkerEntry } : {}),
    ...(options.offlineWorker ? { started: options.offlineWorker } : {}),
    onProblem: onOfflineProblem,
    onUpgrade: onOfflineUpgrade,
    onLog: (message) => log(`offline copy: ${message}`),
  });
  const search = createSearchService(store.database);
  /** What the offline copy of the service in use keeps (the service search reads). */
  const offlineChoices = createOfflineChoiceService(store.database, () => search.baseUrl);
  const images = createImageCache({ dir: path.join(dataDir, 'images'), fetch: platform.fetch });
  const imageAddresses = createProductImageAddresses();
  const typing = createTypingActivity();
  const verify = accountVerifier(platform.fetch, options);
  const { session, host } = createSession({
    dataDir,
    now,
    vaultFor: (settingsKey) => createKeyVault({ safeStorage: keyStore.safeStorage ?? NO_SAFE_STORAGE, settings: keyStore.settings, settingsKey }),
    settings: keyStore.settings,
    memoryOnlyKeys: keyStore.safeStorage === null,
    presetService: platform.presetService,
    startEmbedded: (onUnexpectedExit) =>
      options.startEmbedded?.() ??
      startDemoProcess(platform, (handle, code) => {
        log(`the demo service stopped unexpectedly (exit code ${code ?? 'none'}); starting it again`);
        onUnexpectedExit(handle);
      }),
    knownDemoBuyers: () => knownDemoBuyersIn(dataDir),
    verify,
    firstContact: (baseUrl, apiKey) => verify(baseUrl, apiKey, true),
    embeddedRestart: options.embeddedRestart,
    fetch: platform.fetch,
    clientTuning: options.client,
    engineFor: (connection, client) => {
      const scope = storeScopeOf(connection);
      return createSyncEngine({ api: client, store, scope, search, images, now, onEvent: emit, hydrateDetails: options.hydrateDetails, backgroundGate: (task) => typing.background(task), writeTurn: () => typing.whenNotTyping(WRITES_HELD_WHILE_TYPING_MS), buyerTyping: typing.isTyping });
    },
    followerFor: (account, client, onEvent) =>
      createSyncEngine({ api: client, store, scope: accountScopeOf(account), now, onEvent, accountOnly: true, backgroundGate: (task) => typing.background(task) }),
    onOtherAccountEvent: (event, name) => notifyMoves(name)(event),
    clearAccount: async (scope) => void (await store.clearAccount(scope)),
    probe: (baseUrl) => platform.fetch(`${baseUrl}/account`, { method: 'GET', signal: AbortSignal.timeout(5_000) }).then(() => true, () => false),
    offlineProbeMs: options.offlineProbeMs,
    syncIntervalMs: options.syncIntervalMs,
    emit,
    notify: (title, body) => platform.notify(title, body),
    log,
  });

  const { reads, tools, knownLinks } = createReads({ dataDir, session, search, images: imageAddresses, fetch: platform.fetch, now });
  const handlers = createBridgeHandlers({
    // The session's and the accounts' handlers call the session, nothing else (session-interface.ts).
    session,
    accounts: session,
    sync: {
      status: async () => ({
        online: session.reachable(),
        running: session.active()?.engine.running ?? false,
        datasets: session.shown()?.statuses() ?? DATASETS.map((name) => ({ name, updatedAt: null, count: 0, error: null })),
        cacheBytes: (await store.sizeOnDisk()) + (await images.sizeOnDisk()),
      }),
      syncNow: session.syncNow,
      clearCache: () => offlineChoices.keptThrough(async () => session.shown()?.clearAll() ?? (await store.clearAll()) + (await images.clear())),
    },
    offlineChoice: {
      choices: offlineChoices,
      suppliers: async () => {
        const read = await reads.offline.suppliers();
        return read.ok ? succeed(read.data?.data ?? null) : read;
      },
      online: session.reachable,
      syncNow: session.syncNow,
    },
    reads: { ...reads, outbox: session.outbox, searchCoverage: offlineChoices.coverage, offlineKeeps: offlineChoices.keeps, readSearchIndex: search.readIndex },
    desktop: {
      isOpenableLink: (url) => knownLinks.isOpenable(url),
      ...(platform.openExternal ? { openExternal: platform.openExternal.bind(platform) } : {}),
      saveOrderSheetPdf: orderSheetPdfSaver(platform.pdfHost),
      ...(platform.saveFile ? { saveFile: platform.saveFile.bind(platform) } : {}),
    },
    tools,
  });
  const dispatcher = createDispatcher({
    handlers,
    onCall: typing.noteCall,
    onUnexpectedError: (method, error) => log(`${method} failed: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`),
  });

  // File times are wall-clock times, whatever clock the platform gives the rest of the core.
  const startedAt = new Date();
  const ready = clearAtomicWriteLeftovers(dataDir, startedAt, log).then(() => host.start());
  let closed = false;
  return {
    dispatcher,
    events: hub,
    readImage: (productId) =>
      readProductImage(productId, { addresses: imageAddresses, images, search, shown: session.shown, service: () => (session.reachable() ? (session.active()?.client ?? null) : null) }),
    redact,
    ready,
    offlineReady: host.offlineReady,
    embeddedService: host.embeddedService,
    stopEmbeddedService: host.stopEmbeddedService,
    startEmbeddedService: host.startEmbeddedService,
    checkConnectivity: host.checkConnectivity,
    whenIdle: host.whenIdle,
    async close() {
      if (closed) return;
      closed = true;
      await host.close();
      await ready.catch(() => undefined);
      await store.close();
    },
  };
}

/** Removes what interrupted atomic writes left in the data folder before anything is written. */
async function clearAtomicWriteLeftovers(dataDir: string, startedAt: Date, log: (message: string) => void): Promise<void> {
  const removed = await removeStaleTempFiles(dataDir, { before: startedAt, shallow: [EMBEDDED_SERVICE_FOLDER] }).catch(() => []);
  if (removed.length > 0) log(`removed ${removed.length} temporary ${removed.length === 1 ? 'file' : 'files'} left by an interrupted write`);
}
