import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaseworksBridge, OutboxEntry } from '../../../shared/bridge';
import { useBridge } from '../../lib/bridgeContext';
import { dataOrThrow } from '../../lib/bridgeErrors';
import { mergeOutbox } from './outbox/mergeOutbox';
import { changeOutboxEntries } from './outbox/queries';

type Drafts = Parameters<CaseworksBridge['submitOrders']>[0]['drafts'];

/** Hands the cart's orders to the outbox; its list shows them at once, then `onSubmitted` with the drafts sent and their outbox entries. */
export function useSubmitOrders(onSubmitted: (drafts: Drafts, entries: readonly OutboxEntry[]) => void) {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (drafts: Drafts) => dataOrThrow(bridge.submitOrders({ drafts })),
    onSuccess: (entries, drafts) => {
      changeOutboxEntries(queryClient, (current) => mergeOutbox(current, entries));
      onSubmitted(drafts, entries);
    },
  });
}
