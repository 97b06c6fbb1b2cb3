import type { BuyerAccount, DemoBuyer } from '../../../shared/bridge/accounts';
import type { BridgeParsedInput } from '../../../shared/bridge/contract';
import type { SessionInfo } from '../../../shared/bridge/session';
import { succeed, type Outcome } from '../../core/failure';
import type { HandlerGroup } from '../handler-types';
import { sessionAfter } from './session';

export interface BuyerAccountHandlerDeps {
  list(): Promise<BuyerAccount[]>;
  add(input: BridgeParsedInput<'addBuyerAccount'>): Promise<Outcome<void>>;
  switchTo(id: string): Promise<Outcome<void>>;
  remove(id: string): Promise<{ keptQueuedOrders: number }>;
  demoBuyers(): Promise<DemoBuyer[]>;
  addDemoBuyer(accountId: string): Promise<Outcome<void>>;
  info(): SessionInfo;
}

/** Several buyer accounts signed in at once (a rep's customers): list, add (also a demo buyer from a list), switch, remove. */
export function createBuyerAccountHandlers(deps: BuyerAccountHandlerDeps) {
  return {
    listBuyerAccounts: async () => succeed({ accounts: await deps.list() }),
    addBuyerAccount: (input) => sessionAfter(deps.add(input), deps.info),
    switchBuyerAccount: ({ id }) => sessionAfter(deps.switchTo(id), deps.info),
    removeBuyerAccount: async ({ id }) => succeed(await deps.remove(id)),
    listDemoBuyers: async () => succeed({ buyers: await deps.demoBuyers() }),
    addDemoBuyer: ({ accountId }) => sessionAfter(deps.addDemoBuyer(accountId), deps.info),
  } satisfies HandlerGroup<'listBuyerAccounts' | 'addBuyerAccount' | 'switchBuyerAccount' | 'removeBuyerAccount' | 'listDemoBuyers' | 'addDemoBuyer'>;
}
