import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { BRIDGE_GLOBAL, IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL } from '../../shared/bridge/api';
import type { BridgeEvent } from '../../shared/bridge/events';
import { createBridgeApi } from './bridge-api';

const api = createBridgeApi({
  invoke: (method, input) => ipcRenderer.invoke(IPC_INVOKE_CHANNEL, method, input),
  onEvent(listener) {
    const forward = (_event: IpcRendererEvent, payload: BridgeEvent) => listener(payload);
    ipcRenderer.on(IPC_EVENT_CHANNEL, forward);
    return () => {
      ipcRenderer.removeListener(IPC_EVENT_CHANNEL, forward);
    };
  },
});

contextBridge.exposeInMainWorld(BRIDGE_GLOBAL, api);
