import { useQuery } from '@tanstack/react-query';
import type { ServiceExtensions } from '../../shared/bridge';
import { useBridge } from './bridgeContext';
import { dataOrThrow } from './bridgeErrors';
import { queryKeys } from './queryKeys';
import { useSession } from './useSession';

const NONE: ServiceExtensions = { cancelOrder: false, webhookDeliveries: false, webhookTest: false, webhookPause: false, orderCancelledEvent: false, orderBackups: false };

/**
 * The extensions the connected service offers (issue 15), as main learned them per service; none
 * until known, so a screen shows exactly what it showed before the extensions existed.
 */
export function useServiceExtensions(): ServiceExtensions {
  const bridge = useBridge();
  const session = useSession();
  const baseUrl = session.data?.baseUrl ?? null;
  const query = useQuery({
    queryKey: queryKeys.serviceExtensions(baseUrl),
    queryFn: () => dataOrThrow(bridge.getServiceExtensions({})),
    enabled: baseUrl !== null,
    staleTime: Infinity,
  });
  return query.data ?? NONE;
}
