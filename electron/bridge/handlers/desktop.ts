import type { OrderSheetPdfOutcome } from '../../../shared/bridge/order-sheet';
import { failWith, succeed, type Outcome } from '../../core/failure';
import { CSV_FILE_TYPE, type SaveFileOutcome } from '../../core/platform';
import type { HandlerGroup } from '../handler-types';

export interface DesktopHandlerDeps {
  /** True only for https links the app itself produced (tracking links of orders it holds). */
  isOpenableLink(url: string): boolean;
  /** Opens the URL in the user's browser; false when it could not. Absent where the page opens links itself (the browser shell). */
  openExternal?: (url: string) => Promise<boolean>;
  /** Saves the order sheet on screen as a PDF; null where the host cannot (the browser shell prints in the page). */
  saveOrderSheetPdf: ((orderNumber: string) => Promise<Outcome<OrderSheetPdfOutcome>>) | null;
  /** The host's save dialog (the desktop); absent where there is none, and the page downloads the file. */
  saveFile?: (request: { suggestedName: string; contents: string; filterName: string; extension: string }) => Promise<SaveFileOutcome>;
}

/** What became of a CSV offered to the buyer: saved through the desktop's dialog, cancelled there, or to be downloaded by the page. */
export type CsvOffer = { outcome: 'saved'; fileName: string } | { outcome: 'cancelled' } | { outcome: 'download' };

/** Offers a CSV (order history, an order guide) through the host's save dialog; where there is none, the page downloads it. */
export async function offerCsv(saveFile: DesktopHandlerDeps['saveFile'], fileName: string, csv: string): Promise<CsvOffer> {
  if (!saveFile) return { outcome: 'download' };
  const saved = await saveFile({ suggestedName: fileName, contents: csv, ...CSV_FILE_TYPE });
  if (saved.saved) return { outcome: 'saved', fileName: saved.fileName };
  return saved.reason === 'cancelled' ? { outcome: 'cancelled' } : { outcome: 'download' };
}

export function createDesktopHandlers(deps: DesktopHandlerDeps) {
  return {
    async openTrackingLink({ url }) {
      if (!deps.isOpenableLink(url)) {
        return failWith('invalid_input', 'Caseworks opens only the https tracking links of your orders.');
      }
      if (!deps.openExternal) return succeed({ outcome: 'open_in_page' as const });
      return succeed({ outcome: (await deps.openExternal(url)) ? ('opened' as const) : ('not_opened' as const) });
    },
    async saveOrderSheetPdf({ orderNumber }) {
      if (!deps.saveOrderSheetPdf) return succeed({ outcome: 'unsupported' as const });
      return deps.saveOrderSheetPdf(orderNumber);
    },
  } satisfies HandlerGroup<'openTrackingLink' | 'saveOrderSheetPdf'>;
}
