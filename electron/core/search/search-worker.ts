/**
 * Entry of the search worker thread (built to dist-electron/main/search-worker.js). Index building
 * and every query run here, so the main process's event loop never waits on them.
 */
import { parentPort } from 'node:worker_threads';
import { createSearchHost } from './search-host';
import type { RequestEnvelope, ResponseEnvelope } from './search-protocol';

const port = parentPort;
if (!port) throw new Error('search-worker must run as a worker thread');

const host = createSearchHost();

port.on('message', async ({ id, request }: RequestEnvelope) => {
  let response: ResponseEnvelope;
  try {
    response = { id, ok: true, value: await host.handle(request as never) };
  } catch (error) {
    response = { id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(response);
});
