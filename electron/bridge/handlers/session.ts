import type { SessionInfo } from '../../../shared/bridge/session';
import type { BridgeParsedInput } from '../../../shared/bridge/contract';
import { succeed } from '../../core/failure';
import { settled } from '../bridge-failure';
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
      return succeed(deps.info());
    },
    useDemoService: () =>
      settled(async () => {
        await deps.useDemo();
        return deps.info();
      }),
    connectService: (input) =>
      settled(async () => {
        await deps.connect(input);
        return deps.info();
      }),
    signOut: () => settled(() => deps.signOut()),
  } satisfies HandlerGroup<'getSession' | 'useDemoService' | 'connectService' | 'signOut'>;
}
