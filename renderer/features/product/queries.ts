import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CaseworksBridge } from '../../../shared/bridge';
import { useBridge } from '../../lib/bridgeContext';
import { dataOrThrow } from '../../lib/bridgeErrors';
import { queryKeys } from '../../lib/queryKeys';

/**
 * The one read of a product through the bridge (live when online, the saved copy offline): every
 * screen, hook and list that shows or checks a product reads it with these options, so they share
 * one cache entry per product.
 */
export function productQuery(bridge: CaseworksBridge, id: string) {
  return queryOptions({ queryKey: queryKeys.product(id), queryFn: () => dataOrThrow(bridge.getProduct({ id })) });
}

/** One product; nothing is read while `id` is empty. */
export function useProduct(id: string) {
  const bridge = useBridge();
  return useQuery({ ...productQuery(bridge, id), enabled: id !== '' });
}
