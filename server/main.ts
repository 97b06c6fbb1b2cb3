import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import type { FastifyServerOptions } from 'fastify';
import { API_BASE_PATH, CATALOG_REMOVAL_RETENTION_DAYS } from '../shared';
import { openStore, type DemoBuyerCredentials, type OpenStoreOptions, type OpenedStore } from './store';
import { IDEMPOTENCY_WINDOW_MS } from './store/orders/place-order';
import type { Store } from './store/types';
import { buildApp } from './http/app';
import { closeDraining, requestsInFlight } from './http/close-draining';
import { classifyFault } from './logging/fault';
import { createFulfilmentSimulator } from './fulfilment/simulator';
import { createWebhookDispatcher, newInstanceId } from './webhooks/dispatcher';
import type { DeliveryMode } from './webhooks/target-policy';
import { lockDataFolder, type DataFolderLock } from './data-folder-lock';
import { createStorageWatch } from './db/storage-watch';
import { demoReceiverUrl } from './webhooks/demo-receiver';

export { DataFolderInUseError, DATA_FOLDER_IN_USE, DATA_FOLDER_IN_USE_EXIT_CODE, isDataFolderInUse, type LockHolder } from './data-folder-lock';

export const DEFAULT_SHIP_AFTER_SECONDS = 60;
export const DEFAULT_DELIVER_AFTER_SECONDS = 120;
export const CREDENTIALS_FILE = 'demo-credentials.json';
/**
 * Keys, and the change feed's removals, are pruned once an hour by one instance of the service;
 * each instance looks every 5 minutes.
 */
const PRUNE_EVERY_MS = 3_600_000;
const PRUNE_CHECK_MS = 5 * 60_000;

/** The contents of `<data>/demo-credentials.json`. */
export interface DemoCredentialsFile {
  base_url: string;
  buyers: DemoBuyerCredentials[];
}

export interface ServiceOptions {
  /** The address to listen on (default 127.0.0.1). */
  host?: string;
  /**
   * The base URL clients reach the service at, ending in `/api/v1` (behind a load balancer, its
   * address); image URLs and the OpenAPI document are built from it, so every instance serves the
   * same bytes. Default: the listening address.
   */
  publicUrl?: string;
  /** 0 or absent: any free port. */
  port?: number;
  /** The PGlite data folder, and where demo-credentials.json is written. */
  dataDir?: string;
  /** A PostgreSQL connection string; the data folder then holds only the credentials file. */
  databaseUrl?: string;
  shipAfterSeconds?: number;
  deliverAfterSeconds?: number;
  catalogSize?: number;
  mode?: DeliveryMode;
  rateLimitPerMinute?: number;
  /** Webhook retry timing; tests shorten it. */
  webhookRetryBaseMs?: number;
  webhookMaxAttempts?: number;
  /** How long a send waits for the receiver's answer (default 10 s). */
  webhookTimeoutMs?: number;
  /** How long `close()` waits for requests in flight before cutting their connections (HTTP_DRAIN_MS). */
  drainMs?: number;
  /** How long a claimed delivery stays this instance's before another may take it over. */
  webhookLeaseMs?: number;
  /** How often each instance looks for due deliveries when nothing wakes it. */
  webhookPollIntervalMs?: number;
  logger?: FastifyServerOptions['logger'];
  /** Told what the start went on without: seeding's product worker, the listings warm-up (the CLI writes it to stderr). */
  onStartNotice?: (message: string) => void;
  /** Told after each chunk of demo products seeding writes (the CLI says each tenth of a large catalog). */
  onSeedProgress?: (productsWritten: number, total: number) => void;
  /** Opens the store; tests pass one that copies a prepared template instead of seeding. */
  openStore?: (options: OpenStoreOptions) => Promise<OpenedStore>;
}

export interface RunningService {
  /** `http://127.0.0.1:<port>/api/v1`, or the public URL when one is given */
  baseUrl: string;
  /** Where this process listens, `http://<host>:<port>/api/v1` */
  listenUrl: string;
  /** True when this start seeded an empty data folder. */
  seeded: boolean;
  /** The demo buyers and their keys: fresh after seeding, else as kept in the credentials file. */
  demoCredentials: DemoCredentialsFile | null;
  store: Store;
  /** Names this instance's claims on background work (webhook deliveries). */
  instanceId: string;
  /**
   * Stops taking requests and lets those in flight finish (cutting the connections of any still
   * open after `drainMs`), stops the simulator, lets webhook sends in flight finish and releases
   * this instance's remaining claims, then closes the store.
   */
  close(): Promise<void>;
}

const hostForUrl = (host: string) => (host.includes(':') ? `[${host}]` : host);

/**
 * Opens the store (seeding an empty one), then serves HTTP and runs the fulfilment simulator and
 * webhook dispatcher. `close()` stops taking requests, lets running ones and background work
 * finish, and closes the store, so nothing committed is lost.
 *
 * On PGlite the data folder is this service's alone: when another live process holds it, this
 * rejects with DataFolderInUseError (code `data_folder_in_use`, the holder's pid, start and port)
 * before opening anything. On PostgreSQL any number of instances share the database.
 */
export async function startService(options: ServiceOptions = {}): Promise<RunningService> {
  const lock = options.dataDir && !options.databaseUrl ? lockDataFolder(options.dataDir) : null;
  try {
    return await startLocked(options, lock);
  } catch (error) {
    lock?.release();
    throw error;
  }
}

async function startLocked(options: ServiceOptions, lock: DataFolderLock | null): Promise<RunningService> {
  const host = options.host ?? '127.0.0.1';
  const mode = options.mode ?? 'sandbox';
  let baseUrl = '';
  const instanceId = newInstanceId();
  const opened = await (options.openStore ?? openStore)({
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    catalogSize: options.catalogSize,
    publicBaseUrl: () => baseUrl,
    applicationName: `caseworks ${instanceId}`,
    // The demo's registrations point at a receiver on this machine, which production mode would refuse.
    demoWebhooks: mode === 'sandbox',
    onStartNotice: options.onStartNotice,
    onSeedProgress: options.onSeedProgress,
  });
  const { store } = opened;
  // A full disk met by a request or by background work fails readiness until a write fits again.
  const storageWatch = createStorageWatch({ probe: () => store.probeStorage() });
  let log: (message: string, error: unknown) => void = () => undefined;
  const logError = (message: string, error: unknown) => {
    storageWatch.noteFailure(error);
    log(message, error);
  };

  // Events are queued by the changes themselves (the outbox); these only wake the dispatcher.
  const dispatcher = createWebhookDispatcher({
    store,
    mode,
    instanceId,
    retryBaseMs: options.webhookRetryBaseMs,
    maxAttempts: options.webhookMaxAttempts,
    timeoutMs: options.webhookTimeoutMs,
    leaseMs: options.webhookLeaseMs,
    pollIntervalMs: options.webhookPollIntervalMs,
    onError: (error) => logError('webhook delivery run failed', error),
  });
  const wakeDispatcher = async () => dispatcher.wake();
  const simulator = createFulfilmentSimulator({
    store,
    shipAfterSeconds: options.shipAfterSeconds ?? DEFAULT_SHIP_AFTER_SECONDS,
    deliverAfterSeconds: options.deliverAfterSeconds ?? DEFAULT_DELIVER_AFTER_SECONDS,
    onEvent: wakeDispatcher,
    onError: (error) => logError('fulfilment run failed', error),
  });
  const app = await buildApp({
    store,
    mode,
    rateLimitPerMinute: options.rateLimitPerMinute,
    rateLimitCounter: opened.rateLimitCounter ?? undefined,
    onOrderEvent: wakeDispatcher,
    publicBaseUrl: () => baseUrl,
    logger: options.logger,
    instanceId,
    storageWatch,
    webhookTestTimeoutMs: options.webhookTimeoutMs,
  });
  log = (message, error) => app.log.error({ fault: classifyFault(error) }, message);

  const inFlight = requestsInFlight(app.server);
  try {
    await app.listen({ host, port: options.port ?? 0 });
  } catch (error) {
    await app.close();
    await store.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  if (port !== undefined) lock?.setPort(port);
  const listenUrl = `http://${hostForUrl(host)}:${port}${API_BASE_PATH}`;
  baseUrl = options.publicUrl ?? listenUrl;

  let demoCredentials: DemoCredentialsFile | null;
  try {
    demoCredentials = options.dataDir
      ? saveCredentials(options.dataDir, baseUrl, opened.demoCredentials?.buyers ?? null)
      : opened.demoCredentials
        ? { base_url: baseUrl, buyers: opened.demoCredentials.buyers }
        : null;
  } catch (error) {
    // A full disk, say: stop serving and close the database before the data folder is given up.
    await app.close();
    await store.close();
    throw error;
  }

  if (mode === 'sandbox') {
    // Before any delivery is sent: the demo's registrations follow this service to its port.
    await store.pointDemoWebhooksAt(demoReceiverUrl(baseUrl)).catch((error: unknown) => logError('pointing the demo webhooks at this service failed', error));
  }
  simulator.start();
  dispatcher.start();
  const pruneTimer = setInterval(() => {
    const now = new Date();
    store
      .pruneIdempotencyWhenDue(now, new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS), PRUNE_EVERY_MS)
      .catch((error: unknown) => logError('pruning idempotency keys failed', error));
    store
      .pruneCatalogRemovalsWhenDue(now, new Date(now.getTime() - CATALOG_REMOVAL_RETENTION_DAYS * 86_400_000), PRUNE_EVERY_MS)
      .catch((error: unknown) => logError('pruning the catalog change feed failed', error));
  }, PRUNE_CHECK_MS);
  pruneTimer.unref();

  let closing: Promise<void> | null = null;
  return {
    baseUrl,
    listenUrl,
    seeded: opened.seeded,
    demoCredentials,
    store,
    instanceId,
    close() {
      closing ??= (async () => {
        clearInterval(pruneTimer);
        const cut = await closeDraining(app, inFlight, options.drainMs);
        if (cut.length > 0) app.log.warn({ requests: cut }, 'stopping: requests still in flight had their connections closed');
        await simulator.stop();
        await dispatcher.stop();
        await store.close();
        lock?.release();
      })();
      return closing;
    },
  };
}

/**
 * Writes `demo-credentials.json` after seeding; on a later start keeps its keys and only moves
 * `base_url` to where the service listens now.
 */
function saveCredentials(dataDir: string, baseUrl: string, freshBuyers: DemoBuyerCredentials[] | null): DemoCredentialsFile | null {
  const file = join(dataDir, CREDENTIALS_FILE);
  let credentials: DemoCredentialsFile | null = null;
  if (freshBuyers) credentials = { base_url: baseUrl, buyers: freshBuyers };
  else if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as DemoCredentialsFile;
    if (kept.base_url === baseUrl) return kept;
    credentials = { ...kept, base_url: baseUrl };
  }
  if (credentials) writeFileAtomic.sync(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  return credentials;
}
