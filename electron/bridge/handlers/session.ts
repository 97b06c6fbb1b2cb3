import type { SessionInfo } from '../../../shared/bridge/session';
import type { BridgeParsedInput } from '../../../shared/bridge/contract';
import type { HandlerGroup } from '../handler-types';

export interface SessionHandlerDeps {
  info(): SessionInfo;
  useDemo(): Promise<void>;
  connect(input: BridgeParsedInput<'connectService'>): Promise<void>;
  signOut(): Promise<{ keptQueuedOrders: number }>;
}

export function createSessionHandlers(deps: SessionHandlerDeps) {
  return {
    async getSession() {
      return deps.info();
    },
    async useDemoService() {
      await deps.useDemo();
      return deps.info();
    },
    async connectService(input) {
      await deps.connect(input);
      return deps.info();
    },
    signOut: () => deps.signOut(),
  } satisfies HandlerGroup<'getSession' | 'useDemoService' | 'connectService' | 'signOut'>;
}
