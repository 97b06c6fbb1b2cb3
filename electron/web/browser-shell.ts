import { createCaseworksCore, type CaseworksCoreHandle, type CoreOptions } from '../app/app-core';
import { forkWithNode } from '../core/connection';
import type { CaseworksPlatform } from '../core/platform';
import { openShell, type OpenShell, type OpenShellOptions } from './open-shell';
import { fileSettings } from './file-settings';

export { DataFolderInUse } from './open-shell';

export interface BrowserShellOptions extends OpenShellOptions {
  /** Use this service instead of the embedded demo (the key stays in memory). */
  service?: { baseUrl: string; apiKey: string };
  /** The embedded demo service's fulfilment delays. */
  embeddedService?: { shipDelayMs?: number; deliverDelayMs?: number };
  /** Opens a tracking link elsewhere (tests record them); by default the page opens it in a new tab of the browser it is in. */
  openExternal?: (url: string) => Promise<boolean>;
  log?: (message: string) => void;
  /** Tuning of the core for tests (client timeouts, sync interval, a different service starter). */
  core?: CoreOptions;
  /**
   * What `startBrowserShell` waits for before it resolves: the session decided (`session`, the
   * default: the demo service running and signed in to), or only the page being served
   * (`listening`): the catalog then shows the offline copy while the service starts, and
   * `core.ready` tells when the session is decided.
   */
  waitFor?: 'session' | 'listening';
}

export interface BrowserShell {
  /** Open this: it carries the token once and swaps it for a cookie. */
  url: string;
  token: string;
  port: number;
  core: CaseworksCoreHandle;
  /** Stops the embedded demo service, as when the network goes away. */
  stopEmbeddedService(): Promise<void>;
  /** Starts it again on the same data; the core reconnects and sends what waited. */
  startEmbeddedService(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The app without Electron: the same core behind a loopback HTTP transport, the built renderer,
 * and the embedded demo service as a Node child process. Keys live in memory only (no
 * safeStorage here), and the session says so; the list of buyer accounts is kept in the data
 * folder (file-settings.ts), so a restart finds them, their queued orders and offline copies.
 */
export async function startBrowserShell(options: BrowserShellOptions): Promise<BrowserShell> {
  return startShellCore(await openShell(options), options);
}

/**
 * The core of a shell already serving its page (`openShell`): created, given to the server, and
 * waited for as `options.waitFor` says. When it cannot start, the shell is closed (its data folder
 * freed) and the error thrown.
 */
export async function startShellCore(shell: OpenShell, options: BrowserShellOptions): Promise<BrowserShell> {
  const log = options.log ?? ((message: string) => console.log(`[caseworks] ${message}`));
  const platform: CaseworksPlatform = {
    dataDir: options.dataDir,
    keyStore: { safeStorage: null, settings: fileSettings(options.dataDir, log) },
    fetch: globalThis.fetch.bind(globalThis),
    forkService: forkWithNode,
    notify: (title, body) => log(`${title}: ${body}`),
    // A browser shows the page: it opens links itself (a new tab), unless told otherwise (tests record them).
    ...(options.openExternal ? { openExternal: options.openExternal } : {}),
    now: () => new Date(),
    embeddedService: options.embeddedService,
    presetService: options.service,
    log,
  };
  try {
    const core = createCaseworksCore(platform, options.core);
    shell.attach(core);
    if (options.waitFor !== 'listening') await core.ready;
    return {
      url: shell.url,
      token: shell.token,
      port: shell.port,
      core,
      stopEmbeddedService: () => core.stopEmbeddedService(),
      startEmbeddedService: () => core.startEmbeddedService(),
      close: () => shell.close(),
    };
  } catch (error) {
    await shell.close();
    throw error;
  }
}
