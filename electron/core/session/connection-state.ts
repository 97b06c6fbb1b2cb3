import type { ConnectionProblem } from '../../../shared/bridge/session';
import type { Connection } from './session-types';

/**
 * Where the session manager stands: starting (the connection not decided yet), started, or closed;
 * the connection it settled on (or none); what is known against that connection's service (its
 * `problem`, see first-contact.ts), and the last thing that stood in the way of signing in, in
 * plain words for the settings screen. A new connection starts with nothing known against it.
 */
export function createConnectionState(options: {
  onChange(connection: Connection | null): void;
  onProblemChange?(problem: ConnectionProblem | null): void;
}) {
  let connection: Connection | null = null;
  let problem: ConnectionProblem | null = null;
  let lastProblem: string | null = null;
  let phase: 'starting' | 'started' | 'closed' = 'starting';

  return {
    current: () => connection,
    /** The connection changes (sign-in, switch, sign-out, the demo's new address): the session is told. */
    change(next: Connection | null): void {
      if (next?.id !== connection?.id || next?.baseUrl !== connection?.baseUrl) problem = null;
      connection = next;
      options.onChange(next);
    },
    problem: () => problem,
    setProblem(next: ConnectionProblem | null): void {
      if (JSON.stringify(next) === JSON.stringify(problem)) return;
      problem = next;
      options.onProblemChange?.(next);
    },
    lastProblem: () => lastProblem,
    setLastProblem(text: string | null): void {
      lastProblem = text;
    },
    /** True until `start()` has decided the connection. */
    starting: () => phase === 'starting',
    closed: () => phase === 'closed',
    started(): void {
      if (phase === 'starting') phase = 'started';
    },
    close(): void {
      phase = 'closed';
    },
  };
}

export type ConnectionState = ReturnType<typeof createConnectionState>;
