import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOfflineDatabase } from '../../../electron/core/offline/offline-database';
import { startOfflineWorker } from '../../../electron/core/offline/worker-entry';
import { BROKEN_CHECKPOINTS_WORDS } from './broken-checkpoints-offline-worker';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
function dataFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'caseworks-offline-database-'));
  folders.push(folder);
  return folder;
}

describe('the offline worker started ahead (the browser shell starts it before loading the rest of the app)', () => {
  it('answers the first request, and is the one stopped when the handle closes', async () => {
    const dataDir = dataFolder();
    const ahead = startOfflineWorker(dataDir);
    const answers: unknown[] = [];
    ahead.on('message', (message) => answers.push(message));
    const stopped = new Promise((resolve) => ahead.once('exit', resolve));
    const database = createOfflineDatabase({ dataDir, started: ahead });

    await expect(database.folder('sizeOnDisk')).resolves.toBe(0);
    await expect(database.folder('sizeOnDisk')).resolves.toBe(0);
    expect(answers).toHaveLength(2);

    await database.close();
    await stopped;
  });

  it('is stopped by a handle closed before it asked anything', async () => {
    const dataDir = dataFolder();
    const ahead = startOfflineWorker(dataDir);
    const stopped = new Promise((resolve) => ahead.once('exit', resolve));
    await createOfflineDatabase({ dataDir, started: ahead }).close();
    await stopped;
  });

  it('is replaced by a fresh worker when it stopped before the first request', async () => {
    const dataDir = dataFolder();
    const ahead = startOfflineWorker(dataDir);
    await ahead.terminate();
    const database = createOfflineDatabase({ dataDir, started: ahead });
    try {
      await expect(database.folder('sizeOnDisk')).resolves.toBe(0);
    } finally {
      await database.close();
    }
  });
});

describe('words the worker has for the app’s log', () => {
  it('tells a checkpoint thread that could not start, once, and the copy still writes', async () => {
    const logged: string[] = [];
    const database = createOfflineDatabase({
      dataDir: dataFolder(),
      workerEntry: path.join(import.meta.dirname, 'broken-checkpoints-offline-worker.ts'),
      onLog: (message) => logged.push(message),
    });
    const baseUrl = 'http://127.0.0.1:9/api/v1';
    try {
      await database.service(baseUrl, 'applyChanges', [], 'cursor-1', '2026-11-28T12:00:00.000Z');
      await vi.waitFor(() => expect(logged).toEqual([expect.stringContaining(BROKEN_CHECKPOINTS_WORDS)]), { timeout: 10_000 });
      await database.service(baseUrl, 'applyChanges', [], 'cursor-2', '2026-11-28T12:00:01.000Z');
      expect(await database.service(baseUrl, 'datasetInfo', '', 'catalog')).toEqual(expect.objectContaining({ cursor: 'cursor-2' }));
      expect(logged).toHaveLength(1);
    } finally {
      await database.close();
    }
  });
});
