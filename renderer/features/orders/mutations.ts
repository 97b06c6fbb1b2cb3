import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderHistoryFilter } from '../../../shared/bridge';
import type { Order } from '../../../shared/schemas';
import { useBridge } from '../../lib/bridgeContext';
import { downloadCsvFile } from '../../lib/downloadTextFile';
import { errorCode, dataOrThrow } from '../../lib/bridgeErrors';
import { queryKeys, type QueryRoot } from '../../lib/queryKeys';

/** What a cancellation changes: the order, the lists, and the stock the catalog shows. */
const CANCEL_REFRESHES: readonly QueryRoot[] = ['order', 'orders', 'orderHistory', 'lastOrdered', 'catalog', 'product', 'supplierProducts'];
/** What a refused cancellation tells: the order is no longer confirmed, so what every screen shows of it is read again. */
const REFUSAL_REFRESHES: readonly QueryRoot[] = ['orders', 'orderHistory'];

/** Cancels a confirmed order (an extension); the order, the lists and the catalog's stock are read again after it. */
export function useCancelOrder(id: string) {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => dataOrThrow(bridge.cancelOrder({ id })),
    onSuccess: (cancelled) => {
      queryClient.setQueryData(queryKeys.order(id), (current: { data: Order } | undefined) => (current ? { ...current, data: cancelled } : current));
      for (const root of CANCEL_REFRESHES) void queryClient.invalidateQueries({ queryKey: [root] });
    },
    onError: (error) => {
      const code = errorCode(error);
      // A service that turned out not to offer it: main remembers; the button goes.
      if (code === 'not_found') void queryClient.invalidateQueries({ queryKey: ['serviceExtensions'] });
      // The service refused (409 order_not_cancellable): the order has shipped or been delivered
      // since the screen read it. The order is read again at once, so its badge, its "as of" time
      // and the Cancel button show the truth now rather than at the next sync.
      if (code === 'rejected') {
        void queryClient.invalidateQueries({ queryKey: queryKeys.order(id) });
        for (const root of REFUSAL_REFRESHES) void queryClient.invalidateQueries({ queryKey: [root] });
      }
    },
  });
}

/** Where the tracking page went: the desktop's browser, a new tab of this browser, or nowhere (the page shows the link). */
export type TrackingLinkOpened = 'browser' | 'tab' | 'not_opened';

/**
 * Opens a shipment's tracking page: main hands it to the system browser (the desktop app) or, where
 * the page is in a browser already (the browser shell), says so and the page opens a new tab.
 */
export function useOpenTrackingLink(url: string) {
  const bridge = useBridge();
  return useMutation({
    mutationFn: async (): Promise<TrackingLinkOpened> => {
      const { outcome } = await dataOrThrow(bridge.openTrackingLink({ url }));
      if (outcome === 'opened') return 'browser';
      if (outcome === 'not_opened') return 'not_opened';
      return openInNewTab(url) ? 'tab' : 'not_opened';
    },
  });
}

/** A new tab that cannot reach back into this page; false when the browser blocked it. */
function openInNewTab(url: string): boolean {
  const tab = window.open('', '_blank');
  if (!tab) return false;
  tab.opener = null;
  tab.location.href = url;
  return true;
}

/**
 * Saves the order sheet on screen as a PDF through main (the desktop app); where main answers
 * `unsupported` (the browser shell) the page prints itself with `print`.
 */
export function useSaveOrderSheetPdf(orderNumber: string, print: () => void) {
  const bridge = useBridge();
  return useMutation({
    mutationFn: () => dataOrThrow(bridge.saveOrderSheetPdf({ orderNumber })),
    onSuccess: (result) => {
      if (result.outcome === 'unsupported') print();
    },
  });
}

/** Exports the filtered orders as CSV: main saves it through the desktop's dialog, or hands it back to download. */
export function useExportOrderHistory() {
  const bridge = useBridge();
  return useMutation({
    mutationFn: async (filter: OrderHistoryFilter) => {
      const result = await dataOrThrow(bridge.exportOrderHistory(filter));
      if (result.outcome === 'download') downloadCsvFile(result.fileName, result.csv);
      return result;
    },
  });
}
