import type { BuyerAccount } from '../../../shared/bridge/accounts';
import type { BridgeParsedInput } from '../../../shared/bridge/contract';
import type { SessionInfo } from '../../../shared/bridge/session';
import type { HandlerGroup } from '../handler-types';

export interface BuyerAccountHandlerDeps {
  list(): Promise<BuyerAccount[]>;
  add(input: BridgeParsedInput<'addBuyerAccount'>): Promise<void>;
  switchTo(id: string): Promise<void>;
  remove(id: string): Promise<{ keptQueuedOrders: number }>;
  info(): SessionInfo;
}

/** Several buyer accounts signed in at once (a rep's customers): list, add, switch, remove. */
export function createBuyerAccountHandlers(deps: BuyerAccountHandlerDeps) {
  return {
    listBuyerAccounts: async () => ({ accounts: await deps.list() }),
    async addBuyerAccount(input) {
      await deps.add(input);
      return deps.info();
    },
    async switchBuyerAccount({ id }) {
      await deps.switchTo(id);
      return deps.info();
    },
    removeBuyerAccount: ({ id }) => deps.remove(id),
  } satisfies HandlerGroup<'listBuyerAccounts' | 'addBuyerAccount' | 'switchBuyerAccount' | 'removeBuyerAccount'>;
}
