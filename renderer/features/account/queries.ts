import { useQuery } from '@tanstack/react-query';
import { useBridge } from '../../lib/bridgeContext';
import { dataOrThrow } from '../../lib/bridgeErrors';
import { queryKeys } from '../../lib/queryKeys';

/** The signed-in buyer's account (name, ship-to and terms). */
export function useAccount() {
  const bridge = useBridge();
  return useQuery({ queryKey: queryKeys.account, queryFn: () => dataOrThrow(bridge.getAccount({})) });
}
