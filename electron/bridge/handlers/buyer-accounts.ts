import type { BuyerAccount, DemoBuyer } from '../../../shared/bridge/accounts';
import type { BridgeParsedInput } from '../../../shared/bridge/contract';
import type { SessionInfo } from '../../../shared/bridge/session';
import { settled } from '../bridge-failure';
import type { HandlerGroup } from '../handler-types';

export interface BuyerAccountHandlerDeps {
  list(): Promise<BuyerAccount[]>;
  add(input: BridgeParsedInput<'addBuyerAccount'>): Promise<void>;
  switchTo(id: string): Promise<void>;
  remove(id: string): Promise<{ keptQueuedOrders: number }>;
  demoBuyers(): Promise<DemoBuyer[]>;
  addDemoBuyer(accountId: string): Promise<void>;
  info(): SessionInfo;
}

/** Several buyer accounts signed in at once (a rep's customers): list, add (also a demo buyer from a list), switch, remove. */
export function createBuyerAccountHandlers(deps: BuyerAccountHandlerDeps) {
  return {
    listBuyerAccounts: () => settled(async () => ({ accounts: await deps.list() })),
    addBuyerAccount: (input) =>
      settled(async () => {
        await deps.add(input);
        return deps.info();
      }),
    switchBuyerAccount: ({ id }) =>
      settled(async () => {
        await deps.switchTo(id);
        return deps.info();
      }),
    removeBuyerAccount: ({ id }) => settled(() => deps.remove(id)),
    listDemoBuyers: () => settled(async () => ({ buyers: await deps.demoBuyers() })),
    addDemoBuyer: ({ accountId }) =>
      settled(async () => {
        await deps.addDemoBuyer(accountId);
        return deps.info();
      }),
  } satisfies HandlerGroup<'listBuyerAccounts' | 'addBuyerAccount' | 'switchBuyerAccount' | 'removeBuyerAccount' | 'listDemoBuyers' | 'addDemoBuyer'>;
}
