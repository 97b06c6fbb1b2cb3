import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { OutboxEntry, OutboxListing } from '../../../../shared/bridge';
import { useBridge } from '../../../lib/bridgeContext';
import { dataOrThrow } from '../../../lib/bridgeErrors';
import { queryKeys } from '../../../lib/queryKeys';

/**
 * The account's outbox as main lists it: its entries and what could not be read of it, one call
 * for both (kept current by bridge events, so never stale on its own).
 */
function useOutboxListing<T>(select: (listing: OutboxListing) => T) {
  const bridge = useBridge();
  return useQuery({ queryKey: queryKeys.outbox, queryFn: () => dataOrThrow(bridge.listOutbox({})), staleTime: Infinity, select });
}

const entriesOf = (listing: OutboxListing) => listing.entries;
const problemOf = (listing: OutboxListing) => listing.problem;

/** Orders waiting to be sent, refused or sent. */
export function useOutbox() {
  return useOutboxListing(entriesOf);
}

/**
 * What could not be read of the account's stored outbox when it was opened (how many orders, where
 * the damaged copy is); null when all was read. It changes only when the account does.
 */
export function useOutboxProblem() {
  return useOutboxListing(problemOf);
}

/** Changes the listed entries at once (main's answer or event), keeping the problem; nothing before the outbox was first read. */
export function changeOutboxEntries(queryClient: QueryClient, change: (entries: readonly OutboxEntry[]) => OutboxEntry[]): void {
  queryClient.setQueryData<OutboxListing>(queryKeys.outbox, (listing) => (listing ? { ...listing, entries: change(listing.entries) } : listing));
}

/** The entries listed now, if the outbox was read. */
export const listedOutboxEntries = (queryClient: QueryClient): readonly OutboxEntry[] | undefined =>
  queryClient.getQueryData<OutboxListing>(queryKeys.outbox)?.entries;
