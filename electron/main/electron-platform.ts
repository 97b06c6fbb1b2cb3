import { BrowserWindow, Notification, app, dialog, safeStorage, shell, utilityProcess } from 'electron';
import Store from 'electron-store';
import path from 'node:path';
import { writeFileDurably } from '../core/files/durable-write';
import type { CaseworksPlatform, ForkService, SettingsStore } from '../core/platform';
import { createPdfHost } from './order-sheet-pdf';

/** The embedded service runs in its own utility process, never in the main process. */
function forkUtilityProcess(entry: string): ForkService {
  return ({ env }) => {
    const child = utilityProcess.fork(entry, [], { env: { ...process.env, ...env }, serviceName: 'Caseworks demo service', stdio: 'inherit' });
    return {
      postMessage: (message) => child.postMessage(message),
      on(event: 'message' | 'exit', listener: (value: never) => void) {
        child.on(event as 'message', listener as (message: unknown) => void);
        return this;
      },
      kill: () => child.kill(),
      get pid() {
        return child.pid;
      },
    };
  };
}

function settingsStore(): SettingsStore {
  const store = new Store<Record<string, unknown>>({ name: 'settings', clearInvalidConfig: true });
  return {
    get: (key) => store.get(key),
    set: (key, value) => store.set(key, value),
    delete: (key) => store.delete(key),
  };
}

/** `window`: the main window while it is open, which "Save as PDF" prints. */
export function createElectronPlatform(options: { mainDir: string; window?: () => BrowserWindow | null }): CaseworksPlatform {
  return {
    dataDir: app.getPath('userData'),
    keyStore: { safeStorage, settings: settingsStore() },
    fetch: globalThis.fetch.bind(globalThis),
    forkService: forkUtilityProcess(path.join(options.mainDir, 'embedded-service.js')),
    notify(title, body) {
      if (Notification.isSupported()) new Notification({ title, body }).show();
    },
    async openExternal(url) {
      if (!url.startsWith('https://')) return false;
      await shell.openExternal(url);
      return true;
    },
    ...(options.window ? { pdfHost: createPdfHost(options.window) } : {}),
    // The system's save dialog, in the Documents folder; the file is written whole or not at all.
    async saveFile({ suggestedName, contents, filterName, extension }) {
      const options = { defaultPath: path.join(app.getPath('documents'), suggestedName), filters: [{ name: filterName, extensions: [extension] }] };
      const parent = BrowserWindow.getFocusedWindow();
      const choice = parent ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
      if (choice.canceled || !choice.filePath) return { saved: false, reason: 'cancelled' };
      await writeFileDurably(path.dirname(choice.filePath), path.basename(choice.filePath), contents);
      return { saved: true, fileName: path.basename(choice.filePath) };
    },
    now: () => new Date(),
    log: (message) => console.log(`[caseworks] ${message}`),
  };
}
