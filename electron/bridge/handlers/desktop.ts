import type { OrderSheetPdfOutcome } from '../../../shared/bridge/order-sheet';
import type { Outcome } from '../../core/failure';
import type { SaveFileOutcome } from '../../core/platform';
import { BridgeFailure, unwrap } from '../bridge-failure';
import type { HandlerGroup } from '../handler-types';

export interface DesktopHandlerDeps {
  /** True only for https links the app itself produced (tracking links of orders it holds). */
  isOpenableLink(url: string): boolean;
  /** Opens the URL in the user's browser; false where the transport cannot (the browser shell). */
  openExternal(url: string): Promise<boolean>;
  /** Saves the order sheet on screen as a PDF; null where the host cannot (the browser shell prints in the page). */
  saveOrderSheetPdf: ((orderNumber: string) => Promise<Outcome<OrderSheetPdfOutcome>>) | null;
  /** The host's save dialog (the desktop); absent where there is none, and the page downloads the file. */
  saveFile?: (request: { suggestedName: string; contents: string; filterName: string; extension: string }) => Promise<SaveFileOutcome>;
}

export function createDesktopHandlers(deps: DesktopHandlerDeps) {
  return {
    async openTrackingLink({ url }) {
      if (!deps.isOpenableLink(url)) {
        throw new BridgeFailure('invalid_input', 'Caseworks opens only the https tracking links of your orders.');
      }
      return { opened: await deps.openExternal(url) };
    },
    async saveOrderSheetPdf({ orderNumber }) {
      if (!deps.saveOrderSheetPdf) return { outcome: 'unsupported' as const };
      return unwrap(await deps.saveOrderSheetPdf(orderNumber));
    },
  } satisfies HandlerGroup<'openTrackingLink' | 'saveOrderSheetPdf'>;
}
