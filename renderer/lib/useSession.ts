import { useQuery } from '@tanstack/react-query';
import { useBridge } from './bridgeContext';
import { dataOrThrow } from './bridgeErrors';
import { queryKeys } from './queryKeys';

/** Who is signed in to which service, and whether the core could reach it when asked. */
export function useSession() {
  const bridge = useBridge();
  return useQuery({ queryKey: queryKeys.session, queryFn: () => dataOrThrow(bridge.getSession({})), staleTime: 60_000 });
}
