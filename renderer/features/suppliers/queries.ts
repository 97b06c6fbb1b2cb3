import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useBridge } from '../../lib/bridgeContext';
import { dataOrThrow } from '../../lib/bridgeErrors';
import { queryKeys } from '../../lib/queryKeys';

export interface SupplierFilters {
  q: string;
  region: string;
  state: string;
}

/** One page of suppliers matching the filters (an empty filter is left out); the last page stays shown while the next loads. */
export function useSuppliers({ q, region, state }: SupplierFilters, page: number, perPage: number) {
  const bridge = useBridge();
  return useQuery({
    queryKey: queryKeys.suppliers(q, region, state, page),
    queryFn: () =>
      dataOrThrow(bridge.listSuppliers({ ...(q ? { q } : {}), ...(region ? { region } : {}), ...(state ? { state } : {}), page, perPage })),
    placeholderData: keepPreviousData,
  });
}

export function useSupplier(id: string) {
  const bridge = useBridge();
  return useQuery({ queryKey: queryKeys.supplier(id), queryFn: () => dataOrThrow(bridge.getSupplier({ id })) });
}

/** One page of a supplier's products; the last page stays shown while the next loads. */
export function useSupplierProducts(id: string, page: number, perPage: number) {
  const bridge = useBridge();
  return useQuery({
    queryKey: queryKeys.supplierProducts(id, page),
    queryFn: () => dataOrThrow(bridge.listSupplierProducts({ id, page, perPage })),
    placeholderData: keepPreviousData,
  });
}
