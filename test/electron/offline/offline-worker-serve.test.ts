import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveOfflineWorker } from '../../../electron/core/offline/offline-worker-serve';
import type { OfflineMessage, OfflineRequest } from '../../../electron/core/offline/offline-protocol';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A port as the worker's parentPort: the test posts requests into it and reads what the worker posts back. */
function fakePort() {
  let onMessage: ((request: OfflineRequest) => void) | null = null;
  const posted: OfflineMessage[] = [];
  return {
    port: {
      on: (_event: 'message', listener: (request: OfflineRequest) => void) => void (onMessage = listener),
      postMessage: (message: OfflineMessage) => void posted.push(message),
    },
    request: (request: OfflineRequest) => onMessage?.(request),
    posted,
  };
}

describe('the offline worker as it starts', () => {
  it('loads the SQLite driver before its first request, once', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'caseworks-offline-serve-'));
    folders.push(dataDir);
    const load = vi.fn(() => Database);
    const { port, request, posted } = fakePort();
    serveOfflineWorker(port as never, { dataDir }, load);
    expect(load).toHaveBeenCalledTimes(1);

    request({ id: 1, scope: 'service', baseUrl: 'http://127.0.0.1:9/api/v1', op: 'datasetInfo', args: ['', 'catalog'] } as OfflineRequest);
    expect(posted).toEqual([expect.objectContaining({ id: 1, ok: true })]);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
