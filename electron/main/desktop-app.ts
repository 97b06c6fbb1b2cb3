import { app, dialog, session, type BrowserWindow } from 'electron';
import path from 'node:path';
import type { CaseworksCore } from '../app/caseworks-core';
import type { CaseworksPlatform } from '../core/platform';
import { APP_DATA_FOLDER_LOCK_FILE, takeDataFolder } from '../../server/data-folder-lock';
import { handleAppProtocol, registerAppScheme } from './app-protocol';
import { forwardEvents, registerBridgeIpc } from './bridge-ipc';
import { createElectronPlatform } from './electron-platform';
import { installApplicationMenu } from './menu';
import { denyAllPermissions, enforceContentSecurityPolicy } from './permissions';
import { createMainWindow, focusWindow, lockDownWebContents } from './window';

export interface DesktopAppOptions {
  /** The folder of the built main process (`dist-electron/main`). */
  mainDir: string;
  createCore(platform: CaseworksPlatform): CaseworksCore;
  createPlatform?(options: { mainDir: string; window: () => BrowserWindow | null }): CaseworksPlatform;
}

export interface DesktopApp {
  window(): BrowserWindow | null;
  core: CaseworksCore;
}

/**
 * The whole Electron side: one instance, a locked-down window on app://, one IPC channel into the
 * core's dispatcher and one out for its events. Returns null when another instance already runs
 * (Electron's single-instance lock: the first one's window comes forward) or another process (a
 * browser shell) holds the data folder (a dialog names it).
 */
export async function startDesktopApp(options: DesktopAppOptions): Promise<DesktopApp | null> {
  registerAppScheme();
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return null;
  }

  let mainWindow: BrowserWindow | null = null;
  /** True once the core runs and the first window was opened. */
  let ready = false;
  const ourContents = () => (mainWindow && !mainWindow.isDestroyed() ? mainWindow.webContents : null);

  // The window comes forward; on macOS, where the app runs on without a window, one opens.
  app.on('second-instance', () => {
    if (mainWindow) focusWindow(mainWindow);
    else if (ready) openWindow();
  });
  app.on('web-contents-created', (_event, contents) => lockDownWebContents(contents));

  await app.whenReady();
  denyAllPermissions(session.defaultSession);
  enforceContentSecurityPolicy(session.defaultSession);

  const platform = (options.createPlatform ?? createElectronPlatform)({ mainDir: options.mainDir, window: () => mainWindow });
  // One owner per data folder: Electron's lock keeps a second app out, this one a browser shell on the same folder.
  const locked = takeDataFolder(platform.dataDir, { lockFile: APP_DATA_FOLDER_LOCK_FILE, program: 'the Caseworks app' });
  if (!locked.ok) {
    dialog.showErrorBox('Caseworks is already running', `${locked.refusal.message} Close it, then start Caseworks again.`);
    app.quit();
    return null;
  }
  const core = options.createCore(platform);
  const rendererDir = path.join(options.mainDir, '..', '..', 'dist', 'renderer');
  handleAppProtocol({ rendererDir, readImage: (productId) => core.readImage(productId) });
  registerBridgeIpc(core.dispatcher, ourContents);
  const events = forwardEvents(core, ourContents);
  installApplicationMenu({ isMac: process.platform === 'darwin', isDevelopment: !app.isPackaged });

  function openWindow() {
    mainWindow = createMainWindow({
      preloadPath: path.join(options.mainDir, '..', 'preload', 'index.cjs'),
      settings: platform.keyStore.settings,
    });
    mainWindow.webContents.on('did-finish-load', events.renew);
    mainWindow.on('closed', () => {
      mainWindow = null;
    });
  }
  openWindow();
  ready = true;

  app.on('activate', () => {
    if (!mainWindow) openWindow();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  let closing = false;
  app.on('before-quit', (event) => {
    if (closing) return;
    closing = true;
    event.preventDefault();
    void core
      .close()
      .finally(() => locked.lock.release())
      .finally(() => app.quit());
  });

  return { window: () => mainWindow, core };
}
