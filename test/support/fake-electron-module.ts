import { vi } from 'vitest';

/**
 * A stand-in for the parts of Electron that the glue touches. Each piece records what it was
 * given so tests can assert on it. Extend it here (once) rather than mocking electron per test.
 */
export function createFakeElectron() {
  const handlers = new Map<string, (...args: unknown[]) => unknown>();
  return {
    app: {
      isPackaged: false,
      getPath: vi.fn((name: string) => `/tmp/caseworks-fake-electron/${name}`),
      getName: vi.fn(() => 'Caseworks'),
      getVersion: vi.fn(() => '0.0.0-test'),
      requestSingleInstanceLock: vi.fn(() => true),
      whenReady: vi.fn(async () => undefined),
      on: vi.fn(),
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
    contextBridge: { exposeInMainWorld: vi.fn() },
    safeStorage: {
      isEncryptionAvailable: vi.fn(() => true),
      getSelectedStorageBackend: vi.fn(() => 'gnome_libsecret'),
      encryptString: vi.fn((text: string) => Buffer.from(`enc:${text}`)),
      decryptString: vi.fn((buffer: Buffer) => buffer.toString().replace(/^enc:/, '')),
    },
    shell: { openExternal: vi.fn(async () => undefined) },
    BrowserWindow: vi.fn(),
    Menu: { buildFromTemplate: vi.fn(() => ({})), setApplicationMenu: vi.fn() },
    Notification: Object.assign(vi.fn(() => ({ show: vi.fn(), on: vi.fn() })), { isSupported: vi.fn(() => true) }),
    protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
    session: { defaultSession: { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn() } },
    net: { fetch: vi.fn() },
    screen: { getAllDisplays: vi.fn(() => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }]) },
    utilityProcess: { fork: vi.fn() },
  };
}

export type FakeElectron = ReturnType<typeof createFakeElectron>;
