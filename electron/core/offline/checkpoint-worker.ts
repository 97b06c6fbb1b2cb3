/**
 * Entry of the checkpoint thread (built to dist-electron/main/checkpoint-worker.js, beside the
 * offline worker's bundle, which starts it: wal-checkpoints.ts). It copies the offline databases'
 * write-ahead logs into their files, so the offline worker's writes and searches never wait for it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { checkpointFile } from './checkpoint-run';
import type { CheckpointAnswer, CheckpointRequest, CheckpointWorkerData } from './wal-checkpoints';
import { loadBetterSqlite3 } from './sqlite-driver';

const port = parentPort;
if (!port) throw new Error('checkpoint-worker must run as a worker thread');
const { lock } = workerData as CheckpointWorkerData;
const Driver = loadBetterSqlite3();
port.on('message', ({ file }: CheckpointRequest) => {
  let answer: CheckpointAnswer;
  try {
    answer = { file, outcome: checkpointFile(Driver, file, lock) };
  } catch (error) {
    answer = { file, failed: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(answer);
});
