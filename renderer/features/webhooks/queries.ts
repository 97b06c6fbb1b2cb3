import { useQuery } from '@tanstack/react-query';
import { useBridge } from '../../lib/bridgeContext';
import { dataOrThrow } from '../../lib/bridgeErrors';
import { queryKeys } from '../../lib/queryKeys';

export function useWebhooks() {
  const bridge = useBridge();
  return useQuery({ queryKey: queryKeys.webhooks, queryFn: () => dataOrThrow(bridge.listWebhooks({})) });
}

/**
 * How often the recent deliveries are read again while they are on screen: the service sends and
 * retries on its own, and tells the app nothing, so an open Webhooks screen asks.
 */
export const DELIVERIES_REFRESH_MS = 5_000;

/** A registration's most recent deliveries, kept current while shown; read only where the service offers them (`enabled`). */
export function useWebhookDeliveries(id: string, perPage: number, enabled: boolean) {
  const bridge = useBridge();
  return useQuery({
    queryKey: queryKeys.webhookDeliveries(id),
    queryFn: () => dataOrThrow(bridge.listWebhookDeliveries({ id, page: 1, perPage })),
    enabled,
    refetchInterval: DELIVERIES_REFRESH_MS,
  });
}
