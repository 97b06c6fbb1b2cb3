import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../electron/core/api';
import { forkWithNode, startEmbeddedService, type EmbeddedService } from '../../../electron/core/connection';
import { copyServiceTemplate, seededServiceTemplate } from '../../support/e2e-service-template';
import { REAL_CATALOG_SIZE } from '../api/real-service-harness';
import type { ForkService } from '../../../electron/core/platform';
import { REPO_ROOT } from '../../support/e2e-build';
import { startedService } from '../../support/started-service';

/** The utilityProcess entry, run by Node instead of Electron: it answers over process.send then. */
const forkEntry: ForkService = ({ env }) => {
  const child = fork(path.join(REPO_ROOT, 'electron/main/embedded-service-process.ts'), [], {
    cwd: REPO_ROOT,
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const forked: ReturnType<ForkService> = {
    postMessage: (message) => {
      if (child.connected) child.send(message as object);
    },
    on(event: 'message' | 'exit', listener: (value: never) => void) {
      child.on(event, listener as (value: unknown) => void);
      return forked;
    },
    // Only the stop message may end it here, so kill() does nothing.
    kill: () => false,
    pid: child.pid,
  };
  exits.push(new Promise((resolve) => child.on('exit', (code) => resolve(code))));
  return forked;
};
const exits: Array<Promise<number | null>> = [];

let root: string | null = null;
let template = '';
let running: EmbeddedService | null = null;
beforeAll(async () => {
  // Seeding can take tens of seconds on a busy machine: done once, outside the tests' own time limit.
  template = await seededServiceTemplate(REAL_CATALOG_SIZE);
});
afterAll(async () => {
  await running?.stop().catch(() => undefined);
  if (root) await rm(root, { recursive: true, force: true });
});

describe('startEmbeddedService with forkWithNode (the real service CLI in a child process)', () => {
  it('starts the demo service on loopback, signs in as a demo buyer, and stops it', async () => {
    root = await mkdtemp(path.join(tmpdir(), 'caseworks-h3-embedded-'));
    const dataDir = path.join(root, 'service');
    copyServiceTemplate(template, dataDir);
    running = await startedService(startEmbeddedService({ dataDir, fork: forkWithNode }));
    const service = running;
    expect(service.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    expect(service.buyers.length).toBeGreaterThan(0);

    const apiKey = service.buyers[0]!.api_key;
    const client = createServiceClient({ baseUrl: service.baseUrl, getApiKey: () => apiKey, maxAttempts: 1 });
    const account = await client.call('getAccount');
    expect(account.ok && !account.notModified && account.data.id).toBe(service.buyers[0]!.account_id);

    await service.stop();
    running = null;
    const after = await client.call('getAccount');
    expect(!after.ok && after.error.code).toBe('offline');
  });

  it('runs the utilityProcess entry from its environment and stops it with a stop message', async () => {
    root ??= await mkdtemp(path.join(tmpdir(), 'caseworks-h3-embedded-'));
    const dataDir = path.join(root, 'entry-service');
    copyServiceTemplate(template, dataDir);
    const service = await startedService(startEmbeddedService({ dataDir, fork: forkEntry, shipAfterSeconds: 7 }));
    running = service;
    const apiKey = service.buyers[0]!.api_key;
    const client = createServiceClient({ baseUrl: service.baseUrl, getApiKey: () => apiKey, maxAttempts: 1 });
    expect((await client.call('getAccount')).ok).toBe(true);
    await service.stop();
    running = null;
    expect(await exits[0]).toBe(0);
  });
});
