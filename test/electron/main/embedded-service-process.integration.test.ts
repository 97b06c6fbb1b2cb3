import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../electron/core/api';
import { startEmbeddedService } from '../../../electron/core/connection';
import { embeddedServiceEnv } from '../../../electron/core/connection/embedded-service-args';
import type { ForkService } from '../../../electron/core/platform';
import { REAL_CATALOG_SIZE } from '../api/real-service-harness';
import { REPO_ROOT } from '../../support/e2e-build';
import { startedService } from '../../support/started-service';
import { copyServiceTemplate, seededServiceTemplate } from '../../support/e2e-service-template';

const ENTRY = path.join(REPO_ROOT, 'electron/main/embedded-service-process.ts');
const PRELOAD = path.join(REPO_ROOT, 'test/support/fake-parent-port.ts');

interface Spawned {
  fork: ForkService;
  /** Every message the entry sent through its parentPort. */
  received: unknown[];
  exited: Promise<number | null>;
}

/** Runs the utilityProcess entry as Electron would: no IPC channel, only a (faked) `process.parentPort`. */
function spawnWithParentPort(): Spawned {
  const received: unknown[] = [];
  let resolveExit!: (code: number | null) => void;
  const exited = new Promise<number | null>((resolve) => (resolveExit = resolve));
  const fork: ForkService = ({ env }) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--import', PRELOAD, ENTRY], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ['pipe', 'ignore', 'inherit', 'pipe'],
    });
    const toChild = child.stdin as Writable;
    const messageListeners: Array<(message: unknown) => void> = [];
    createInterface({ input: child.stdio[3] as Readable }).on('line', (line) => {
      const message: unknown = JSON.parse(line);
      received.push(message);
      for (const listener of messageListeners) listener(message);
    });
    child.on('exit', (code) => resolveExit(code));
    const forked: ReturnType<ForkService> = {
      postMessage: (message) => {
        if (!toChild.destroyed) toChild.write(`${JSON.stringify(message)}\n`);
      },
      on(event: 'message' | 'exit', listener: (value: never) => void) {
        if (event === 'message') messageListeners.push(listener as (message: unknown) => void);
        else child.on('exit', listener as (code: number | null) => void);
        return forked;
      },
      // Only the stop message, through the parentPort, may end it here.
      kill: () => false,
      pid: child.pid,
    };
    return forked;
  };
  return { fork, received, exited };
}

let root = '';
let template = '';
beforeAll(async () => {
  // Seeding can take tens of seconds on a busy machine: done once, outside the tests' own time limit.
  template = await seededServiceTemplate(REAL_CATALOG_SIZE);
  root = await mkdtemp(path.join(tmpdir(), 'caseworks-parent-port-'));
});
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe('the embedded service entry in a utility process (process.parentPort)', () => {
  it('says it is ready through the parentPort and stops on a stop message from it', async () => {
    const dataDir = path.join(root, 'service');
    copyServiceTemplate(template, dataDir);
    const spawned = spawnWithParentPort();
    const service = await startedService(startEmbeddedService({ dataDir, fork: spawned.fork }));
    expect(spawned.received).toEqual([{ type: 'ready', baseUrl: service.baseUrl }]);
    const apiKey = service.buyers[0]!.api_key;
    const client = createServiceClient({ baseUrl: service.baseUrl, getApiKey: () => apiKey, maxAttempts: 1 });
    expect((await client.call('getAccount')).ok).toBe(true);

    await service.stop();
    expect(await spawned.exited).toBe(0);
    const after = await client.call('getAccount');
    expect(!after.ok && after.error.code).toBe('offline');
  });

  it('reports arguments it cannot use through the parentPort and exits with 2', async () => {
    const spawned = spawnWithParentPort();
    spawned.fork({ env: embeddedServiceEnv(['--port', 'not-a-port']) });
    expect(await spawned.exited).toBe(2);
    expect(spawned.received).toEqual([{ type: 'error', message: expect.stringMatching(/port/i) }]);
  });
});
