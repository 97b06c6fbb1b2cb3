import type { QueryClient } from '@tanstack/react-query';
import type { BridgeEvent, OutboxEntry, SessionInfo } from '../../shared/bridge';
import { useStatusStore } from '../features/status/statusStore';
import { knownOnline } from '../features/status/useOnline';
import { datasetQueryRoots, queryKeys } from '../lib/queryKeys';
import { showToast } from './toastStore';

const statusWords: Record<string, string> = {
  confirmed: 'was confirmed',
  shipped: 'has shipped',
  delivered: 'was delivered',
  cancelled: 'was cancelled',
};

/** Keeps server state and the status bar in step with what the core reports, and toasts background outcomes. */
export function createBridgeEventHandler(queryClient: QueryClient): (event: BridgeEvent) => void {
  return (event) => {
    switch (event.type) {
      case 'data-changed': {
        const roots = new Set(event.datasets.flatMap((dataset) => datasetQueryRoots[dataset]));
        for (const root of roots) void queryClient.invalidateQueries({ queryKey: [root] });
        void queryClient.invalidateQueries({ queryKey: queryKeys.syncStatus });
        return;
      }
      case 'sync-progress':
        useStatusStore.getState().setProgress(event.dataset, { done: event.done, total: event.total, finished: event.finished });
        if (event.finished) void queryClient.invalidateQueries({ queryKey: queryKeys.syncStatus });
        return;
      case 'connectivity': {
        const before = knownOnline(useStatusStore.getState().online, queryClient.getQueryData<SessionInfo>(queryKeys.session));
        useStatusStore.getState().setOnline(event.online);
        if (before !== null && before !== event.online) {
          showToast(
            event.online
              ? { tone: 'success', title: 'Back online', description: 'Queued orders are being sent and the catalog is refreshing.' }
              : { tone: 'warning', title: 'Offline', description: 'You can keep browsing and ordering; orders wait in the outbox.' },
          );
        }
        void queryClient.invalidateQueries({ queryKey: queryKeys.session });
        if (event.online) void queryClient.invalidateQueries({ predicate: (query) => query.state.status === 'error' });
        return;
      }
      case 'outbox-changed': {
        const previous = queryClient.getQueryData<OutboxEntry[]>(queryKeys.outbox);
        queryClient.setQueryData(queryKeys.outbox, event.entries);
        void queryClient.invalidateQueries({ queryKey: queryKeys.buyerAccounts });
        if (previous) toastOutboxTransitions(previous, event.entries);
        return;
      }
      case 'order-status':
        showToast({ tone: 'info', title: `Order ${event.orderNumber} ${statusWords[event.status] ?? event.status}` });
        void queryClient.invalidateQueries({ queryKey: ['orders'] });
        void queryClient.invalidateQueries({ queryKey: ['orderHistory'] });
        void queryClient.invalidateQueries({ queryKey: queryKeys.lastOrdered });
        void queryClient.invalidateQueries({ queryKey: queryKeys.order(event.orderId) });
        return;
      case 'session-changed':
        void queryClient.invalidateQueries();
        return;
    }
  };
}

function toastOutboxTransitions(previous: readonly OutboxEntry[], next: readonly OutboxEntry[]): void {
  const before = new Map(previous.map((entry) => [entry.id, entry.state]));
  for (const entry of next) {
    // An entry not shown before is another account's (after a switch), not a change to announce.
    if (!before.has(entry.id) || before.get(entry.id) === entry.state) continue;
    if (entry.state === 'confirmed') {
      const number = entry.confirmed?.order_number;
      showToast({ tone: 'success', title: `Order to ${entry.supplierName} confirmed`, description: number ? `Order ${number}` : undefined });
    } else if (entry.state === 'needs_review') {
      showToast({
        tone: 'error',
        title: `Order to ${entry.supplierName} needs your review`,
        description: entry.review?.message ?? 'The service did not accept it. Open the cart to fix or discard it.',
      });
    }
  }
}
