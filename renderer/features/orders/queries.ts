import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LastOrderedList, OrderHistoryFilter } from '../../../shared/bridge';
import { useBridge } from '../../lib/bridgeContext';
import { dataOrThrow } from '../../lib/bridgeErrors';
import { queryKeys } from '../../lib/queryKeys';

export function useOrder(id: string) {
  const bridge = useBridge();
  return useQuery({ queryKey: queryKeys.order(id), queryFn: () => dataOrThrow(bridge.getOrder({ id })) });
}

/** A page of the order history filter's orders with their totals, from the offline copy (works offline). */
export function useOrderHistory(filter: OrderHistoryFilter, page: number, perPage: number) {
  const bridge = useBridge();
  return useQuery({
    queryKey: queryKeys.orderHistory(filter, page),
    queryFn: () => dataOrThrow(bridge.listOrderHistory({ ...filter, page, perPage })),
    placeholderData: keepPreviousData,
  });
}

/** The suppliers the buyer has ordered from: the choices of the supplier filter. */
export function useHistorySuppliers() {
  const bridge = useBridge();
  return useQuery({
    queryKey: queryKeys.orderHistory({}, 0),
    queryFn: () => dataOrThrow(bridge.listOrderHistory({ perPage: 1 })),
    select: (history) => history.suppliers,
  });
}

/** By product id; defined once, so TanStack Query builds the map once per answer, not once per row. */
const byProduct = (list: LastOrderedList) => new Map(list.items.map((item) => [item.productId, item]));

/** "Last ordered" of every product the buyer has ordered, by product id; one cache entry for every screen. */
export function useLastOrdered() {
  const bridge = useBridge();
  return useQuery({
    queryKey: queryKeys.lastOrdered,
    queryFn: () => dataOrThrow(bridge.listLastOrdered({})),
    select: byProduct,
  });
}
