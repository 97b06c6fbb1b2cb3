import type { MessagePort } from 'node:worker_threads';
import { createOfflineHost } from './offline-host';
import type { OfflineMessage, OfflineRequest } from './offline-protocol';
import type { SqliteLoader } from './sqlite-driver';
import { threadCheckpoints, type WalCheckpoints } from './wal-checkpoints';

/** Who checkpoints the databases' logs, told where to say that the checkpoint thread failed. */
export type CheckpointsFor = (onFailure: (message: string) => void) => WalCheckpoints;

/**
 * Answers the main process's requests on `port`, one at a time, in the order they came. The
 * databases' logs are checkpointed by a thread of their own (wal-checkpoints.ts), started at the
 * first checkpoint a log needs; a thread that cannot start or stops is told to the main process as
 * a `log` notice.
 */
export function serveOfflineWorker(
  port: Pick<MessagePort, 'on' | 'postMessage'>,
  { dataDir }: { dataDir: string },
  load?: SqliteLoader,
  checkpointsFor: CheckpointsFor = (onFailure) => threadCheckpoints({ onFailure }),
) {
  const post = (message: OfflineMessage) => port.postMessage(message);
  const checkpoints = checkpointsFor((message) => post({ notice: 'log', message }));
  const host = createOfflineHost({ dataDir, ...(load ? { load } : {}), notify: post, checkpoints });
  // Started ahead of the app's core (worker-entry.ts), the worker would otherwise idle until asked
  // and then load the native module inside the start's first request.
  host.warm();
  port.on('message', (request: OfflineRequest) => {
    try {
      const answer = request.scope === 'service' ? host.service(request.baseUrl, request.op, request.args) : host.folder(request.op, request.args);
      post({ id: request.id, ...answer });
    } catch (error) {
      // Not expected: its words go back, with no code to act on.
      post({ id: request.id, ok: false, message: error instanceof Error ? error.message : String(error), code: null });
    }
  });
}
