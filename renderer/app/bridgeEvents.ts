import type { QueryClient } from '@tanstack/react-query';
import { countedMoves, gatherOrderMoves, ORDER_MOVES_ONE_BY_ONE, type BridgeEvent, type OrderMove, type OutboxEntry, type SessionInfo } from '../../shared/bridge';
import { changeOutboxEntries, listedOutboxEntries } from '../features/cart/outbox/queries';
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

/** How long order moves arriving one after another are gathered into one announcement. */
export const ORDER_MOVES_GATHER_MS = 100;

/** A toast for each order move, or one that counts them when more than ORDER_MOVES_ONE_BY_ONE came together. */
function toastOrderMoves(moves: readonly OrderMove[]): void {
  if (moves.length <= ORDER_MOVES_ONE_BY_ONE) {
    for (const move of moves) showToast({ tone: 'info', title: `Order ${move.orderNumber} ${statusWords[move.status] ?? move.status}` });
    return;
  }
  showToast({ tone: 'info', title: `${moves.length} orders moved`, description: `${countedMoves(moves)}. See Orders for each.` });
}

/** Keeps server state and the status bar in step with what the core reports, and toasts background outcomes. */
export function createBridgeEventHandler(queryClient: QueryClient): (event: BridgeEvent) => void {
  const announceOrderMoves = gatherOrderMoves(toastOrderMoves, (flush) => setTimeout(flush, ORDER_MOVES_GATHER_MS));
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
      case 'offline-upgrade':
        // The catalog's requests wait on the update and are answered once it is over: nothing to read again.
        useStatusStore.getState().setOfflineUpgrade(event.finished ? null : { done: event.done, total: event.total }, event.finished ? event.problem : null);
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
        // Settings' "Online · idle" and each dataset's problem follow the connection at once.
        void queryClient.invalidateQueries({ queryKey: queryKeys.syncStatus });
        if (event.online) void queryClient.invalidateQueries({ predicate: (query) => query.state.status === 'error' });
        return;
      }
      case 'outbox-changed': {
        const previous = listedOutboxEntries(queryClient);
        // Before the outbox was read (or while its read failed) the event's entries have no listing to go in: read it.
        if (previous) changeOutboxEntries(queryClient, () => event.entries);
        else void queryClient.invalidateQueries({ queryKey: queryKeys.outbox });
        void queryClient.invalidateQueries({ queryKey: queryKeys.buyerAccounts });
        if (previous) toastOutboxTransitions(previous, event.entries);
        return;
      }
      case 'order-status':
        announceOrderMoves(event);
        void queryClient.invalidateQueries({ queryKey: ['orders'] });
        void queryClient.invalidateQueries({ queryKey: ['orderHistory'] });
        void queryClient.invalidateQueries({ queryKey: queryKeys.lastOrdered });
        void queryClient.invalidateQueries({ queryKey: queryKeys.order(event.orderId) });
        return;
      case 'session-changed':
        void queryClient.invalidateQueries();
        return;
      case 'session-problem':
        // The account is the same: its catalog, orders and lists stand; the session carries the problem.
        void queryClient.invalidateQueries({ queryKey: queryKeys.session });
        void queryClient.invalidateQueries({ queryKey: queryKeys.syncStatus });
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
