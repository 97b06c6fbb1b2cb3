import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BridgeOutput, OfflineChoice, SessionInfo } from '../../../shared/bridge';
import { queryKeys } from '../../lib/queryKeys';
import { useBridge } from '../../lib/bridgeContext';
import { dataOrThrow } from '../../lib/bridgeErrors';

/** Connects to a service with a key (checked by main against the service before it is kept). */
export function useConnectService(options: { onSuccess: (session: SessionInfo) => void; onError?: (error: unknown) => void }) {
  const bridge = useBridge();
  return useMutation({
    mutationFn: (input: { baseUrl: string; apiKey: string; allowWeakKeyStorage: boolean }) => dataOrThrow(bridge.connectService(input)),
    ...options,
  });
}

/** Switches to the embedded demo service. */
export function useDemoService(onSuccess: (session: SessionInfo) => void) {
  const bridge = useBridge();
  return useMutation({ mutationFn: () => dataOrThrow(bridge.useDemoService({})), onSuccess });
}

/** Starts a sync of the offline copy now (unless one is running). */
export function useSyncNow(onSuccess: (result: BridgeOutput<'syncNow'>) => void) {
  const bridge = useBridge();
  return useMutation({ mutationFn: () => dataOrThrow(bridge.syncNow({})), onSuccess });
}

/** Deletes the offline copy (queued orders and the cart are kept). */
export function useClearCache(onSuccess: (result: BridgeOutput<'clearCache'>) => void) {
  const bridge = useBridge();
  return useMutation({ mutationFn: () => dataOrThrow(bridge.clearCache({})), onSuccess });
}

/** Signs out (queued orders are kept for the next sign-in). */
export function useSignOut(onSuccess: (result: BridgeOutput<'signOut'>) => void) {
  const bridge = useBridge();
  return useMutation({ mutationFn: () => dataOrThrow(bridge.signOut({})), onSuccess });
}

/**
 * Keeps all of the catalog or only chosen suppliers offline. What it changes is read again: the
 * choice and sizes, the sync status, and every search (they now cover another part of the catalog).
 */
export function useSetOfflineChoice(onSuccess: (result: BridgeOutput<'setOfflineChoice'>) => void) {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: OfflineChoice) => dataOrThrow(bridge.setOfflineChoice({ choice })),
    onSuccess: (result) => {
      queryClient.setQueryData(queryKeys.offlineChoice, result);
      for (const key of [queryKeys.syncStatus, ['catalog'], ['supplierProducts']]) void queryClient.invalidateQueries({ queryKey: key });
      onSuccess(result);
    },
  });
}
