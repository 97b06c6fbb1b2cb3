import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL } from '../../shared/bridge/api';
import type { BridgeEvent } from '../../shared/bridge/events';
import { fail } from '../../shared/bridge/result';
import type { BridgeDispatcher } from '../bridge/dispatcher';
import type { CaseworksCore } from '../app/caseworks-core';
import { isAppUrl } from './app-origin';

/**
 * A call is answered only when it comes from the top frame of our own window showing our own
 * app:// page: not from another window, an iframe, or a page the window was somehow pointed at.
 */
export function isTrustedSender(event: IpcMainInvokeEvent, ourContents: () => WebContents | null): boolean {
  const contents = ourContents();
  if (!contents || event.sender !== contents) return false;
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null) return false;
  return isAppUrl(frame.url);
}

export function registerBridgeIpc(dispatcher: BridgeDispatcher, ourContents: () => WebContents | null): () => void {
  ipcMain.handle(IPC_INVOKE_CHANNEL, async (event, method: unknown, input: unknown) => {
    if (!isTrustedSender(event, ourContents)) {
      return fail('forbidden_sender', 'This page may not call Caseworks.');
    }
    return dispatcher.dispatch(method, input);
  });
  return () => ipcMain.removeHandler(IPC_INVOKE_CHANNEL);
}

/** The window's share of the core's events: `renew` when a page has loaded, `stop` at the end. */
export interface EventForwarding {
  renew(): void;
  stop(): void;
}

/**
 * Pushes every core event to the window while it is alive. Each page the window loads renews the
 * subscription, which tells it the lasting events first (`LASTING_EVENT_TYPES`): a page that was
 * still loading when the offline copy's update began or failed is told where it stands.
 */
export function forwardEvents(core: Pick<CaseworksCore, 'events'>, ourContents: () => WebContents | null): EventForwarding {
  const send = (event: BridgeEvent) => {
    const contents = ourContents();
    if (contents && !contents.isDestroyed()) contents.send(IPC_EVENT_CHANNEL, event);
  };
  let stop = core.events.subscribe(send);
  return {
    renew() {
      stop();
      stop = core.events.subscribe(send);
    },
    stop: () => stop(),
  };
}
