import { useQuery } from '@tanstack/react-query';
import { useBridge } from '../../lib/bridgeContext';
import { dataOrThrow } from '../../lib/bridgeErrors';
import { queryKeys } from '../../lib/queryKeys';

/** The signed-in account's order guides (kept on this computer, so at hand offline). */
export function useOrderGuides() {
  const bridge = useBridge();
  return useQuery({ queryKey: queryKeys.orderGuides, queryFn: () => dataOrThrow(bridge.listOrderGuides({})) });
}

/** One guide with each line's product as the offline catalog knows it (price, minimum, stock). */
export function useOrderGuide(id: string) {
  const bridge = useBridge();
  return useQuery({ queryKey: queryKeys.orderGuide(id), queryFn: () => dataOrThrow(bridge.getOrderGuide({ id })) });
}
