/**
 * Entry of the offline worker thread (built to dist-electron/main/offline-worker.js): the one owner
 * of the offline databases' connections. Every statement runs here, so the main process's event
 * loop never waits on SQLite.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { serveOfflineWorker } from './offline-worker-serve';

if (!parentPort) throw new Error('offline-worker must run as a worker thread');
serveOfflineWorker(parentPort, workerData as { dataDir: string });
