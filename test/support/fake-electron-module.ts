import { vi } from 'vitest';

type Listener = (...args: unknown[]) => unknown;

/** Records listeners by event name and lets tests fire them. */
function createEmitter() {
  const listeners = new Map<string, Listener[]>();
  const add = (event: string, listener: Listener) => {
    listeners.set(event, [...(listeners.get(event) ?? []), listener]);
  };
  return {
    listeners,
    on: vi.fn((event: string, listener: Listener) => {
      add(event, listener);
    }),
    once: vi.fn((event: string, listener: Listener) => {
      add(event, listener);
    }),
    emit(event: string, ...args: unknown[]) {
      return (listeners.get(event) ?? []).map((listener) => listener(...args));
    },
  };
}

function createFakeWebContents() {
  const emitter = createEmitter();
  let windowOpenHandler: ((details: { url: string }) => unknown) | null = null;
  let destroyed = false;
  return {
    ...emitter,
    send: vi.fn(),
    isDestroyed: vi.fn(() => destroyed),
    destroy() {
      destroyed = true;
    },
    setWindowOpenHandler: vi.fn((handler: (details: { url: string }) => unknown) => {
      windowOpenHandler = handler;
    }),
    openWindow(url: string) {
      return windowOpenHandler?.({ url });
    },
    /** A one-page PDF's first bytes; a test replaces the implementation to fail or to return something else. */
    printToPDF: vi.fn(async (_options: Record<string, unknown>) => Buffer.from('%PDF-1.7\n% fake\n')),
  };
}

export type FakeWebContents = ReturnType<typeof createFakeWebContents>;

/** Stands in for `BrowserWindow`: keeps its options and every instance for assertions. */
class FakeBrowserWindow {
  static instances: FakeBrowserWindow[] = [];
  /** No window has the focus in these tests: dialogs open on their own. */
  static getFocusedWindow = () => null;
  readonly options: Record<string, unknown>;
  readonly webContents = createFakeWebContents();
  private readonly emitter = createEmitter();
  readonly on = this.emitter.on;
  readonly once = this.emitter.once;
  readonly loadURL = vi.fn(async (_url: string) => undefined);
  readonly show = vi.fn();
  readonly focus = vi.fn();
  readonly restore = vi.fn();
  minimized = false;
  destroyed = false;
  bounds = { x: 10, y: 20, width: 1200, height: 800 };

  constructor(options: Record<string, unknown>) {
    this.options = options;
    FakeBrowserWindow.instances.push(this);
  }

  emit(event: string, ...args: unknown[]) {
    return this.emitter.emit(event, ...args);
  }
  isMinimized = () => this.minimized;
  isFullScreen = () => false;
  isDestroyed = () => this.destroyed;
  getNormalBounds = () => this.bounds;
}

function createFakeUtilityProcess() {
  const emitter = createEmitter();
  return { ...emitter, pid: 4242, postMessage: vi.fn(), kill: vi.fn(() => true) };
}

/**
 * A stand-in for the parts of Electron that the glue touches. Each piece records what it was
 * given so tests can assert on it. Extend it here (once) rather than mocking electron per test.
 */
export function createFakeElectron() {
  const handlers = new Map<string, (...args: unknown[]) => unknown>();
  const protocolHandlers = new Map<string, (request: Request) => Promise<Response>>();
  const appEvents = createEmitter();
  const exposed = new Map<string, unknown>();
  return {
    app: {
      isPackaged: false,
      getPath: vi.fn((name: string) => `/tmp/caseworks-fake-electron/${name}`),
      getName: vi.fn(() => 'Caseworks'),
      getVersion: vi.fn(() => '0.0.0-test'),
      requestSingleInstanceLock: vi.fn(() => true),
      whenReady: vi.fn(async () => undefined),
      on: appEvents.on,
      once: appEvents.once,
      emit: appEvents.emit,
      listeners: appEvents.listeners,
      quit: vi.fn(),
      setAppUserModelId: vi.fn(),
    },
    ipcMain: {
      handlers,
      handle: vi.fn((channel: string, handler: (...args: unknown[]) => unknown) => {
        handlers.set(channel, handler);
      }),
      removeHandler: vi.fn((channel: string) => {
        handlers.delete(channel);
      }),
      on: vi.fn(),
    },
    ipcRenderer: { invoke: vi.fn(), on: vi.fn(), removeListener: vi.fn() },
    contextBridge: {
      exposed,
      exposeInMainWorld: vi.fn((name: string, api: unknown) => {
        exposed.set(name, api);
      }),
    },
    safeStorage: {
      isEncryptionAvailable: vi.fn(() => true),
      getSelectedStorageBackend: vi.fn(() => 'gnome_libsecret'),
      encryptString: vi.fn((text: string) => Buffer.from(`enc:${text}`)),
      decryptString: vi.fn((buffer: Buffer) => buffer.toString().replace(/^enc:/, '')),
    },
    shell: { openExternal: vi.fn(async () => undefined) },
    /** The save dialog answers as if the buyer chose the offered path (called with or without a window); a test sets `canceled` instead. */
    dialog: {
      showErrorBox: vi.fn((_title: string, _content: string) => undefined),
      showSaveDialog: vi.fn(async (...args: unknown[]): Promise<{ canceled: boolean; filePath?: string }> => {
        const options = (args.length > 1 ? args[1] : args[0]) as { defaultPath?: string } | undefined;
        return { canceled: false, filePath: options?.defaultPath ?? '' };
      }),
    },
    BrowserWindow: FakeBrowserWindow,
    Menu: { buildFromTemplate: vi.fn((template: unknown[]) => ({ template })), setApplicationMenu: vi.fn() },
    Notification: Object.assign(
      vi.fn(function FakeNotification() {
        return { show: vi.fn(), on: vi.fn() };
      }),
      { isSupported: vi.fn(() => true) },
    ),
    protocol: {
      handlers: protocolHandlers,
      registerSchemesAsPrivileged: vi.fn(),
      handle: vi.fn((scheme: string, handler: (request: Request) => Promise<Response>) => {
        protocolHandlers.set(scheme, handler);
      }),
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: vi.fn(),
        setPermissionCheckHandler: vi.fn(),
        webRequest: { onHeadersReceived: vi.fn() },
      },
    },
    net: { fetch: vi.fn() },
    screen: { getAllDisplays: vi.fn(() => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }]) },
    utilityProcess: { fork: vi.fn(() => createFakeUtilityProcess()) },
  };
}

export type FakeElectron = ReturnType<typeof createFakeElectron>;
export type { FakeBrowserWindow };
