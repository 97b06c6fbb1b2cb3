import type { BridgeEvent } from '../../../shared/bridge/events';
import type { ServiceClient, ServiceClientOptions } from '../api';
import type { StoreScope } from '../offline/offline-store';
import type { SyncEngine } from '../sync/sync-engine';
import type { BuyerAccountEntry } from './account-registry';
import type { Connection, SessionManagerOptions } from './session-manager';
import type { DemoStart, EmbeddedServiceHandle } from './session-types';

/** What the session is given: the manager's parts (accounts, keys, the demo service) and how to build each account's client and sync. */
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
  /** Events for the screens ('session-changed', 'session-problem', 'connectivity', 'outbox-changed', the active engine's). */
  emit(event: BridgeEvent): void;
  /** Order moves of a background account, announced by its name. */
  onOtherAccountEvent(event: BridgeEvent, accountName: string): void;
  notify(title: string, body: string): void;
  log(message: string): void;
}
