/**
 * `createOfflineDatabase({ dataDir, workerEntry? })`: the main process's handle on the offline
 * worker, which owns every connection to the offline databases. Each call is a message; the
 * answer comes back when the worker has run it. A worker that dies is started again at the next
 * call (the databases are on disk, so nothing is lost but the call it was answering).
 * In Electron pass `workerEntry: <dist-electron/main/offline-worker.js>`; under tsx the default
 * runs the TypeScript source.
 */
import type { Worker } from 'node:worker_threads';
import type { FolderOp, FolderOps, OfflineFailureCode, OfflineMessage, OfflineNotice, OfflineRequest, ServiceOp, ServiceOps } from './offline-protocol';
import { sourceWorkerEntry, startWorker, type WorkerEntry } from './worker-entry';

export interface OfflineDatabaseOptions {
  dataDir: string;
  workerEntry?: WorkerEntry;
  /** A database was damaged and set aside; `message` is for the buyer. */
  onProblem?: (notice: OfflineNotice) => void;
}

/** A failed call: `code` says what kind (see OfflineFailureCode), the message is for people. */
export class OfflineCallError extends Error {
  constructor(
    message: string,
    readonly code: OfflineFailureCode | null,
  ) {
    super(message);
  }
}

export const offlineFailureCode = (error: unknown): OfflineFailureCode | null => (error instanceof OfflineCallError ? error.code : null);

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type Result<T> = T extends (...args: never[]) => infer R ? R : never;

export type OfflineDatabase = ReturnType<typeof createOfflineDatabase>;

export function createOfflineDatabase({ dataDir, workerEntry = sourceWorkerEntry(), onProblem = () => {} }: OfflineDatabaseOptions) {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();
  let closed = false;

  function ensureWorker(): Worker {
    if (worker) return worker;
    const started = startWorker(workerEntry, { dataDir });
    started.unref();
    started.on('message', (message: OfflineMessage) => {
      if ('notice' in message) {
        onProblem(message);
        return;
      }
      const waiting = pending.get(message.id);
      if (!waiting) return;
      pending.delete(message.id);
      if (message.ok) waiting.resolve(message.value);
      else waiting.reject(new OfflineCallError(message.message, message.code));
    });
    const fail = (message: string) => {
      if (worker !== started) return;
      worker = null;
      for (const waiting of pending.values()) waiting.reject(new OfflineCallError(message, null));
      pending.clear();
    };
    started.on('error', (error) => fail(`The offline worker failed: ${error.message}`));
    started.on('exit', (code) => fail(`The offline worker stopped (exit code ${code}).`));
    worker = started;
    return started;
  }

  function send(request: DistributiveOmit<OfflineRequest, 'id'>): Promise<unknown> {
    if (closed) return Promise.reject(new OfflineCallError('The offline copy is closed.', null));
    const target = ensureWorker();
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      // Referenced only while it owes an answer, so an idle worker never keeps the process alive.
      target.ref();
      target.postMessage({ ...request, id } as OfflineRequest);
    }).finally(() => {
      if (pending.size === 0) worker?.unref();
    });
  }

  return {
    dataDir,
    /** One operation on one service's database (see ServiceOps). */
    service<K extends ServiceOp>(baseUrl: string, op: K, ...args: Parameters<ServiceOps[K]>): Promise<Result<ServiceOps[K]>> {
      return send({ scope: 'service', baseUrl, op, args }) as Promise<Result<ServiceOps[K]>>;
    },
    folder<K extends FolderOp>(op: K, ...args: Parameters<FolderOps[K]>): Promise<Result<FolderOps[K]>> {
      return send({ scope: 'folder', op, args }) as Promise<Result<FolderOps[K]>>;
    },
    async close(): Promise<void> {
      closed = true;
      const stopping = worker;
      worker = null;
      for (const waiting of pending.values()) waiting.reject(new OfflineCallError('The offline copy is closed.', null));
      pending.clear();
      if (stopping) await stopping.terminate();
    },
  };
}
