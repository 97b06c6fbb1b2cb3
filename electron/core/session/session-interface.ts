import type { BuyerAccount, DemoBuyer } from '../../../shared/bridge/accounts';
import type { BridgeParsedInput } from '../../../shared/bridge/contract';
import type { SessionInfo } from '../../../shared/bridge/session';
import type { AccountScope } from '../account-files/versioned-file';
import type { Outcome } from '../failure';
import type { Outbox } from '../outbox';
import type { SyncEngine } from '../sync/sync-engine';
import { accountScopeOf } from './service-connection';
import type { ActiveAccount, SessionPhase } from './session-phase';
import type { EmbeddedServiceHandle } from './session-types';

/**
 * Who is signed in, as the handlers and the reads ask it: the active account and the copy the
 * screens read, the changes of account (each answered with done, or why not, as a value), the
 * active account's outbox and sync. A fake of it is all a handler's test needs.
 */
export interface Session {
  /** The signed-in account, its client and engine; null while signed out or switching. */
  active(): ActiveAccount | null;
  /** The offline copy the screens read: the active connection's, else the one kept at sign-out, else the provisional one. */
  shown(): SyncEngine | null;
  /** Where the session stands (see SessionPhase). */
  phase(): SessionPhase['name'];
  info(): SessionInfo;
  /** Connectivity to the active account's service, signed in or not (what the screens' banner says). */
  reachable(): boolean;
  /** Told after every change of the active account (also to none); answers the unsubscribe. */
  onChange(listener: (active: ActiveAccount | null) => void): () => void;
  switchTo(id: string): Promise<Outcome<void>>;
  add(input: BridgeParsedInput<'addBuyerAccount'>): Promise<Outcome<void>>;
  addDemoBuyer(accountId: string): Promise<Outcome<void>>;
  useDemo(): Promise<Outcome<void>>;
  connect(input: BridgeParsedInput<'connectService'>): Promise<Outcome<void>>;
  /** Signs out: the account and its key are forgotten, its private offline data goes; its queued orders stay on disk. */
  signOut(): Promise<{ keptQueuedOrders: number }>;
  /** Removes an account (the next one becomes active if it was); its queued orders stay on disk. */
  remove(id: string): Promise<{ keptQueuedOrders: number }>;
  /** The buyer accounts, each with its orders still waiting to be sent. */
  list(): Promise<BuyerAccount[]>;
  demoBuyers(): Promise<DemoBuyer[]>;
  /** The active account's outbox (the screens show it and add to it). */
  outbox(): Promise<Outbox>;
  /** Starts a sync of the active account and the others now; false when offline or signed out. */
  syncNow(): boolean;
}

/** The session's own lifecycle, for the composition root and the transports: start, stop, wait, the demo service. */
export interface SessionHost {
  /** Decides the connection at launch and opens every account's outbox. */
  start(): Promise<void>;
  /** Resolves when the offline copy of the connection the session is expected to settle on has been read. */
  offlineReady: Promise<void>;
  /** Stops everything: a start under way finishes first (nothing is synced after), the demo service stops. */
  close(): Promise<void>;
  /** Waits for the running sync (and its background work) and the outboxes to settle. */
  whenIdle(): Promise<void>;
  /** Every key held now, so logs can leave them out. */
  allKeys(): string[];
  embeddedService(): EmbeddedServiceHandle | null;
  stopEmbeddedService(): Promise<void>;
  /** Starts the demo service again on the same data, then reconnects (the outbox and sync resume). */
  startEmbeddedService(): Promise<void>;
  checkConnectivity(): Promise<boolean>;
}

/** The signed-in account's id: as verified at sign-in, or as the sync learned it when the service was unreachable then. */
export function accountIdOf(active: ActiveAccount | null): string | null {
  return active?.connection.account?.id ?? active?.engine.accountId ?? null;
}

/** Whose own files the buyer's tools use now: the signed-in account's, null while signed out. */
export function signedInScopeOf(active: ActiveAccount | null): AccountScope | null {
  const accountId = accountIdOf(active);
  return active && accountId ? accountScopeOf({ ...active.connection, accountId }) : null;
}
