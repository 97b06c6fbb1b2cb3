import { useQuery } from '@tanstack/react-query';
import { useBridge } from './bridgeContext';
import { unwrap } from './bridgeErrors';
import { queryKeys } from './queryKeys';

export function useSession() {
  const bridge = useBridge();
  return useQuery({ queryKey: queryKeys.session, queryFn: () => unwrap(bridge.getSession({})), staleTime: 60_000 });
}

export function useSyncStatus() {
  const bridge = useBridge();
  return useQuery({ queryKey: queryKeys.syncStatus, queryFn: () => unwrap(bridge.getSyncStatus({})), staleTime: 10_000 });
}

export function useOutbox() {
  const bridge = useBridge();
  return useQuery({ queryKey: queryKeys.outbox, queryFn: () => unwrap(bridge.listOutbox({})), staleTime: Infinity });
}

export function useAccount() {
  const bridge = useBridge();
  return useQuery({ queryKey: queryKeys.account, queryFn: () => unwrap(bridge.getAccount({})) });
}
