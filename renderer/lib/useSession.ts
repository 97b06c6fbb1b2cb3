import { useQuery } from '@tanstack/react-query';
import { useBridge } from './bridgeContext';
import { unwrap } from './bridgeErrors';
import { queryKeys } from './queryKeys';

/** Who is signed in to which service, and whether the core could reach it when asked. */
export function useSession() {
  const bridge = useBridge();
  return useQuery({ queryKey: queryKeys.session, queryFn: () => unwrap(bridge.getSession({})), staleTime: 60_000 });
}
