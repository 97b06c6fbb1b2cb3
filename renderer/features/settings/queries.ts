import { useQuery } from '@tanstack/react-query';
import { useBridge } from '../../lib/bridgeContext';
import { dataOrThrow } from '../../lib/bridgeErrors';
import { queryKeys } from '../../lib/queryKeys';

/** The offline copy's sync state: when each dataset was last saved and whether a sync is running. */
export function useSyncStatus() {
  const bridge = useBridge();
  return useQuery({ queryKey: queryKeys.syncStatus, queryFn: () => dataOrThrow(bridge.getSyncStatus({})), staleTime: 10_000 });
}
