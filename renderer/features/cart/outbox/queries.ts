import { useQuery } from '@tanstack/react-query';
import { useBridge } from '../../../lib/bridgeContext';
import { unwrap } from '../../../lib/bridgeErrors';
import { queryKeys } from '../../../lib/queryKeys';

/** Orders waiting to be sent, refused or sent (kept current by bridge events, so never stale on its own). */
export function useOutbox() {
  const bridge = useBridge();
  return useQuery({ queryKey: queryKeys.outbox, queryFn: () => unwrap(bridge.listOutbox({})), staleTime: Infinity });
}
