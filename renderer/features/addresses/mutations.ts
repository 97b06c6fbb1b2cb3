import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedAddressInput } from '../../../shared/bridge';
import { useBridge } from '../../lib/bridgeContext';
import { dataOrThrow } from '../../lib/bridgeErrors';
import { queryKeys } from '../../lib/queryKeys';

function useRefreshBook() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: queryKeys.addressBook });
}

export function useAddAddress() {
  const bridge = useBridge();
  const refresh = useRefreshBook();
  return useMutation({
    mutationFn: (input: SavedAddressInput & { makeDefault?: boolean }) => dataOrThrow(bridge.addSavedAddress(input)),
    onSuccess: refresh,
  });
}

export function useUpdateAddress() {
  const bridge = useBridge();
  const refresh = useRefreshBook();
  return useMutation({
    mutationFn: (input: SavedAddressInput & { id: string }) => dataOrThrow(bridge.updateSavedAddress(input)),
    onSuccess: refresh,
  });
}

export function useDeleteAddress() {
  const bridge = useBridge();
  const refresh = useRefreshBook();
  return useMutation({ mutationFn: (id: string) => dataOrThrow(bridge.deleteSavedAddress({ id })), onSuccess: refresh });
}

export function useSetDefaultAddress() {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) => dataOrThrow(bridge.setDefaultAddress({ id })),
    onSuccess: (book) => queryClient.setQueryData(queryKeys.addressBook, book),
  });
}
