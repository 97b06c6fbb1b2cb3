import { spawnSync } from 'node:child_process';
import type { SessionInfo } from '../../shared/bridge/session';
import { parseWebArgs, WEB_USAGE } from './cli-args';
import { startOfflineWorker } from '../core/offline/worker-entry';
import { currentOfflineWorkerBuild, currentWebShellBuild } from './main-build';
import { REPO_ROOT, newestModifications, rendererBuildIsCurrent } from './renderer-build';
import { sessionLine } from './session-words';

/** Where the running shell's code came from: the bundle `vite build` made, or the TypeScript source through tsx. */
export type WebShellCode = 'build' | 'source';

/**
 * `npm run web`: builds the renderer (unless it is up to date), then starts the browser shell and
 * says where to open it. Settings come from the environment (see --help). Run from the build
 * (dist-electron/main/web-shell.js, scripts/web.mjs), it first checks that the build is newer than
 * its sources, and answers 'stale' having done nothing else when it is not: the caller then runs
 * the source. The process then lives until Ctrl+C or a stop signal.
 */
export async function runWebShell(args: readonly string[], env: NodeJS.ProcessEnv, code: WebShellCode): Promise<'started' | 'stale'> {
  // Each source folder is walked once for all of this start's freshness checks.
  const newest = newestModifications(REPO_ROOT);
  let offlineWorkerEntry: string | null = null;
  if (code === 'build') {
    const built = currentWebShellBuild(REPO_ROOT, newest);
    if (!built) return 'stale';
    offlineWorkerEntry = built.offlineWorker;
  }
  const command = parseWebArgs(args, env);
  if (command.kind === 'help') {
    process.stdout.write(WEB_USAGE);
    process.exit(0);
  }
  if (command.kind === 'error') {
    process.stderr.write(`error: ${command.message} (see npm run web -- --help)\n`);
    process.exit(2);
  }
  const { options } = command;

  // A renderer newer than all of its sources is used as it is: building it again takes seconds.
  if (rendererBuildIsCurrent(REPO_ROOT, newest)) {
    console.log('The app is built and up to date.');
  } else {
    const build = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) {
      console.error('Caseworks could not be built (npx vite build failed).');
      process.exit(1);
    }
  }

  // From source, the worker `vite build` made when it is current: it starts without being compiled first.
  // (A build writes only the built files, which are read again; the sources' times still hold.)
  if (code === 'source') offlineWorkerEntry = currentOfflineWorkerBuild(REPO_ROOT, newest);

  // The offline worker starts now, before the shell's modules load: its thread boots on another
  // core meanwhile, and is ready when the page asks for the catalog's first page instead of
  // starting only once the core exists (worker-entry.ts; it reads nothing before it is asked).
  const offlineWorker = startOfflineWorker(options.dataDir, offlineWorkerEntry ?? undefined);

  // Loaded only when starting, so --help and mistakes answer at once.
  const { DataFolderInUse, startBrowserShell } = await import('./browser-shell');
  let shell;
  try {
    shell = await startBrowserShell({
      port: options.port,
      dataDir: options.dataDir,
      service: options.service,
      embeddedService: { shipDelayMs: options.shipDelayMs, deliverDelayMs: options.deliverDelayMs },
      core: { ...(offlineWorkerEntry ? { offlineWorkerEntry } : {}), offlineWorker },
      // The page is served at once: it shows the offline copy while the service starts.
      waitFor: 'listening',
    });
  } catch (error) {
    if (error instanceof DataFolderInUse) {
      console.error(`Caseworks is already running on this data folder: ${error.message}`);
      console.error('Use that one, stop it first (Ctrl+C in its terminal), or set CASEWORKS_DATA_DIR to another folder.');
      // Imported here: its module loads zod, which the offline worker's start above need not wait for.
      const { DATA_FOLDER_IN_USE_EXIT_CODE } = await import('../../shared/embedded-service');
      process.exit(DATA_FOLDER_IN_USE_EXIT_CODE);
    }
    console.error(`Caseworks could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }

  const running = shell;

  // Ctrl+C or a stop signal: the demo service stops, queued orders stay on disk, the data folder is free again.
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    const forced = setTimeout(() => process.exit(1), 30_000);
    forced.unref();
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`Caseworks did not stop cleanly: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  // `on`, not `once`: write-file-atomic's signal-exit re-raises a signal when no other listener is left,
  // which would kill the process in the middle of stopping.
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  // Said only now that a stop signal is handled: whoever reads the address may stop the shell at once.
  console.log(
    options.service
      ? `Caseworks is running with ${options.service.baseUrl} (data folder ${options.dataDir}). Open ${shell.url}`
      : `Caseworks is running with its demo service (data folder ${options.dataDir}; the first start creates the demo database, which can take a minute). Open ${shell.url}`,
  );
  console.log('Keys are kept in memory only in the browser shell. Press Ctrl+C to stop.');

  // What the session is, in the terminal: once decided, and again whenever it changes (the service
  // answers again, a key is refused, the demo is up), each line once.
  let lastLine = '';
  async function reportSession(): Promise<void> {
    const result = await running.core.dispatcher.dispatch('getSession', {});
    const line = sessionLine(result.ok ? (result.data as SessionInfo) : null);
    if (line.text === lastLine) return;
    lastLine = line.text;
    (line.problem ? console.error : console.log)(line.text);
  }
  running.core.ready.then(
    async () => {
      await reportSession();
      running.core.events.subscribe((event) => {
        if (event.type === 'session-changed' || event.type === 'session-problem' || event.type === 'connectivity') void reportSession();
      });
    },
    (error: unknown) => console.error(`Caseworks could not connect: ${error instanceof Error ? error.message : String(error)}`),
  );
  return 'started';
}
