import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CliUsageError, USAGE, parseCliArgs } from './cli-args';
import { faultLine } from './logging/fault';
import { seedingProgress } from './seeding-progress';
import { tuneHeapGrowth } from './heap-growth';
import { DATA_FOLDER_IN_USE, DATA_FOLDER_IN_USE_EXIT_CODE, isDataFolderInUse } from './data-folder-lock';
import { SERVICE_STOP_DEADLINE_MS, type EmbeddedServiceMessage } from '../shared/embedded-service';

/**
 * `npm run server -- …`: see USAGE. Exit codes: 0 after a clean stop, 1 on a failure, 2 on bad
 * arguments, 75 when another live service holds the data folder (DATA_FOLDER_IN_USE_EXIT_CODE, shared
 * with the app, which also hears it as an `error` message with that code when it forked the service).
 */
async function main(): Promise<void> {
  let command;
  try {
    command = parseCliArgs(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof CliUsageError)) throw error;
    process.stderr.write(`error: ${error.message} (see --help)\n`);
    process.exit(2);
  }
  if (command.kind === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  // Loaded only when serving, so --help and argument errors answer at once.
  const { CREDENTIALS_FILE, startService } = await import('./main');
  const dataDir = resolve(command.options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const progress = seedingProgress();
  const starting = startService({
    ...command.options,
    dataDir,
    logger: { level: 'warn', stream: process.stderr },
    onStartNotice: (message) => process.stderr.write(`notice: ${message}\n`),
    onSeedProgress: (written, total) => {
      const line = progress(written, total);
      if (line !== null) process.stderr.write(`${line}\n`);
    },
  });

  // Signals are honoured from the start: one that arrives while seeding waits for the seed to
  // commit, then closes, so the data folder is never left half written.
  let stopping = false;
  const stop = (reason: string) => {
    if (stopping) return;
    stopping = true;
    const forced = setTimeout(() => {
      process.stderr.write(`error: could not stop cleanly within ${SERVICE_STOP_DEADLINE_MS / 1000} s after ${reason}\n`);
      process.exit(1);
    }, SERVICE_STOP_DEADLINE_MS);
    forced.unref();
    starting
      .then((service) => service.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          process.stderr.write(`error: stopping failed: ${faultLine(error)}\n`);
          process.exit(1);
        },
      );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  // A forked service whose parent went away stops too, instead of lingering on its port.
  if (process.send) process.once('disconnect', () => stop('the parent process disconnected'));

  const service = await starting;
  if (stopping) return;
  // Once started, not while seeding (see tuneHeapGrowth).
  tuneHeapGrowth();
  process.stdout.write(`${service.listenUrl}\n`);
  if (service.baseUrl !== service.listenUrl) process.stdout.write(`public URL: ${service.baseUrl}\n`);
  if (service.demoCredentials) process.stdout.write(`demo credentials: ${join(dataDir, CREDENTIALS_FILE)}\n`);
  process.send?.({ type: 'ready', baseUrl: service.baseUrl });
}

main().catch((error: unknown) => {
  if (isDataFolderInUse(error)) {
    process.stderr.write(`error: ${error.message}\n`);
    const refusal: EmbeddedServiceMessage = { type: 'error', code: DATA_FOLDER_IN_USE, message: error.message };
    if (process.send) process.send(refusal, () => process.exit(DATA_FOLDER_IN_USE_EXIT_CODE));
    else process.exit(DATA_FOLDER_IN_USE_EXIT_CODE);
    return;
  }
  process.stderr.write(`error: ${faultLine(error)}\n`);
  process.exit(1);
});
