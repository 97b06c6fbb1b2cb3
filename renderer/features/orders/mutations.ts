import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderHistoryFilter } from '../../../shared/bridge';
import type { Order } from '../../../shared/schemas';
import { useBridge } from '../../lib/bridgeContext';
import { downloadCsvFile } from '../../lib/downloadTextFile';
import { errorCode, unwrap } from '../../lib/bridgeErrors';
import { queryKeys, type QueryRoot } from '../../lib/queryKeys';

/** What a cancellation changes: the order, the lists, and the stock the catalog shows. */
const CANCEL_REFRESHES: readonly QueryRoot[] = ['order', 'orders', 'catalog', 'product', 'supplierProducts'];

/** Cancels a confirmed order (an extension); the order, the lists and the catalog's stock are read again after it. */
export function useCancelOrder(id: string) {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(bridge.cancelOrder({ id })),
    onSuccess: (cancelled) => {
      queryClient.setQueryData(queryKeys.order(id), (current: { data: Order } | undefined) => (current ? { ...current, data: cancelled } : current));
      for (const root of CANCEL_REFRESHES) void queryClient.invalidateQueries({ queryKey: [root] });
    },
    onError: (error) => {
      // A service that turned out not to offer it: main remembers; the button goes.
      if (errorCode(error) === 'not_found') void queryClient.invalidateQueries({ queryKey: ['serviceExtensions'] });
    },
  });
}

/** Opens a shipment's tracking page in the system browser. */
export function useOpenTrackingLink(url: string) {
  const bridge = useBridge();
  return useMutation({ mutationFn: () => unwrap(bridge.openTrackingLink({ url })) });
}

/**
 * Saves the order sheet on screen as a PDF through main (the desktop app); where main answers
 * `unsupported` (the browser shell) the page prints itself with `print`.
 */
export function useSaveOrderSheetPdf(orderNumber: string, print: () => void) {
  const bridge = useBridge();
  return useMutation({
    mutationFn: () => unwrap(bridge.saveOrderSheetPdf({ orderNumber })),
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
      const result = await unwrap(bridge.exportOrderHistory(filter));
      if (result.outcome === 'download') downloadCsvFile(result.fileName, result.csv);
      return result;
    },
  });
}
