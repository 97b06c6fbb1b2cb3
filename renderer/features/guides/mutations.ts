import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GuideSource } from '../../../shared/bridge';
import { useBridge } from '../../lib/bridgeContext';
import { dataOrThrow } from '../../lib/bridgeErrors';
import { queryKeys } from '../../lib/queryKeys';

/** Every change to a guide refreshes the list and the guides on screen. */
function useRefreshGuides() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: queryKeys.orderGuides });
}

export function useCreateGuide() {
  const bridge = useBridge();
  const refresh = useRefreshGuides();
  return useMutation({ mutationFn: (input: { name: string; from: GuideSource }) => dataOrThrow(bridge.createOrderGuide(input)), onSuccess: refresh });
}

export function useRenameGuide() {
  const bridge = useBridge();
  const refresh = useRefreshGuides();
  return useMutation({ mutationFn: (input: { id: string; name: string }) => dataOrThrow(bridge.renameOrderGuide(input)), onSuccess: refresh });
}

export function useDeleteGuide() {
  const bridge = useBridge();
  const refresh = useRefreshGuides();
  return useMutation({ mutationFn: (id: string) => dataOrThrow(bridge.deleteOrderGuide({ id })), onSuccess: refresh });
}

/** Adds a product to a guide, or sets its par. */
export function useSetGuideLine() {
  const bridge = useBridge();
  const refresh = useRefreshGuides();
  return useMutation({
    mutationFn: (input: { id: string; productId: string; par: number }) => dataOrThrow(bridge.setGuideLine(input)),
    onSuccess: refresh,
  });
}

export function useRemoveGuideLine() {
  const bridge = useBridge();
  const refresh = useRefreshGuides();
  return useMutation({ mutationFn: (input: { id: string; productId: string }) => dataOrThrow(bridge.removeGuideLine(input)), onSuccess: refresh });
}

export function useImportGuide() {
  const bridge = useBridge();
  const refresh = useRefreshGuides();
  return useMutation({ mutationFn: (input: { name: string; csv: string }) => dataOrThrow(bridge.importOrderGuide(input)), onSuccess: refresh });
}

export function useExportGuide() {
  const bridge = useBridge();
  return useMutation({ mutationFn: (id: string) => dataOrThrow(bridge.exportOrderGuide({ id })) });
}
