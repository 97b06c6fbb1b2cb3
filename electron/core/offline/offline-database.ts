/**
 * `createOfflineDatabase({ dataDir, workerEntry? })`: the main process's handle on the offline
 * worker, which owns every connection to the offline databases. Each call is a message; the
 * answer comes back when the worker has run it. A worker that dies is started again at the next
 * call (the databases are on disk, so nothing is lost but the call it was answering).
 * In Electron pass `workerEntry: <dist-electron/main/offline-worker.js>`; under tsx the default
 * runs the TypeScript source. `started`: a worker started ahead (worker-entry.ts), used first.
 */
import type { Worker } from 'node:worker_threads';
import type { FolderOp, FolderOps, OfflineFailureCode, OfflineMessage, OfflineProblemNotice, OfflineRequest, OfflineUpgradeNotice, ServiceOp, ServiceOps } from './offline-protocol';
import { sourceWorkerEntry, startWorker, type WorkerEntry } from './worker-entry';

export interface OfflineDatabaseOptions {
  dataDir: string;
  workerEntry?: WorkerEntry;
  /**
   * A worker already started for `dataDir` (startOfflineWorker): the first request goes to it
   * instead of starting one, unless it has stopped by then.
   */
  started?: Worker;
  /** A database was damaged and set aside; `message` is for the buyer. */
  onProblem?: (notice: OfflineProblemNotice) => void;
  /**
   * A database is being upgraded as it opens (the worker answers nothing meanwhile): how far, then
   * `finished`. A worker that stops during it is told as `finished` too.
   */
  onUpgrade?: (notice: OfflineUpgradeNotice) => void;
  /** Words for the app's log from the worker (its checkpoint thread failed, say): nobody acts on them. */
  onLog?: (message: string) => void;
}

/**
 * One call's answer as a value: what it gave, or why the offline copy could not (`code`, see
 * OfflineFailureCode; null when the worker itself failed) in plain words. Code that acts on a
 * failure asks for this (`answer`, `answerFolder`: the search, the offline choice, every store
 * call of the sync's steps); the few callers for which a failure is unexpected (`service`,
 * `folder`) let it reject as a plain `Error` with the same words.
 */
export type OfflineResult<T> = { ok: true; value: T } | { ok: false; message: string; code: OfflineFailureCode | null };
export type OfflineFailure = Extract<OfflineResult<unknown>, { ok: false }>;

/** The value of an answer whose failure no caller expects: it rejects as a plain Error, in the worker's words. */
export async function valueOrFault<T>(answer: Promise<OfflineResult<T>>): Promise<T> {
  const got = await answer;
  if (got.ok) return got.value;
  throw new Error(got.message);
}

interface Pending {
  resolve: (answer: OfflineResult<unknown>) => void;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type Result<T> = T extends (...args: never[]) => infer R ? R : never;

export type OfflineDatabase = ReturnType<typeof createOfflineDatabase>;

export function createOfflineDatabase({ dataDir, workerEntry = sourceWorkerEntry(), started: startedAhead, onProblem = () => {}, onUpgrade = () => {}, onLog = () => {} }: OfflineDatabaseOptions) {
  let worker: Worker | null = null;
  /** The worker started ahead, until the first request takes it (its threadId is -1 once it has stopped). */
  let ahead: Worker | null = startedAhead ?? null;
  let nextId = 1;
  const pending = new Map<number, Pending>();
  let closed = false;
  /** The upgrades under way, by service, as last told. */
  const upgrading = new Map<string, OfflineUpgradeNotice>();

  function ensureWorker(): Worker {
    if (worker) return worker;
    const adopted = ahead !== null && ahead.threadId !== -1 ? ahead : null;
    ahead = null;
    const started = adopted ?? startWorker(workerEntry, { dataDir });
    started.unref();
    started.on('message', (message: OfflineMessage) => {
      if ('notice' in message) {
        if (message.notice === 'problem') return onProblem(message);
        if (message.notice === 'log') return onLog(message.message);
        if (message.finished) upgrading.delete(message.baseUrl);
        else upgrading.set(message.baseUrl, message);
        return onUpgrade(message);
      }
      const waiting = pending.get(message.id);
      if (!waiting) return;
      pending.delete(message.id);
      waiting.resolve(message.ok ? { ok: true, value: message.value } : { ok: false, message: message.message, code: message.code });
    });
    const fail = (message: string) => {
      if (worker !== started) return;
      worker = null;
      for (const waiting of pending.values()) waiting.resolve({ ok: false, message, code: null });
      pending.clear();
      for (const notice of upgrading.values()) onUpgrade({ ...notice, finished: true, problem: null });
      upgrading.clear();
    };
    started.on('error', (error) => fail(`The offline worker failed: ${error.message}`));
    started.on('exit', (code) => fail(`The offline worker stopped (exit code ${code}).`));
    worker = started;
    return started;
  }

  /** Posts one request; the buffers in `transfer` move to the worker (see `answerMoving`). */
  function send(request: DistributiveOmit<OfflineRequest, 'id'>, transfer: readonly ArrayBuffer[] = []): Promise<OfflineResult<unknown>> {
    if (closed) return Promise.resolve({ ok: false, message: 'The offline copy is closed.', code: null });
    const target = ensureWorker();
    const id = nextId++;
    return new Promise<OfflineResult<unknown>>((resolve) => {
      pending.set(id, { resolve });
      // Referenced only while it owes an answer, so an idle worker never keeps the process alive.
      target.ref();
      target.postMessage({ ...request, id } as OfflineRequest, transfer as ArrayBuffer[]);
    }).finally(() => {
      if (pending.size === 0) worker?.unref();
    });
  }

  return {
    dataDir,
    /** One operation on one service's database (see ServiceOps), its failure a value. */
    answer<K extends ServiceOp>(baseUrl: string, op: K, ...args: Parameters<ServiceOps[K]>): Promise<OfflineResult<Result<ServiceOps[K]>>> {
      return send({ scope: 'service', baseUrl, op, args }) as Promise<OfflineResult<Result<ServiceOps[K]>>>;
    },
    /**
     * The same as `answer`, the buffers in `transfer` (which the arguments view) moved to the worker
     * rather than copied: the caller's views of them are empty once it is called. For the change
     * feed's pages, about a megabyte each.
     */
    answerMoving<K extends ServiceOp>(baseUrl: string, op: K, transfer: readonly ArrayBuffer[], ...args: Parameters<ServiceOps[K]>): Promise<OfflineResult<Result<ServiceOps[K]>>> {
      return send({ scope: 'service', baseUrl, op, args }, transfer) as Promise<OfflineResult<Result<ServiceOps[K]>>>;
    },
    /** One operation on the folder of databases (see FolderOps), its failure a value. */
    answerFolder<K extends FolderOp>(op: K, ...args: Parameters<FolderOps[K]>): Promise<OfflineResult<Result<FolderOps[K]>>> {
      return send({ scope: 'folder', op, args }) as Promise<OfflineResult<Result<FolderOps[K]>>>;
    },
    /** The same as `answer`, for a caller to which a failure is unexpected: it rejects (valueOrFault). */
    service<K extends ServiceOp>(baseUrl: string, op: K, ...args: Parameters<ServiceOps[K]>): Promise<Result<ServiceOps[K]>> {
      return valueOrFault(send({ scope: 'service', baseUrl, op, args }) as Promise<OfflineResult<Result<ServiceOps[K]>>>);
    },
    folder<K extends FolderOp>(op: K, ...args: Parameters<FolderOps[K]>): Promise<Result<FolderOps[K]>> {
      return valueOrFault(send({ scope: 'folder', op, args }) as Promise<OfflineResult<Result<FolderOps[K]>>>);
    },
    async close(): Promise<void> {
      closed = true;
      const stopping = worker ?? ahead;
      worker = null;
      ahead = null;
      for (const waiting of pending.values()) waiting.resolve({ ok: false, message: 'The offline copy is closed.', code: null });
      pending.clear();
      if (stopping) await stopping.terminate();
    },
  };
}
