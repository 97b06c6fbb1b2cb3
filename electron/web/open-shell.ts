import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { APP_DATA_FOLDER_LOCK_FILE, takeDataFolder, type DataFolderInUseError, type LockHolder } from '../../server/data-folder-lock';
import { DATA_FOLDER_IN_USE } from '../../shared/embedded-service';
import type { CaseworksCoreHandle } from '../app/app-core';
import { createShellToken } from './shell-auth';
import { startShellServer } from './shell-server';
import { REPO_ROOT } from './renderer-build';

export interface OpenShellOptions {
  /** 0 (default): any free port. */
  port?: number;
  /** Caches, the outbox and the embedded service's database. */
  dataDir: string;
  /** The built renderer (default `dist/renderer`). */
  rendererDir?: string;
  /** The per-launch token (default: a fresh random one). */
  token?: string;
}

/**
 * The shell's data folder taken and its page served, before its core exists: the address can be
 * opened at once, and the page's bridge calls wait for the core given to `attach`.
 */
export interface OpenShell {
  /** Open this: it carries the token once and swaps it for a cookie. */
  url: string;
  token: string;
  port: number;
  /** Gives the server its core (once): the calls that waited for it go to it. */
  attach(core: CaseworksCoreHandle): void;
  /** Stops serving, closes the core once it is attached (a core never attached is not waited for) and frees the data folder. */
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
 * Takes the data folder (one owner per folder, before anything in it is read or started) and
 * serves the built renderer on loopback. Kept apart from the core's modules (browser-shell.ts):
 * `npm run web` prints the address once this is done, so the browser loads the page while the
 * shell loads and starts its core.
 */
export async function openShell(options: OpenShellOptions): Promise<OpenShell> {
  mkdirSync(options.dataDir, { recursive: true });
  const locked = takeDataFolder(options.dataDir, { lockFile: APP_DATA_FOLDER_LOCK_FILE, program: 'npm run web' });
  if (!locked.ok) throw new DataFolderInUse(locked.refusal);
  const { lock } = locked;
  let attached: CaseworksCoreHandle | null = null;
  let giveCore: (core: CaseworksCoreHandle) => void = () => undefined;
  const core = new Promise<CaseworksCoreHandle>((resolve) => (giveCore = resolve));
  const token = options.token ?? createShellToken();
  let server;
  try {
    server = await startShellServer({ core, rendererDir: options.rendererDir ?? path.join(REPO_ROOT, 'dist', 'renderer'), token, port: options.port ?? 0 });
    lock.setAddress(`http://127.0.0.1:${server.port}/`);
  } catch (error) {
    try {
      await server?.close();
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
    attach(given) {
      if (attached) throw new Error('The shell already has its core');
      attached = given;
      giveCore(given);
    },
    async close() {
      try {
        await running.close();
        await attached?.close();
      } finally {
        lock.release();
      }
    },
  };
}
