import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createCaseworksCore, type CaseworksCoreHandle, type CoreOptions } from '../app/app-core';
import { forkWithNode } from '../core/connection';
import { APP_DATA_FOLDER_LOCK_FILE, takeDataFolder, type DataFolderInUseError, type LockHolder } from '../../server/data-folder-lock';
import { DATA_FOLDER_IN_USE } from '../../shared/embedded-service';
import type { CaseworksPlatform } from '../core/platform';
import { createShellToken } from './shell-auth';
import { startShellServer } from './shell-server';
import { fileSettings } from './file-settings';
import { REPO_ROOT } from './renderer-build';

export interface BrowserShellOptions {
  /** 0 (default): any free port. */
  port?: number;
  /** Caches, the outbox and the embedded service's database. */
  dataDir: string;
  /** The built renderer (default `dist/renderer`). */
  rendererDir?: string;
  /** Use this service instead of the embedded demo (the key stays in memory). */
  service?: { baseUrl: string; apiKey: string };
  /** The embedded demo service's fulfilment delays. */
  embeddedService?: { shipDelayMs?: number; deliverDelayMs?: number };
  /** The per-launch token (default: a fresh random one). */
  token?: string;
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

/** Another live process holds the data folder: this shell starts nothing (no second demo service on it). */
export class DataFolderInUse extends Error {
  override name = 'DataFolderInUse';
  readonly code = DATA_FOLDER_IN_USE;
  readonly dataDir: string;
  readonly holder: LockHolder;
  constructor(refusal: DataFolderInUseError) {
    super(refusal.message);
    this.dataDir = refusal.dataDir;
    this.holder = refusal.holder;
  }
}

/**
 * The app without Electron: the same core behind a loopback HTTP transport, the built renderer,
 * and the embedded demo service as a Node child process. Keys live in memory only (no
 * safeStorage here), and the session says so; the list of buyer accounts is kept in the data
 * folder (file-settings.ts), so a restart finds them, their queued orders and offline copies.
 */
export async function startBrowserShell(options: BrowserShellOptions): Promise<BrowserShell> {
  mkdirSync(options.dataDir, { recursive: true });
  // One owner per data folder, before anything in it is read or started.
  const locked = takeDataFolder(options.dataDir, { lockFile: APP_DATA_FOLDER_LOCK_FILE, program: 'npm run web' });
  if (!locked.ok) throw new DataFolderInUse(locked.refusal);
  const { lock } = locked;
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
  const core = createCaseworksCore(platform, options.core);
  const token = options.token ?? createShellToken();
  let server;
  try {
    server = await startShellServer({
      core,
      rendererDir: options.rendererDir ?? path.join(REPO_ROOT, 'dist', 'renderer'),
      token,
      port: options.port ?? 0,
    });
    lock.setAddress(`http://127.0.0.1:${server.port}/`);
    if (options.waitFor !== 'listening') await core.ready;
  } catch (error) {
    try {
      await server?.close();
      await core.close();
    } finally {
      lock.release();
    }
    throw error;
  }
  const running = server;
  return {
    url: running.url,
    token,
    port: running.port,
    core,
    stopEmbeddedService: () => core.stopEmbeddedService(),
    startEmbeddedService: () => core.startEmbeddedService(),
    async close() {
      try {
        await running.close();
        await core.close();
      } finally {
        lock.release();
      }
    },
  };
}
