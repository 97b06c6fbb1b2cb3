/**
 * The real offline worker whose checkpoint thread cannot start (its script throws): for the test
 * that the thread's failure reaches the app's log. A checkpoint is asked for after every write.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { serveOfflineWorker } from '../../../electron/core/offline/offline-worker-serve';
import { threadCheckpoints } from '../../../electron/core/offline/wal-checkpoints';

export const BROKEN_CHECKPOINTS_WORDS = 'no checkpoints here';

if (parentPort) {
  const { dataDir } = workerData as { dataDir: string };
  const broken = path.join(dataDir, 'broken-checkpoint-worker.mjs');
  writeFileSync(broken, `throw new Error('${BROKEN_CHECKPOINTS_WORDS}');\n`);
  serveOfflineWorker(parentPort, { dataDir }, undefined, (onFailure) => threadCheckpoints({ entry: broken, walPages: 1, writerFactor: 1_000, onFailure }));
}
