/** The real offline worker, which exits when asked to look up the code below: for the restart test. */
import { EventEmitter } from 'node:events';
import { parentPort, workerData } from 'node:worker_threads';
import { serveOfflineWorker } from '../../../electron/core/offline/offline-worker-serve';

export const CRASH_CODE = 'crash-the-worker';

if (parentPort) {
  const port = parentPort;
  // The worker is served through a relay, so the crash comes before any answer to that request.
  const relay = Object.assign(new EventEmitter(), { postMessage: (message: unknown) => port.postMessage(message) });
  serveOfflineWorker(relay as never, workerData as { dataDir: string });
  port.on('message', (request: { op?: string; args?: unknown[] }) => {
    if (request.op === 'lookupCode' && request.args?.[0] === CRASH_CODE) process.exit(3);
    relay.emit('message', request);
  });
}
