import { useMutation } from '@tanstack/react-query';
import type { BridgeOutput, SessionInfo } from '../../../shared/bridge';
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
