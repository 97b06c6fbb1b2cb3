import { useQuery } from '@tanstack/react-query';
import { useBridge } from '../../lib/bridgeContext';
import { dataOrThrow } from '../../lib/bridgeErrors';
import { queryKeys } from '../../lib/queryKeys';

/** The demo marketplace's buyers and which are added already (empty before the demo ever ran). */
export function useDemoBuyers() {
  const bridge = useBridge();
  return useQuery({ queryKey: queryKeys.demoBuyers, queryFn: () => dataOrThrow(bridge.listDemoBuyers({})) });
}

/** The buyer accounts on this computer, which one is active and how many orders each has waiting. */
export function useBuyerAccounts() {
  const bridge = useBridge();
  return useQuery({ queryKey: queryKeys.buyerAccounts, queryFn: () => dataOrThrow(bridge.listBuyerAccounts({})) });
}
