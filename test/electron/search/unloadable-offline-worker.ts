/** The offline worker with a database module that cannot be loaded, as a build for another ABI fails. */
import { parentPort, workerData } from 'node:worker_threads';
import { serveOfflineWorker } from '../../../electron/core/offline/offline-worker-serve';

if (parentPort) {
  serveOfflineWorker(parentPort, workerData as { dataDir: string }, () => {
    throw new Error("The module 'better_sqlite3.node' was compiled against a different Node.js version using NODE_MODULE_VERSION 115.\nThis version of Node.js requires NODE_MODULE_VERSION 140.");
  });
}
