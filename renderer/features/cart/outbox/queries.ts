import { useQuery } from '@tanstack/react-query';
import { useBridge } from '../../../lib/bridgeContext';
import { dataOrThrow } from '../../../lib/bridgeErrors';
import { queryKeys } from '../../../lib/queryKeys';

/** Orders waiting to be sent, refused or sent (kept current by bridge events, so never stale on its own). */
export function useOutbox() {
  const bridge = useBridge();
  return useQuery({ queryKey: queryKeys.outbox, queryFn: async () => (await dataOrThrow(bridge.listOutbox({}))).entries, staleTime: Infinity });
}

/**
 * What could not be read of the account's stored outbox when it was opened (how many orders, where
 * the damaged copy is); null when all was read. It changes only when the account does.
 */
export function useOutboxProblem() {
  const bridge = useBridge();
  return useQuery({ queryKey: queryKeys.outboxProblem, queryFn: async () => (await dataOrThrow(bridge.listOutbox({}))).problem, staleTime: Infinity });
}
