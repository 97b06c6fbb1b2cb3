import type { BridgeDispatcher } from '../bridge/dispatcher';
import type { BridgeEventHub } from '../bridge/event-hub';
import type { ServiceClientOptions } from '../core/api';
import type { ProductImage } from '../core/platform';
import type { WorkerEntry } from '../core/offline/worker-entry';
import type { Worker } from 'node:worker_threads';
import type { DemoStart, EmbeddedRestartPolicy, EmbeddedServiceHandle, VerifyOutcome } from '../core/session/session-manager';

/** What the transports (IPC, the browser shell) see of the app: the bridge's table, its events, images. */
export interface CaseworksCore {
  dispatcher: BridgeDispatcher;
  events: Pick<BridgeEventHub, 'subscribe'>;
  /** A product's image from the offline image cache (fetched and cached when online); null if none. */
  readImage(productId: string): Promise<ProductImage | null>;
  /** Replaces any secret the core holds with a placeholder, for logs. */
  redact(text: string): string;
  close(): Promise<void>;
}

export interface CoreOptions {
  /** Starts the embedded demo service (default: in its own process through `platform.forkService`). */
  startEmbedded?: () => Promise<DemoStart>;
  /** `GET /account` with a candidate URL and key. */
  verify?: (baseUrl: string, apiKey: string) => Promise<VerifyOutcome>;
  /** The offline worker's entry (Electron: the built offline-worker.js; default: the TypeScript source under tsx). */
  offlineWorkerEntry?: WorkerEntry;
  /** The offline worker already started for the data folder (startOfflineWorker): its first request goes to it. */
  offlineWorker?: Worker;
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

/** What the browser shell and tests can do beyond the bridge (see Session for each). */
export interface CaseworksCoreHandle extends CaseworksCore {
  /** Resolves when the session is decided and the first look at the offline copy is done. */
  ready: Promise<void>;
  /** Resolves when the offline copy the session is expected to settle on is readable (before `ready` when the demo starts). */
  offlineReady: Promise<void>;
  embeddedService(): EmbeddedServiceHandle | null;
  stopEmbeddedService(): Promise<void>;
  startEmbeddedService(): Promise<void>;
  whenIdle(): Promise<void>;
  checkConnectivity(): Promise<boolean>;
}
