/**
 * bench:ui's view of the offline worker from the core's side (the bench runs the core, and the
 * embedded demo service, in its own process): every request posted to a worker thread and when
 * its answer reached the main thread, by operation, with the requests still unanswered when it
 * was posted (the worker answers in turn, so a search waits for those); and the main thread's
 * event-loop delay. Tells where a search's round trip goes while the first sync writes.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { percentile } from './ui-probe';

interface Request {
  op: string;
  sentAt: number;
  /** The operations posted before it and not answered yet when it was posted. */
  behind: string[];
}

interface Answered extends Request {
  ms: number;
}

const isRequest = (message: unknown): message is { id: number; op: string } =>
  typeof message === 'object' && message !== null && typeof (message as { id?: unknown }).id === 'number' && typeof (message as { op?: unknown }).op === 'string';

const figures = (values: number[]) => `p50 ${percentile(values, 0.5).toFixed(1)} / p95 ${percentile(values, 0.95).toFixed(1)} ms (${values.length})`;

/** Watches every worker thread's requests from now on; `start` begins a record, `stop` ends it and returns it in words, a line each. */
export function watchOfflineRequests() {
  const unanswered = new Map<number, Request>();
  const answered: Answered[] = [];
  let recording = false;
  const delay = monitorEventLoopDelay({ resolution: 10 });
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (this: Worker, message: unknown, transfer?: Parameters<Worker['postMessage']>[1]) {
    if (recording && isRequest(message)) unanswered.set(message.id, { op: message.op, sentAt: performance.now(), behind: [...unanswered.values()].map((request) => request.op) });
    post.call(this, message, transfer);
  };
  const emit = Worker.prototype.emit;
  Worker.prototype.emit = function (this: Worker, event: string | symbol, ...args: unknown[]) {
    const message = args[0] as { id?: unknown } | undefined;
    const request = event === 'message' && typeof message?.id === 'number' ? unanswered.get(message.id) : undefined;
    if (request && typeof message?.id === 'number') {
      unanswered.delete(message.id);
      answered.push({ ...request, ms: performance.now() - request.sentAt });
    }
    return emit.call(this, event, ...args);
  } as Worker['emit'];
  return {
    start() {
      answered.length = 0;
      unanswered.clear();
      delay.reset();
      delay.enable();
      recording = true;
    },
    stop(): string[] {
      recording = false;
      delay.disable();
      const searches = answered.filter((request) => request.op === 'searchItemsJson');
      const behindFeed = searches.filter((request) => request.behind.some((op) => op === 'writeReadChanges' || op === 'readChangesBytes'));
      const alone = searches.filter((request) => request.behind.length === 0);
      const ms = (requests: Answered[]) => requests.map((request) => request.ms);
      const of = (op: string) => ms(answered.filter((request) => request.op === op));
      return [
        `searches posted to the offline worker, posted to answer seen: ${figures(ms(searches))}; posted behind a feed page's read or write ${figures(ms(behindFeed))}; with nothing unanswered ${figures(ms(alone))}`,
        `feed pages in the offline worker, posted to answer seen: read ${figures(of('readChangesBytes'))}; write ${figures(of('writeReadChanges'))}`,
        `the main thread's event-loop delay: p50 ${(delay.percentile(50) / 1e6).toFixed(1)} / p95 ${(delay.percentile(95) / 1e6).toFixed(1)} / max ${(delay.max / 1e6).toFixed(1)} ms`,
      ];
    },
  };
}
