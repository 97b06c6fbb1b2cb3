import { useMutation } from '@tanstack/react-query';
import type { BridgeOutput, SessionInfo } from '../../../shared/bridge';
import { useBridge } from '../../lib/bridgeContext';
import { dataOrThrow } from '../../lib/bridgeErrors';

/** Adds another buyer account (checked by main against its service before anything is kept) and makes it active. */
export function useAddBuyerAccount(options: { onSuccess: (session: SessionInfo) => void }) {
  const bridge = useBridge();
  return useMutation({
    mutationFn: (input: { baseUrl: string; apiKey: string; allowWeakKeyStorage: boolean }) => dataOrThrow(bridge.addBuyerAccount(input)),
    ...options,
  });
}

/** Adds a buyer of the demo marketplace from the list (no key to type) and makes it active. */
export function useAddDemoBuyer(onSuccess: (session: SessionInfo) => void) {
  const bridge = useBridge();
  return useMutation({ mutationFn: (accountId: string) => dataOrThrow(bridge.addDemoBuyer({ accountId })), onSuccess });
}

/** Makes another buyer account the active one. */
export function useSwitchBuyerAccount(onSuccess: (session: SessionInfo) => void) {
  const bridge = useBridge();
  return useMutation({ mutationFn: (id: string) => dataOrThrow(bridge.switchBuyerAccount({ id })), onSuccess });
}

/** Removes a buyer account and its key; its queued orders stay on this computer. */
export function useRemoveBuyerAccount(onSuccess: (result: BridgeOutput<'removeBuyerAccount'>) => void) {
  const bridge = useBridge();
  return useMutation({ mutationFn: (id: string) => dataOrThrow(bridge.removeBuyerAccount({ id })), onSuccess });
}
