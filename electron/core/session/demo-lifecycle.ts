import { failWith, succeed, type Outcome } from '../failure';
import type { AccountBook } from './account-book';
import type { ConnectionState } from './connection-state';
import { DEMO_STOPPED_TITLE, demoNotRestartedText, demoRestartedText, type EmbeddedRestartPolicy } from './demo-restart';
import type { DemoService } from './demo-service';
import { demoProblem } from './first-contact';
import type { DemoStart, EmbeddedServiceHandle, VerifyOutcome } from './session-types';

export interface DemoLifecycleOptions {
  demo: DemoService;
  state: ConnectionState;
  book: AccountBook;
  verify(baseUrl: string, apiKey: string): Promise<VerifyOutcome>;
  restartPolicy: EmbeddedRestartPolicy;
  /** Plain words for the buyer when the demo service stopped by itself, was restarted, or could not be. */
  notice(title: string, body: string): void;
}

/**
 * The demo service's lifecycle as the session needs it: started when a demo account needs it (in
 * the background when its key is known already), started again a bounded number of times after it
 * stopped by itself, stopped when no account uses it. Why it could not start is the session's
 * problem (by the failure's code): another process holding its folder ends the tries.
 */
export function createDemoLifecycle({ demo, state, book, verify, restartPolicy, notice }: DemoLifecycleOptions) {
  /** Starting the demo for a demo session signed in without it. */
  let backgroundStart: Promise<void> | null = null;
  /** Starting it again after it stopped by itself. */
  let restarting: Promise<void> | null = null;

  const demoSession = () => !state.closed() && state.current()?.mode === 'demo';
  const wait = (attempt: number) => new Promise((resolve) => setTimeout(resolve, restartPolicy.delayMs(attempt)));

  /**
   * The running demo service, started if need be. Why it could not start is the session's problem
   * (by the failure's code: another process holding its folder, or anything else) and the answer.
   */
  async function ensure(): Promise<Outcome<EmbeddedServiceHandle>> {
    const wasRunning = demo.running() !== null;
    // What the platform throws while forking (no one expects it) is said as the demo being unavailable too.
    const started = await demo.ensure().catch((error: unknown): DemoStart => ({
      ok: false,
      failure: { code: 'failed', message: error instanceof Error ? error.message : 'The demo service could not start.' },
    }));
    if (!started.ok) {
      const problem = demoProblem(started.failure.code, started.failure.message);
      state.setProblem(problem);
      // Another process holding its folder stays so until it stops: trying again at once will not help.
      return failWith('service_error', problem.message, problem.code !== 'data_folder_in_use');
    }
    const code = state.problem()?.code;
    if (!wasRunning && (code === 'demo_unavailable' || code === 'data_folder_in_use')) state.setProblem(null);
    return succeed(started.service);
  }

  /** Starts the demo service again and moves a demo session to its new address. */
  async function restart(): Promise<Outcome<void>> {
    const started = await ensure();
    if (!started.ok) return started;
    const connection = state.current();
    if (connection?.mode === 'demo' && started.data.baseUrl !== connection.baseUrl) state.change({ ...connection, baseUrl: started.data.baseUrl });
    return succeed(undefined);
  }

  /** Starts the demo, trying again as after a stop (bounded); another process holding its folder ends the tries. */
  async function keepStarting(): Promise<void> {
    for (let attempt = 0; attempt <= restartPolicy.attempts; attempt += 1) {
      if (attempt > 0) await wait(attempt);
      if (!demoSession()) return;
      if ((await restart()).ok || state.problem()?.code === 'data_folder_in_use') return;
    }
  }

  /** Bounded restarts after the demo service stopped by itself, while a demo session needs it. */
  async function restartAfterStop(): Promise<void> {
    for (let attempt = 1; attempt <= restartPolicy.attempts; attempt += 1) {
      await wait(attempt);
      if (!demoSession()) return;
      if ((await restart()).ok) {
        state.setLastProblem(null);
        notice(DEMO_STOPPED_TITLE, demoRestartedText);
        return;
      }
      // Another process holds its folder: trying again will not help until it stops.
      if (state.problem()?.code === 'data_folder_in_use') break;
    }
    state.setLastProblem(demoNotRestartedText(restartPolicy.attempts));
    notice(DEMO_STOPPED_TITLE, demoNotRestartedText(restartPolicy.attempts));
  }

  return {
    ensure,
    restart,
    /** Stops the embedded service (also one still starting); "Use the demo service" starts a new one. */
    stop: () => demo.stop(),

    /**
     * A demo session signed in without its service: the service starts in the background and the
     * session follows it. Only while it has not run yet this session: one that stopped by itself is
     * started again by `stopped`, one stopped on purpose (an outage) stays stopped.
     */
    startInBackground(): void {
      if (demo.running() || state.closed() || demo.hasRun()) return;
      backgroundStart ??= keepStarting().finally(() => {
        backgroundStart = null;
      });
    },

    /** The demo is not needed while no account uses it; "Use the demo" starts it again. */
    async stopIfUnused(): Promise<void> {
      const running = demo.running();
      if (running && !book.list().some((account) => account.mode === 'demo' || account.baseUrl === running.baseUrl)) {
        await demo.stop().catch(() => undefined);
      }
    },

    /**
     * The demo service `stopped` exited without being asked to: it is forgotten (so "Use the demo
     * service" starts a new one) and, while the session uses it, started again a bounded number of times.
     */
    stopped(stopped: EmbeddedServiceHandle): Promise<void> {
      if (!demo.forget(stopped)) return restarting ?? Promise.resolve();
      if (!demoSession()) return Promise.resolve();
      restarting ??= restartAfterStop().finally(() => {
        restarting = null;
      });
      return restarting;
    },

    /** The demo marketplace's buyers (the running demo's, else its last start's), to add one from a list. */
    async buyers(): Promise<{ accountId: string; name: string; added: boolean }[]> {
      if (!demo.running()) await demo.readKnown();
      const running = demo.running();
      // By the name the account will have once added (the service's), asked once each while the
      // demo runs; the demo's file has a shorter trading name, used while it does not.
      if (running) {
        await Promise.all(
          demo
            .buyers()
            .filter((buyer) => demo.nameOf(buyer.accountId) === undefined)
            .map(async (buyer) => {
              const outcome = await verify(running.baseUrl, buyer.apiKey).catch(() => null);
              if (outcome?.ok) demo.learnName(buyer.accountId, outcome.account.name);
            }),
        );
      }
      return demo.buyers().map((buyer) => {
        const added = book.list().find((account) => account.mode === 'demo' && account.accountId === buyer.accountId);
        return { accountId: buyer.accountId, name: added?.name ?? demo.nameOf(buyer.accountId) ?? buyer.name ?? buyer.accountId, added: added !== undefined };
      });
    },
  };
}

export type DemoLifecycle = ReturnType<typeof createDemoLifecycle>;
