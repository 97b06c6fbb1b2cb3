import type { SessionInfo } from '../../../shared/bridge/session';
import type { BridgeParsedInput } from '../../../shared/bridge/contract';
import { succeed, type Outcome } from '../../core/failure';
import type { HandlerGroup } from '../handler-types';

export interface SessionHandlerDeps {
  info(): SessionInfo;
  useDemo(): Promise<Outcome<void>>;
  connect(input: BridgeParsedInput<'connectService'>): Promise<Outcome<void>>;
  signOut(): Promise<{ keptQueuedOrders: number }>;
}

/** A change of the session, answered with the session as it is after it, or why it did not happen. */
export async function sessionAfter(change: Promise<Outcome<void>>, info: () => SessionInfo): Promise<Outcome<SessionInfo>> {
  const done = await change;
  return done.ok ? succeed(info()) : done;
}

export function createSessionHandlers(deps: SessionHandlerDeps) {
  return {
    async getSession() {
      return succeed(deps.info());
    },
    useDemoService: () => sessionAfter(deps.useDemo(), deps.info),
    connectService: (input) => sessionAfter(deps.connect(input), deps.info),
    signOut: async () => succeed(await deps.signOut()),
  } satisfies HandlerGroup<'getSession' | 'useDemoService' | 'connectService' | 'signOut'>;
}
