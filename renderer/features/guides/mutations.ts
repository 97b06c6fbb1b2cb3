import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GuideSource } from '../../../shared/bridge';
import { useBridge } from '../../lib/bridgeContext';
import { unwrap } from '../../lib/bridgeErrors';
import { queryKeys } from '../../lib/queryKeys';

/** Every change to a guide refreshes the list and the guides on screen. */
function useRefreshGuides() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: queryKeys.orderGuides });
}

export function useCreateGuide() {
  const bridge = useBridge();
  const refresh = useRefreshGuides();
  return useMutation({ mutationFn: (input: { name: string; from: GuideSource }) => unwrap(bridge.createOrderGuide(input)), onSuccess: refresh });
}

export function useRenameGuide() {
  const bridge = useBridge();
  const refresh = useRefreshGuides();
  return useMutation({ mutationFn: (input: { id: string; name: string }) => unwrap(bridge.renameOrderGuide(input)), onSuccess: refresh });
}

export function useDeleteGuide() {
  const bridge = useBridge();
  const refresh = useRefreshGuides();
  return useMutation({ mutationFn: (id: string) => unwrap(bridge.deleteOrderGuide({ id })), onSuccess: refresh });
}

/** Adds a product to a guide, or sets its par. */
export function useSetGuideLine() {
  const bridge = useBridge();
  const refresh = useRefreshGuides();
  return useMutation({
    mutationFn: (input: { id: string; productId: string; par: number }) => unwrap(bridge.setGuideLine(input)),
    onSuccess: refresh,
  });
}

export function useRemoveGuideLine() {
  const bridge = useBridge();
  const refresh = useRefreshGuides();
  return useMutation({ mutationFn: (input: { id: string; productId: string }) => unwrap(bridge.removeGuideLine(input)), onSuccess: refresh });
}

export function useImportGuide() {
  const bridge = useBridge();
  const refresh = useRefreshGuides();
  return useMutation({ mutationFn: (input: { name: string; csv: string }) => unwrap(bridge.importOrderGuide(input)), onSuccess: refresh });
}

export function useExportGuide() {
  const bridge = useBridge();
  return useMutation({ mutationFn: (id: string) => unwrap(bridge.exportOrderGuide({ id })) });
}
