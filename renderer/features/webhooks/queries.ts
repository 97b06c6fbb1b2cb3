import { useQuery } from '@tanstack/react-query';
import { useBridge } from '../../lib/bridgeContext';
import { unwrap } from '../../lib/bridgeErrors';
import { queryKeys } from '../../lib/queryKeys';

export function useWebhooks() {
  const bridge = useBridge();
  return useQuery({ queryKey: queryKeys.webhooks, queryFn: () => unwrap(bridge.listWebhooks({})) });
}

/** A registration's most recent deliveries; read only where the service offers them (`enabled`). */
export function useWebhookDeliveries(id: string, perPage: number, enabled: boolean) {
  const bridge = useBridge();
  return useQuery({
    queryKey: queryKeys.webhookDeliveries(id),
    queryFn: () => unwrap(bridge.listWebhookDeliveries({ id, page: 1, perPage })),
    enabled,
  });
}
