import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { CliUsageError, parseCliArgs } from '../../server/cli-args';
import { startService, type RunningService } from '../../server/main';
import { tuneHeapGrowth } from '../../server/heap-growth';
import { readEmbeddedServiceArgs } from '../core/connection/embedded-service-args';
import { DATA_FOLDER_IN_USE, DATA_FOLDER_IN_USE_EXIT_CODE, SERVICE_STOP_DEADLINE_MS, type EmbeddedServiceMessage } from '../../shared/embedded-service';

/**
 * The embedded demo service, as it runs inside Electron's utilityProcess (built to
 * dist-electron/main/embedded-service.js). It reads the service CLI's arguments (from argv, or
 * from the environment the launcher sets), starts the service, says `{ type: 'ready', baseUrl }`
 * to its parent, and stops cleanly on a `{ type: 'stop' }` message or SIGTERM.
 */
interface ParentPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
}

const parentPort = (process as NodeJS.Process & { parentPort?: ParentPort }).parentPort;

function tell(message: EmbeddedServiceMessage): void {
  if (parentPort) parentPort.postMessage(message);
  else process.send?.(message);
}

const isStopMessage = (message: unknown) => (message as { type?: unknown } | null)?.type === 'stop';

async function run(): Promise<void> {
  let command;
  try {
    command = parseCliArgs(readEmbeddedServiceArgs(process.argv.slice(2), process.env), process.env);
  } catch (error) {
    tell({ type: 'error', message: error instanceof CliUsageError ? error.message : 'invalid arguments' });
    process.exit(2);
  }
  if (command.kind !== 'run') process.exit(0);
  const dataDir = path.resolve(command.options.dataDir);
  mkdirSync(dataDir, { recursive: true });

  let service: RunningService | null = null;
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    const forced = setTimeout(() => process.exit(1), SERVICE_STOP_DEADLINE_MS);
    forced.unref();
    // Still starting: run() closes the service as soon as it is up.
    service?.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  parentPort?.on('message', (event) => {
    if (isStopMessage(event.data)) stop();
  });
  process.on('message', (message) => {
    if (isStopMessage(message)) stop();
  });
  if (process.send) process.once('disconnect', stop);

  service = await startService({ ...command.options, dataDir, logger: { level: 'warn', stream: process.stderr } });
  if (stopping) {
    await service.close();
    process.exit(0);
  }
  tuneHeapGrowth();
  tell({ type: 'ready', baseUrl: service.baseUrl });
}

run().catch((error: unknown) => {
  // The service says by a code when another live process holds its data folder; that is passed on as it is.
  const inUse = (error as { code?: unknown } | null)?.code === DATA_FOLDER_IN_USE;
  tell({ type: 'error', message: error instanceof Error ? error.message : String(error), ...(inUse ? { code: DATA_FOLDER_IN_USE } : {}) });
  process.exit(inUse ? DATA_FOLDER_IN_USE_EXIT_CODE : 1);
});
