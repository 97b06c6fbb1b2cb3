import { BrowserWindow, screen, type WebContents } from 'electron';
import type { SettingsStore } from '../core/platform';
import { APP_ENTRY_URL } from './app-origin';
import { MIN_SIZE, WINDOW_BOUNDS_SETTING, restoreBounds } from './window-state';

/** The page never navigates away, opens windows or embeds webviews; links go through `openTrackingLink`. */
export function lockDownWebContents(contents: WebContents): void {
  contents.on('will-navigate', (event) => {
    event.preventDefault();
  });
  contents.on('will-redirect', (event) => {
    event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
  });
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

export interface MainWindowOptions {
  preloadPath: string;
  settings: SettingsStore;
}

export function createMainWindow({ preloadPath, settings }: MainWindowOptions): BrowserWindow {
  const bounds = restoreBounds(settings.get(WINDOW_BOUNDS_SETTING), screen.getAllDisplays());
  const window = new BrowserWindow({
    ...bounds,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    title: 'Caseworks',
    show: false,
    backgroundColor: '#ffffff',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      disableBlinkFeatures: 'Auxclick',
    },
  });
  lockDownWebContents(window.webContents);

  const saveBounds = () => {
    if (!window.isDestroyed() && !window.isMinimized() && !window.isFullScreen()) {
      settings.set(WINDOW_BOUNDS_SETTING, window.getNormalBounds());
    }
  };
  window.on('resized', saveBounds);
  window.on('moved', saveBounds);
  window.on('close', saveBounds);
  window.once('ready-to-show', () => window.show());

  void window.loadURL(APP_ENTRY_URL);
  return window;
}

/** Brings the existing window forward when the user launches the app a second time. */
export function focusWindow(window: BrowserWindow | null): void {
  if (!window || window.isDestroyed()) return;
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}
