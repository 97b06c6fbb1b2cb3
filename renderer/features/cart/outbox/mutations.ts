import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OutboxEntry } from '../../../../shared/bridge';
import { useBridge } from '../../../lib/bridgeContext';
import { unwrap } from '../../../lib/bridgeErrors';
import { queryKeys } from '../../../lib/queryKeys';

/** Discards one queued order; the outbox's list drops it as soon as main confirms. */
export function useDiscardOutboxEntry(id: string) {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(bridge.discardOutboxEntry({ id })),
    onSuccess: () => queryClient.setQueryData<OutboxEntry[]>(queryKeys.outbox, (current) => (current ?? []).filter((other) => other.id !== id)),
  });
}
