import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OrderStatus } from '../../../shared/schemas';
import { useBridge } from '../../lib/bridgeContext';
import { unwrap } from '../../lib/bridgeErrors';
import { queryKeys } from '../../lib/queryKeys';

/** One page of orders, all or of one status; the last page stays shown while the next loads. */
export function useOrders(status: OrderStatus | 'all', page: number, perPage: number) {
  const bridge = useBridge();
  return useQuery({
    queryKey: queryKeys.orders(status, page),
    queryFn: () => unwrap(bridge.listOrders({ ...(status === 'all' ? {} : { status }), page, perPage })),
    placeholderData: keepPreviousData,
  });
}

export function useOrder(id: string) {
  const bridge = useBridge();
  return useQuery({ queryKey: queryKeys.order(id), queryFn: () => unwrap(bridge.getOrder({ id })) });
}
