import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DATA_FOLDER_IN_USE, DATA_FOLDER_IN_USE_EXIT_CODE, EmbeddedServiceMessage, SERVICE_STOP_DEADLINE_MS } from '../../../shared/embedded-service';
import type { ForkedProcess, ForkService } from '../platform';
import { embeddedServiceArgs, embeddedServiceEnv, type EmbeddedServiceSettings } from './embedded-service-args';

export const DEMO_CREDENTIALS_FILE = 'demo-credentials.json';

export const DemoBuyer = z.object({ account_id: z.string(), name: z.string(), api_key: z.string().min(1) });
export type DemoBuyer = z.infer<typeof DemoBuyer>;
const DemoCredentials = z.object({ base_url: z.string(), buyers: z.array(DemoBuyer).min(1) });


export interface EmbeddedServiceOptions extends EmbeddedServiceSettings {
  fork: ForkService;
  /** How long the first start (database creation and seeding) may take. */
  startTimeoutMs?: number;
  /** How long `stop()` waits for the process to exit before giving up on it (`STOP_WAIT_MS`). */
  stopTimeoutMs?: number;
  /** Told when the service exits without being asked to. */
  onUnexpectedExit?: (code: number | null) => void;
}

export interface EmbeddedService {
  /** `http://127.0.0.1:<port>/api/v1` */
  baseUrl: string;
  /** The demo buyers and their keys; the app signs in as the first. */
  buyers: DemoBuyer[];
  /** Asks the service to stop (stop message and SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
}

/**
 * Why the demo service could not start, as a value: `data_folder_in_use` when another live process
 * holds its data folder (starting again will not help until that one stops), `failed` otherwise;
 * `message` in plain words for the buyer.
 */
export interface EmbeddedServiceFailure {
  code: typeof DATA_FOLDER_IN_USE | 'failed';
  message: string;
}

/** A start's answer: the running service, or why it could not start. */
export type ServiceStart<S> = { ok: true; service: S } | { ok: false; failure: EmbeddedServiceFailure };

const cannotStart = (message: string, code: EmbeddedServiceFailure['code'] = 'failed'): { ok: false; failure: EmbeddedServiceFailure } => ({
  ok: false,
  failure: { code, message },
});

/** The service ends its own stop within SERVICE_STOP_DEADLINE_MS; past it and a margin, it is stuck. */
export const STOP_WAIT_MS = SERVICE_STOP_DEADLINE_MS + 5_000;

/**
 * Starts the demo service in its own process (a utilityProcess in Electron, a child process
 * elsewhere) on 127.0.0.1 and a free port (or `port`), with its data in `dataDir`, and waits until it
 * says it is ready. When it cannot start, the answer says why in plain words (it is not thrown).
 */
export async function startEmbeddedService(options: EmbeddedServiceOptions): Promise<ServiceStart<EmbeddedService>> {
  const startTimeoutMs = options.startTimeoutMs ?? 120_000;
  const stopTimeoutMs = options.stopTimeoutMs ?? STOP_WAIT_MS;
  const child = options.fork({ env: embeddedServiceEnv(embeddedServiceArgs(options)) });

  let exitCode: number | null | undefined;
  let stopping = false;
  let ready = false;
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code) => {
      exitCode = code;
      resolve(code);
      if (!stopping && ready) options.onUnexpectedExit?.(code);
    });
  });

  const started = await waitForReady(child, exited, startTimeoutMs);
  if (!started.ok) return started;
  ready = true;
  const credentials = await readCredentials(options.dataDir);
  if (!credentials.ok) {
    await stopChild(child, exited, stopTimeoutMs);
    return cannotStart(credentials.message);
  }

  return {
    ok: true,
    service: {
      baseUrl: started.baseUrl,
      buyers: credentials.buyers,
      async stop() {
        stopping = true;
        if (exitCode !== undefined) return;
        await stopChild(child, exited, stopTimeoutMs);
      },
    },
  };
}

/**
 * The port of the last start, in the service's data folder. Product image URLs carry the service's
 * address, so starting on the same port keeps every catalog page and product detail (and their
 * ETags) the same from one launch to the next: the offline copy is confirmed with 304s instead of
 * downloaded and indexed again.
 */
export const LAST_PORT_FILE = 'last-port';

/** The last start's port (see `rememberPort`) when nothing listens on it now, else 0 (any free port). */
export async function lastPortIfFree(dataDir: string): Promise<number> {
  const port = Number((await readFile(path.join(dataDir, LAST_PORT_FILE), 'utf8').catch(() => '')).trim());
  if (!Number.isInteger(port) || port < 1024 || port > 65_535) return 0;
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(0));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(port)));
  });
}

/** Notes the port a start got, for `lastPortIfFree` at the next start. */
export async function rememberPort(dataDir: string, baseUrl: string): Promise<void> {
  await writeFile(path.join(dataDir, LAST_PORT_FILE), new URL(baseUrl).port).catch(() => undefined);
}

type Ready = { ok: true; baseUrl: string } | { ok: false; failure: EmbeddedServiceFailure };

function waitForReady(child: ForkedProcess, exited: Promise<number | null>, timeoutMs: number): Promise<Ready> {
  return new Promise<Ready>((resolve) => {
    let settled = false;
    const settle = (answer: Ready) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
    };
    const timer = setTimeout(() => {
      child.kill();
      settle(cannotStart(`The demo service did not start within ${Math.round(timeoutMs / 1000)} s.`));
    }, timeoutMs);
    child.on('message', (raw) => {
      const message = EmbeddedServiceMessage.safeParse(raw);
      if (!message.success) return;
      const said = message.data;
      if (said.type === 'ready') settle({ ok: true, baseUrl: said.baseUrl });
      else settle(cannotStart(`The demo service could not start: ${said.message}`, said.code === DATA_FOLDER_IN_USE ? DATA_FOLDER_IN_USE : 'failed'));
    });
    void exited.then((code) => {
      settle(
        code === DATA_FOLDER_IN_USE_EXIT_CODE
          ? cannotStart('The demo service could not start: another process is using its data folder.', DATA_FOLDER_IN_USE)
          : cannotStart(`The demo service stopped while starting (exit code ${code ?? 'none'}).`),
      );
    });
  });
}

/**
 * The demo's buyers as its last start left them in its data folder (their keys stay the same from
 * one start to the next), read without starting it: null when there is no such file or it cannot
 * be read. A demo account signs in with these while the demo service starts, or cannot.
 */
export async function readDemoBuyers(dataDir: string): Promise<DemoBuyer[] | null> {
  const credentials = await readCredentials(dataDir);
  return credentials.ok ? credentials.buyers : null;
}

type Credentials = { ok: true; buyers: DemoBuyer[] } | { ok: false; message: string };

async function readCredentials(dataDir: string): Promise<Credentials> {
  let raw: string;
  try {
    raw = await readFile(path.join(dataDir, DEMO_CREDENTIALS_FILE), 'utf8');
  } catch {
    return { ok: false, message: 'The demo service started but left no demo credentials.' };
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    json = null;
  }
  const parsed = DemoCredentials.safeParse(json);
  return parsed.success
    ? { ok: true, buyers: parsed.data.buyers }
    : { ok: false, message: 'The demo credentials file is damaged. Remove the demo data folder to start afresh.' };
}

async function stopChild(child: ForkedProcess, exited: Promise<number | null>, timeoutMs: number): Promise<void> {
  child.postMessage({ type: 'stop' });
  child.kill();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const gaveUp = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const outcome = await Promise.race([exited, gaveUp]);
  clearTimeout(timer);
  // A process that does not stop when asked is not expected: the caller's stop fails with these words.
  if (outcome === 'timeout') throw new Error(`The demo service did not stop within ${Math.round(timeoutMs / 1000)} s.`);
}
