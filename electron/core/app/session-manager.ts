import type { Account } from '../../../shared/schemas';
import type { BridgeError } from '../../../shared/bridge/result';
import type { SessionInfo } from '../../../shared/bridge/session';
import { serviceError } from '../api/service-error';
import { CoreFailure } from '../failure';
import type { KeyVault, SettingsStore } from '../vault';

/** The embedded demo service, running in its own process. */
export interface EmbeddedServiceHandle {
  baseUrl: string;
  /** The key of the first demo buyer. */
  apiKey: string;
  stop(): Promise<void>;
}

export type VerifyOutcome = { ok: true; account: Account } | { ok: false; error: BridgeError };

/** Who we talk to and as whom; the key stays in here and in the vault, never in a SessionInfo. */
export interface Connection {
  mode: 'demo' | 'custom';
  baseUrl: string;
  account: { id: string; name: string } | null;
}

export interface SessionManagerOptions {
  vault: KeyVault;
  settings: SettingsStore;
  /** The browser shell keeps keys in memory only and says so. */
  memoryOnlyKeys: boolean;
  startEmbedded(): Promise<EmbeddedServiceHandle>;
  /** `GET /account` with the given key; nothing is saved before it succeeds. */
  verify(baseUrl: string, apiKey: string): Promise<VerifyOutcome>;
  /** A service named by the environment (browser shell): used instead of the demo, key in memory. */
  presetService?: { baseUrl: string; apiKey: string };
  /** Told after every change of connection (sign-in, switch, sign-out). */
  onChange(connection: Connection | null): void;
  /** Plain words for the buyer when the demo service stopped by itself, was restarted, or could not be. */
  onNotice?(title: string, body: string): void;
  /** How often, and after how long, a demo service that stopped by itself is started again. */
  embeddedRestart?: EmbeddedRestartPolicy;
}

export interface EmbeddedRestartPolicy {
  attempts: number;
  /** Wait before attempt `n` (1-based). */
  delayMs(attempt: number): number;
}

/** Three attempts, 1 s, 2 s and 4 s after the stop: a crash loop ends within ten seconds. */
export const DEFAULT_EMBEDDED_RESTART: EmbeddedRestartPolicy = { attempts: 3, delayMs: (attempt) => 1_000 * 2 ** (attempt - 1) };

export const DEMO_STOPPED_TITLE = 'The demo service stopped';
export const demoRestartedText = 'It stopped unexpectedly and Caseworks started it again. Queued orders are sent now.';
export const demoNotRestartedText = (attempts: number) =>
  `It stopped unexpectedly and could not be started again (${attempts} ${attempts === 1 ? 'try' : 'tries'}). Choose “Use the demo service” in Settings to try once more, or restart Caseworks. Queued orders are kept.`;

const SETTING_MODE = 'service.mode';
const SETTING_BASE_URL = 'service.baseUrl';
const SETTING_ACCOUNT = 'service.account';

type Mode = 'demo' | 'custom' | 'none';

function savedAccount(value: unknown): Connection['account'] {
  if (!value || typeof value !== 'object') return null;
  const { id, name } = value as Record<string, unknown>;
  return typeof id === 'string' && typeof name === 'string' ? { id, name } : null;
}

/**
 * The session: which service, which key, which account. With nothing configured it starts the
 * embedded demo service and signs in as its first buyer, so the first launch shows a working
 * marketplace. "Use my service" verifies the URL and key with `GET /account` before saving.
 */
export function createSessionManager(options: SessionManagerOptions) {
  const { vault, settings } = options;
  let connection: Connection | null = null;
  let demoKey: string | null = null;
  let presetKey: string | null = null;
  let embedded: EmbeddedServiceHandle | null = null;
  let embeddedStarting: Promise<EmbeddedServiceHandle> | null = null;
  let lastProblem: string | null = null;
  let closed = false;
  let restarting: Promise<void> | null = null;
  /** True until `start()` has decided the connection. */
  let starting = true;
  const restartPolicy = options.embeddedRestart ?? DEFAULT_EMBEDDED_RESTART;
  const notice = options.onNotice ?? (() => undefined);

  function change(next: Connection | null) {
    connection = next;
    options.onChange(next);
  }

  async function ensureEmbedded(): Promise<EmbeddedServiceHandle> {
    if (embedded) return embedded;
    embeddedStarting ??= options.startEmbedded().finally(() => {
      embeddedStarting = null;
    });
    embedded = await embeddedStarting;
    return embedded;
  }

  /** Stops the embedded service (also one still starting); "Use the demo service" starts a new one. */
  async function stopEmbedded(): Promise<void> {
    const running = embedded ?? (await embeddedStarting?.catch(() => null)) ?? null;
    embedded = null;
    await running?.stop();
  }

  /** Starts the demo service again and moves a demo session to its new address. */
  async function restartEmbedded(): Promise<void> {
    const service = await ensureEmbedded();
    if (connection?.mode !== 'demo') return;
    demoKey = service.apiKey;
    if (service.baseUrl !== connection.baseUrl) change({ ...connection, baseUrl: service.baseUrl });
  }

  /** Bounded restarts after the demo service stopped by itself, while a demo session needs it. */
  async function restartAfterStop(): Promise<void> {
    for (let attempt = 1; attempt <= restartPolicy.attempts; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, restartPolicy.delayMs(attempt)));
      if (closed || connection?.mode !== 'demo') return;
      try {
        await restartEmbedded();
        lastProblem = null;
        notice(DEMO_STOPPED_TITLE, demoRestartedText);
        return;
      } catch {
        // The next attempt, or the notice below.
      }
    }
    lastProblem = demoNotRestartedText(restartPolicy.attempts);
    notice(DEMO_STOPPED_TITLE, lastProblem);
  }

  async function signInToDemo(): Promise<Connection> {
    const service = await ensureEmbedded();
    const verified = await options.verify(service.baseUrl, service.apiKey);
    if (!verified.ok) throw new CoreFailure(serviceError({ code: verified.error.code, message: `The demo service did not start properly: ${verified.error.message}`, retryable: true }));
    demoKey = service.apiKey;
    settings.set(SETTING_MODE, 'demo');
    const next: Connection = { mode: 'demo', baseUrl: service.baseUrl, account: { id: verified.account.id, name: verified.account.name } };
    change(next);
    return next;
  }

  /**
   * The connection `start()` will most likely settle on, known before it has (the demo's address
   * and account only once its service runs): its offline copy can be shown while the service starts.
   */
  function expected(): Connection | null {
    if (options.presetService) return { mode: 'custom', baseUrl: options.presetService.baseUrl, account: null };
    const mode = settings.get(SETTING_MODE) as Mode | undefined;
    const baseUrl = settings.get(SETTING_BASE_URL);
    if (mode === 'custom') return typeof baseUrl === 'string' ? { mode: 'custom', baseUrl, account: savedAccount(settings.get(SETTING_ACCOUNT)) } : null;
    if (mode === 'none') return null;
    return { mode: 'demo', baseUrl: '', account: null };
  }

  /** The connection the screens are told of: while starting, the expected one. */
  const shown = () => connection ?? (starting ? expected() : null);

  function describeKeyStorage(): Pick<SessionInfo, 'keyStorage' | 'keyStorageDescription' | 'weakStorageAvailable'> {
    if (shown()?.mode === 'demo') {
      return {
        keyStorage: 'embedded-demo',
        keyStorageDescription: 'Signed in to the demo service that runs inside Caseworks; no key of yours is stored.',
        weakStorageAvailable: false,
      };
    }
    if (options.memoryOnlyKeys) {
      const hasKey = connection !== null && (presetKey !== null || vault.getKey() !== null);
      return {
        keyStorage: hasKey ? 'memory-only' : 'none',
        keyStorageDescription: hasKey
          ? 'Kept in memory only: the browser shell never stores the key, so it is gone when the shell stops.'
          : (lastProblem ?? 'No API key is set.'),
        weakStorageAvailable: false,
      };
    }
    const status = vault.describe();
    return { keyStorage: status.kind, keyStorageDescription: lastProblem ?? status.description, weakStorageAvailable: status.weakStorageAvailable };
  }

  return {
    /** Decides the connection at launch; failures leave the app signed out with the reason. */
    async start(): Promise<void> {
      try {
        if (options.presetService) {
          presetKey = options.presetService.apiKey;
          const verified = await options.verify(options.presetService.baseUrl, presetKey);
          change({
            mode: 'custom',
            baseUrl: options.presetService.baseUrl,
            account: verified.ok ? { id: verified.account.id, name: verified.account.name } : null,
          });
          if (!verified.ok) lastProblem = verified.error.message;
          return;
        }
        const mode = settings.get(SETTING_MODE) as Mode | undefined;
        const baseUrl = settings.get(SETTING_BASE_URL);
        if (mode === 'custom' && typeof baseUrl === 'string') {
          const loaded = vault.load();
          lastProblem = loaded.problem;
          if (loaded.apiKey) change({ mode: 'custom', baseUrl, account: savedAccount(settings.get(SETTING_ACCOUNT)) });
          return;
        }
        if (mode === 'none') return;
        await signInToDemo();
      } catch (error) {
        lastProblem = error instanceof Error ? error.message : 'Caseworks could not connect.';
      } finally {
        starting = false;
      }
    },

    current: () => connection,

    expected,

    /** The key of the current connection, for the service client only. */
    apiKey(): string | null {
      if (!connection) return null;
      if (connection.mode === 'demo') return demoKey;
      return presetKey ?? vault.getKey();
    },

    /** While starting, the expected connection (the catalog shows its offline copy meanwhile, not the connect screen). */
    info(online: boolean): SessionInfo {
      const rememberedUrl = settings.get(SETTING_BASE_URL);
      const current = shown();
      return {
        mode: current?.mode ?? 'none',
        baseUrl: current?.baseUrl || (typeof rememberedUrl === 'string' ? rememberedUrl : null),
        account: current?.account ?? null,
        ...describeKeyStorage(),
        online,
      };
    },

    useDemo: signInToDemo,

    async connect(input: { baseUrl: string; apiKey: string; allowWeakKeyStorage: boolean }): Promise<Connection> {
      const verified = await options.verify(input.baseUrl, input.apiKey);
      if (!verified.ok) {
        const { code, message, retryable } = verified.error;
        throw new CoreFailure(serviceError({ code, message, retryable }));
      }
      if (options.memoryOnlyKeys) presetKey = input.apiKey;
      else vault.save(input.apiKey, { allowWeakKeyStorage: input.allowWeakKeyStorage });
      lastProblem = null;
      const account = { id: verified.account.id, name: verified.account.name };
      settings.set(SETTING_MODE, 'custom');
      settings.set(SETTING_BASE_URL, input.baseUrl);
      settings.set(SETTING_ACCOUNT, account);
      const next: Connection = { mode: 'custom', baseUrl: input.baseUrl, account };
      change(next);
      // The demo is not needed while another service is in use; "Use the demo" starts it again.
      if (embedded && embedded.baseUrl !== input.baseUrl) await stopEmbedded().catch(() => undefined);
      return next;
    },

    /** Forgets the key and the connection; the caller removes the account's cached private data. */
    signOut(): Connection | null {
      const previous = connection;
      vault.clear();
      presetKey = null;
      demoKey = null;
      lastProblem = null;
      settings.set(SETTING_MODE, 'none');
      settings.delete(SETTING_ACCOUNT);
      change(null);
      return previous;
    },

    /** The running embedded service, if any. */
    embeddedService: () => embedded,

    /** Stops the embedded service, as when the network goes away (tests, the browser shell). */
    stopEmbedded,

    /** Starts the embedded service again on the same data; the demo session follows it to its new address. */
    restartEmbedded,

    /**
     * The demo service `stopped` exited without being asked to: it is forgotten (so "Use the demo
     * service" starts a new one) and, while the session uses it, started again a bounded number of times.
     */
    embeddedStopped(stopped: EmbeddedServiceHandle): Promise<void> {
      if (embedded !== stopped) return restarting ?? Promise.resolve();
      embedded = null;
      if (closed || connection?.mode !== 'demo') return Promise.resolve();
      restarting ??= restartAfterStop().finally(() => {
        restarting = null;
      });
      return restarting;
    },

    async close(): Promise<void> {
      closed = true;
      await stopEmbedded();
    },
  };
}

export type SessionManager = ReturnType<typeof createSessionManager>;
