import { BridgeFailure } from '../bridge-failure';
import type { HandlerGroup } from '../handler-types';

export interface DesktopHandlerDeps {
  /** True only for https links the app itself produced (tracking links of orders it holds). */
  isOpenableLink(url: string): boolean;
  /** Opens the URL in the user's browser; false where the transport cannot (the browser shell). */
  openExternal(url: string): Promise<boolean>;
}

export function createDesktopHandlers(deps: DesktopHandlerDeps) {
  return {
    async openTrackingLink({ url }) {
      if (!deps.isOpenableLink(url)) {
        throw new BridgeFailure('invalid_input', 'Caseworks opens only the https tracking links of your orders.');
      }
      return { opened: await deps.openExternal(url) };
    },
  } satisfies HandlerGroup<'openTrackingLink'>;
}
