import * as electron from 'electron';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL, type CaseworksBridge } from '../../../shared/bridge/api';
import { BRIDGE_METHODS } from '../../../shared/bridge/contract';
import { startDesktopApp, type DesktopApp } from '../../../electron/main/desktop-app';
import { CONTENT_SECURITY_POLICY } from '../../../electron/app/content-security-policy';
import type { FakeBrowserWindow, FakeElectron } from '../../support/fake-electron-module';
import { validBridgeInputs } from '../../support/bridge-samples';
import { createFakeCore, createMemorySettings, createTestPlatform } from '../../support/fake-core';

const fake = electron as unknown as FakeElectron;
const root = mkdtempSync(path.join(tmpdir(), 'caseworks-desktop-'));
const mainDir = path.join(root, 'dist-electron', 'main');
const rendererDir = path.join(root, 'dist', 'renderer');
mkdirSync(mainDir, { recursive: true });
mkdirSync(path.join(rendererDir, 'assets'), { recursive: true });
writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Caseworks</title>');
writeFileSync(path.join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
writeFileSync(path.join(root, 'secret.txt'), 'do not serve');

const { core, handlers, hub } = createFakeCore();
const settings = createMemorySettings();
settings.set('window.bounds', { x: 40, y: 30, width: 1000, height: 700 });
let desktop: DesktopApp;
let window: FakeBrowserWindow;
let platformOptions: { mainDir: string; window: () => unknown } | null = null;

function invoke(event: unknown, method: unknown, input?: unknown) {
  const handler = fake.ipcMain.handlers.get(IPC_INVOKE_CHANNEL);
  if (!handler) throw new Error('no IPC handler');
  return handler(event, method, input) as Promise<unknown>;
}

function eventFrom(url: string, overrides: Record<string, unknown> = {}) {
  return { sender: window.webContents, senderFrame: { url, parent: null }, ...overrides };
}

function requestApp(url: string) {
  const handler = fake.protocol.handlers.get('app');
  if (!handler) throw new Error('no app:// handler');
  return handler(new Request(url));
}

beforeAll(async () => {
  const started = await startDesktopApp({
    mainDir,
    createCore: () => core,
    createPlatform: (options) => {
      platformOptions = options;
      return createTestPlatform({ keyStore: { safeStorage: null, settings } });
    },
  });
  if (!started) throw new Error('the app did not start');
  desktop = started;
  window = desktop.window() as unknown as FakeBrowserWindow;
});

describe('the main window', () => {
  it('gives the platform the main window (the one "Save as PDF" prints)', () => {
    expect(platformOptions?.mainDir).toBe(mainDir);
    expect(platformOptions?.window()).toBe(desktop.window());
    expect(platformOptions?.window()).toBe(window);
  });

  it('is isolated, sandboxed, without Node, and loads the preload from dist-electron', () => {
    expect(window.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      disableBlinkFeatures: 'Auxclick',
      preload: path.join(root, 'dist-electron', 'preload', 'index.cjs'),
    });
  });

  it('loads the renderer from app://, not file://', () => {
    expect(window.loadURL).toHaveBeenCalledWith('app://caseworks/index.html');
  });

  it('starts at the remembered bounds and remembers new ones when closed', () => {
    expect(window.options).toMatchObject({ x: 40, y: 30, width: 1000, height: 700 });
    window.bounds = { x: 100, y: 120, width: 1111, height: 777 };
    window.emit('close');
    expect(settings.get('window.bounds')).toEqual({ x: 100, y: 120, width: 1111, height: 777 });
  });

  it('denies navigation, redirects, webviews and new windows', () => {
    for (const name of ['will-navigate', 'will-redirect', 'will-attach-webview']) {
      const event = { preventDefault: vi.fn() };
      window.webContents.emit(name, event, 'https://evil.example/');
      expect(event.preventDefault, name).toHaveBeenCalled();
    }
    expect(window.webContents.openWindow('https://evil.example/')).toEqual({ action: 'deny' });
  });

  it('locks down any other web contents that gets created', () => {
    const other = new fake.BrowserWindow({}).webContents;
    fake.app.emit('web-contents-created', {}, other);
    const event = { preventDefault: vi.fn() };
    other.emit('will-navigate', event, 'https://evil.example/');
    expect(event.preventDefault).toHaveBeenCalled();
    expect(other.openWindow('https://evil.example/')).toEqual({ action: 'deny' });
  });

  it('denies every permission request and check', () => {
    const requestHandler = fake.session.defaultSession.setPermissionRequestHandler.mock.calls[0]?.[0] as (
      ...args: unknown[]
    ) => void;
    const callback = vi.fn();
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) {
      requestHandler(window.webContents, permission, callback);
    }
    expect(callback.mock.calls).toEqual(Array.from({ length: 5 }, () => [false]));
    const checkHandler = fake.session.defaultSession.setPermissionCheckHandler.mock.calls[0]?.[0] as () => boolean;
    expect(checkHandler()).toBe(false);
  });

  it('adds the same CSP to every response of the session', () => {
    const listener = fake.session.defaultSession.webRequest.onHeadersReceived.mock.calls[0]?.[0] as (
      details: unknown,
      callback: (response: unknown) => void,
    ) => void;
    const callback = vi.fn();
    listener({ responseHeaders: { 'X-Other': ['kept'] } }, callback);
    expect(callback).toHaveBeenCalledWith({
      responseHeaders: { 'X-Other': ['kept'], 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
    });
  });

  it('installs an application menu', () => {
    expect(fake.Menu.setApplicationMenu).toHaveBeenCalled();
    const template = fake.Menu.buildFromTemplate.mock.calls[0]?.[0] as Array<{ label?: string; role?: string }>;
    expect(template.map((item) => item.label ?? item.role)).toEqual(['File', 'editMenu', 'View', 'windowMenu']);
  });

  it('focuses the existing window when a second instance starts', () => {
    window.minimized = true;
    fake.app.emit('second-instance');
    expect(window.restore).toHaveBeenCalled();
    expect(window.focus).toHaveBeenCalled();
  });

  it('closes the core before quitting', async () => {
    const event = { preventDefault: vi.fn() };
    fake.app.emit('before-quit', event);
    expect(event.preventDefault).toHaveBeenCalled();
    await vi.waitFor(() => expect(fake.app.quit).toHaveBeenCalled());
    expect(core.close).toHaveBeenCalledTimes(1);
  });
});

describe('the IPC bridge', () => {
  it('registers one invoke channel that dispatches every contract method', async () => {
    expect(fake.ipcMain.handle).toHaveBeenCalledTimes(1);
    for (const method of BRIDGE_METHODS) {
      const result = await invoke(eventFrom('app://caseworks/index.html'), method, validBridgeInputs[method]);
      expect(result, method).toMatchObject({ ok: true, data: { method } });
    }
    for (const method of BRIDGE_METHODS) expect(handlers[method]).toHaveBeenCalledTimes(1);
  });

  const foreignSenders: Array<[string, () => unknown]> = [
    ['another origin', () => eventFrom('https://evil.example/index.html')],
    ['a file:// page', () => eventFrom('file:///work/main/dist/renderer/index.html')],
    ['an app:// page of another host', () => eventFrom('app://elsewhere/index.html')],
    ['a subframe', () => eventFrom('app://caseworks/index.html', { senderFrame: { url: 'app://caseworks/index.html', parent: {} } })],
    ['another window', () => eventFrom('app://caseworks/index.html', { sender: {} })],
    ['no frame', () => eventFrom('app://caseworks/index.html', { senderFrame: null })],
  ];
  it.each(foreignSenders)('rejects a call from %s', async (_name, makeEvent) => {
    handlers.getAccount.mockClear();
    expect(await invoke(makeEvent(), 'getAccount', {})).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    expect(handlers.getAccount).not.toHaveBeenCalled();
  });

  it('rejects bad input and unknown methods from our own page', async () => {
    const own = eventFrom('app://caseworks/index.html');
    expect(await invoke(own, 'getOrder', { id: 42 })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await invoke(own, 'searchCatalog', { text: 'x'.repeat(10_000) })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await invoke(own, 'eval', 'process.exit()')).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
  });

  it('pairs with the preload: a page call reaches its handler and events reach the page', async () => {
    fake.ipcRenderer.invoke.mockImplementation(async (channel: string, ...args: unknown[]) =>
      fake.ipcMain.handlers.get(channel)?.(eventFrom('app://caseworks/index.html'), ...args),
    );
    const pageListeners = new Map<(...args: unknown[]) => void, string>();
    fake.ipcRenderer.on.mockImplementation((channel: string, listener: (...args: unknown[]) => void) => pageListeners.set(listener, channel));
    fake.ipcRenderer.removeListener.mockImplementation((_channel: string, listener: (...args: unknown[]) => void) => pageListeners.delete(listener));
    window.webContents.send.mockImplementation((channel: string, payload: unknown) => {
      for (const [listener, listenedChannel] of pageListeners) if (listenedChannel === channel) listener({}, payload);
    });
    await import('../../../electron/preload/index');
    const page = fake.contextBridge.exposed.get('caseworks') as CaseworksBridge;
    expect(await page.getOrder({ id: 'ord_pair1' })).toMatchObject({ ok: true, data: { method: 'getOrder', input: { id: 'ord_pair1' } } });
    expect(await page.getOrder({ id: 7 } as never)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const received: unknown[] = [];
    const stop = page.subscribe((event) => received.push(event));
    hub.emit({ type: 'data-changed', datasets: ['orders'] });
    stop();
    hub.emit({ type: 'session-changed' });
    expect(received).toEqual([{ type: 'data-changed', datasets: ['orders'] }]);
    window.webContents.send.mockReset();
  });

  it('pushes core events to the window on the event channel', () => {
    hub.emit({ type: 'connectivity', online: false });
    expect(window.webContents.send).toHaveBeenCalledWith(IPC_EVENT_CHANNEL, { type: 'connectivity', online: false });
  });

  it("tells a page that has just loaded the offline copy's update it missed", () => {
    const failed = { type: 'offline-upgrade', done: 3, total: 46, finished: true, problem: { code: 'disk_full', message: 'The disk is full.' } } as const;
    hub.emit(failed);
    hub.emit({ type: 'connectivity', online: true });
    window.webContents.send.mockReset();
    window.webContents.emit('did-finish-load');
    expect(window.webContents.send.mock.calls).toEqual([[IPC_EVENT_CHANNEL, failed]]);
    hub.emit({ type: 'session-changed' });
    expect(window.webContents.send, 'one subscription after the renewal, not two').toHaveBeenCalledTimes(2);
  });
});

describe('the app:// protocol', () => {
  it('is registered as a privileged standard, secure scheme', () => {
    expect(fake.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      expect.objectContaining({ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) }),
    ]);
  });

  it("keeps V8's code cache of the page's scripts, so a later start does not compile them again", () => {
    expect(fake.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      expect.objectContaining({ scheme: 'app', privileges: expect.objectContaining({ standard: true, codeCache: true }) }),
    ]);
  });

  it('serves the renderer with a strict Content-Security-Policy', async () => {
    const response = await requestApp('app://caseworks/index.html');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'self'");
    expect(CONTENT_SECURITY_POLICY).toContain("img-src 'self' app: data:");
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(await response.text()).toContain('<title>Caseworks</title>');
    expect((await requestApp('app://caseworks/assets/app.js')).headers.get('content-type')).toMatch(/javascript/);
  });

  it.each([
    'app://caseworks/../secret.txt',
    'app://caseworks/..%2fsecret.txt',
    'app://caseworks/%2e%2e/secret.txt',
    'app://caseworks/%2e%2e%2f%2e%2e%2fsecret.txt',
    'app://caseworks/assets/..%5c..%5csecret.txt',
    'app://caseworks/%00index.html',
    'app://caseworks/%E0%A4%A',
    'app://elsewhere/index.html',
  ])('refuses %s', async (url) => {
    const response = await requestApp(url);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(await response.text()).not.toContain('do not serve');
  });

  it('serves product images from the core image cache', async () => {
    const image = await requestApp('app://caseworks/product-images/prod_withimage');
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
    expect(image.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(core.readImage).toHaveBeenCalledWith('prod_withimage');
    expect((await requestApp('app://caseworks/product-images/prod_none')).status).toBe(404);
    expect((await requestApp('app://caseworks/product-images/..%2fsecret')).status).toBe(404);
  });
});
