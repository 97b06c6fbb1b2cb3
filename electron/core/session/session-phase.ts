import type { ServiceClient } from '../api';
import type { SyncEngine } from '../sync/sync-engine';
import type { Connection } from './session-types';

/** The signed-in connection, its client and the sync engine of its offline copy. */
export interface ActiveAccount {
  connection: Connection;
  client: ServiceClient;
  engine: SyncEngine;
}

/**
 * Where the session stands, one state at a time (docs/architecture.md, "The session"), each with
 * only what it needs: so it cannot be signed in and signed out at once, or show a provisional copy
 * beside the active one.
 * - `starting`: the connection is not decided yet; the offline copy of the one it will most likely
 *   settle on (`provisional`) is read, never synced, so the catalog shows at once.
 * - `switching`: a change of connection is under way; `reading` is what the screens read meanwhile.
 * - `signed-in`: the active account, its client and its sync engine.
 * - `signed-out`: no account; `kept` is the last engine with its account's data gone (or the
 *   provisional one), so the shared catalog stays readable until the next sign-in.
 * - `closed`: nothing runs and nothing changes any more.
 */
export type SessionPhase =
  | { name: 'starting'; provisional: SyncEngine | null }
  | { name: 'switching'; reading: SyncEngine | null }
  | { name: 'signed-in'; active: ActiveAccount }
  | { name: 'signed-out'; kept: SyncEngine | null }
  | { name: 'closed' };

/** Which state may follow which; any other change is a defect (thrown), and none follows `closed`. */
export const SESSION_TRANSITIONS: Readonly<Record<SessionPhase['name'], readonly SessionPhase['name'][]>> = {
  starting: ['switching', 'signed-out', 'closed'],
  switching: ['signed-in', 'signed-out', 'closed'],
  'signed-in': ['switching', 'closed'],
  'signed-out': ['switching', 'signed-out', 'closed'],
  closed: [],
};

/** Moves `from` to `next`; false when the session is closed (nothing follows), thrown when the change is not one of SESSION_TRANSITIONS. */
export function nextPhase(from: SessionPhase, next: SessionPhase): SessionPhase | null {
  if (from.name === 'closed') return null;
  if (!SESSION_TRANSITIONS[from.name].includes(next.name)) throw new Error(`The session cannot go from ${from.name} to ${next.name}.`);
  return next;
}

/** The offline copy the screens read in a state. */
export function shownIn(phase: SessionPhase): SyncEngine | null {
  switch (phase.name) {
    case 'starting':
      return phase.provisional;
    case 'switching':
      return phase.reading;
    case 'signed-in':
      return phase.active.engine;
    case 'signed-out':
      return phase.kept;
    case 'closed':
      return null;
  }
}
