/** The real search worker, which exits when asked to look up the code below: for the restart test. */
import { parentPort } from 'node:worker_threads';

export const CRASH_CODE = 'crash-the-worker';

if (parentPort) {
  // The real worker first: messages that arrive before it listens would be lost.
  await import('../../../electron/core/search/search-worker');
  parentPort.on('message', ({ request }: { request: { type: string; code?: string } }) => {
    if (request.type === 'lookup' && request.code === CRASH_CODE) process.exit(3);
  });
}
