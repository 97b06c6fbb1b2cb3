import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { OutboxEntry } from '../../../../shared/bridge';
import { useBridge } from '../../../lib/bridgeContext';
import { dataOrThrow } from '../../../lib/bridgeErrors';
import { mergeOutbox } from './mergeOutbox';
import { changeOutboxEntries } from './queries';

/** Puts an entry main answered with into the outbox's list at once (events confirm it later). */
const storeEntry = (queryClient: QueryClient) => (updated: OutboxEntry) =>
  changeOutboxEntries(queryClient, (current) => mergeOutbox(current, [updated]));

/** Drops entries from the outbox's list. */
const forgetEntries = (queryClient: QueryClient, ids: readonly string[]) =>
  changeOutboxEntries(queryClient, (current) => current.filter((entry) => !ids.includes(entry.id)));

/** Discards one queued order; the outbox's list drops it as soon as main confirms. */
export function useDiscardOutboxEntry(id: string) {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => dataOrThrow(bridge.discardOutboxEntry({ id })),
    onSuccess: () => forgetEntries(queryClient, [id]),
  });
}

/** Dismisses receipts one by one; those dismissed leave the list even if a later one fails. */
export function useDismissReceipts() {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: readonly string[]) => {
      const done: string[] = [];
      try {
        for (const id of ids) {
          await dataOrThrow(bridge.discardOutboxEntry({ id }));
          done.push(id);
        }
      } finally {
        forgetEntries(queryClient, done);
      }
    },
  });
}

/** Sends an entry again as it is (same Idempotency-Key). */
export function useRetryOutboxEntry(id: string) {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => dataOrThrow(bridge.retryOutboxEntry({ id })), onSuccess: storeEntry(queryClient) });
}

/** Replaces a refused entry's order with the buyer's fixes and queues it again. */
export function useUpdateOutboxEntry(id: string) {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: OutboxEntry['order']) => dataOrThrow(bridge.updateOutboxEntry({ id, order })),
    onSuccess: storeEntry(queryClient),
  });
}
