import { spawnSync } from 'node:child_process';
import type { SessionInfo } from '../../shared/bridge/session';
import { parseWebArgs, WEB_USAGE } from './cli-args';
import { rendererBuildIsCurrent } from './renderer-build';

/** `npm run web`: builds the renderer (unless it is up to date), then the browser shell. Settings come from the environment (see --help). */
const command = parseWebArgs(process.argv.slice(2), process.env);
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
if (rendererBuildIsCurrent()) {
  console.log('The app is built and up to date.');
} else {
  const build = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('Caseworks could not be built (npx vite build failed).');
    process.exit(1);
  }
}

console.log(
  options.service
    ? `Starting Caseworks on ${options.service.baseUrl}…`
    : 'Starting Caseworks with its demo service (the first start creates the demo database, which can take a minute)…',
);
// Loaded only when starting, so --help and mistakes answer at once.
const { startBrowserShell } = await import('./browser-shell');
let shell;
try {
  shell = await startBrowserShell({
    port: options.port,
    dataDir: options.dataDir,
    service: options.service,
    embeddedService: { shipDelayMs: options.shipDelayMs, deliverDelayMs: options.deliverDelayMs },
    // The page is served at once: it shows the offline copy while the service starts.
    waitFor: 'listening',
  });
} catch (error) {
  console.error(`Caseworks could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

console.log(`Caseworks is running. Open ${shell.url}`);
console.log('Keys are kept in memory only in the browser shell. Press Ctrl+C to stop.');
const running = shell;
running.core.ready.then(
  async () => {
    const result = await running.core.dispatcher.dispatch('getSession', {});
    const session = result.ok ? (result.data as SessionInfo) : null;
    if (!session || session.mode === 'none') console.log('Not connected to a service: choose one in Settings.');
    else console.log(`Connected to ${session.mode === 'demo' ? 'the demo service' : session.baseUrl}.`);
  },
  (error: unknown) => console.error(`Caseworks could not connect: ${error instanceof Error ? error.message : String(error)}`),
);
