import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL } from '../../shared/bridge/api';
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

/** Pushes every core event to the window while it is alive. */
export function forwardEvents(core: Pick<CaseworksCore, 'events'>, ourContents: () => WebContents | null): () => void {
  return core.events.subscribe((event) => {
    const contents = ourContents();
    if (contents && !contents.isDestroyed()) contents.send(IPC_EVENT_CHANNEL, event);
  });
}
