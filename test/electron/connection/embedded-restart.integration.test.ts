import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCaseworksCore, EMBEDDED_SERVICE_FOLDER, type CaseworksCoreHandle } from '../../../electron/app/app-core';
import { DEMO_STOPPED_TITLE, demoNotRestartedText, demoRestartedText } from '../../../electron/core/session/session-manager';
import { forkWithNode } from '../../../electron/core/connection';
import type { ForkService } from '../../../electron/core/platform';
import { copyServiceTemplate, seededServiceTemplate } from '../../support/e2e-service-template';
import { createTestPlatform } from '../../support/fake-core';
import { REAL_CATALOG_SIZE } from '../api/real-service-harness';

let template = '';
let root: string | null = null;
let core: CaseworksCoreHandle | null = null;

beforeAll(async () => {
  template = await seededServiceTemplate(REAL_CATALOG_SIZE);
});
afterEach(async () => {
  await core?.close();
  core = null;
  if (root) await rm(root, { recursive: true, force: true });
  root = null;
});

/** The real service CLI in child processes; the test can SIGKILL the one running now. */
function killableFork(options: { failAfterFirst?: boolean } = {}) {
  const pids: number[] = [];
  let forks = 0;
  const fork: ForkService = (input) => {
    forks += 1;
    if (options.failAfterFirst && forks > 1) {
      // A service that cannot start again (say, its port or data is gone): it exits at once.
      return forkWithNode({ env: { ...input.env, CASEWORKS_SERVICE_ARGS: JSON.stringify(['--port', 'not-a-port']) } });
    }
    const child = forkWithNode(input);
    if (child.pid) pids.push(child.pid);
    return child;
  };
  return { fork, pids, forks: () => forks };
}

async function coreOn(fork: ForkService, notify = vi.fn()) {
  root = await mkdtemp(path.join(tmpdir(), 'caseworks-restart-'));
  const dataDir = path.join(root, 'app');
  copyServiceTemplate(template, path.join(dataDir, EMBEDDED_SERVICE_FOLDER));
  core = createCaseworksCore(createTestPlatform({ dataDir, forkService: fork, notify, now: () => new Date() }), {
    hydrateDetails: false,
    syncIntervalMs: 0,
    offlineProbeMs: 100,
    embeddedRestart: { attempts: 2, delayMs: () => 50 },
    client: { timeoutMs: 3_000, maxAttempts: 1, baseDelayMs: 10, maxDelayMs: 20 },
  });
  await core.ready;
  return { core, notify };
}

describe('the embedded demo service, when its process dies', () => {
  it('is started again, the session follows it, and the buyer is told in plain words', async () => {
    const forks = killableFork();
    const { core, notify } = await coreOn(forks.fork);
    const before = core.embeddedService()!.baseUrl;
    expect((await core.dispatcher.dispatch('getAccount', undefined)) as { ok: boolean }).toMatchObject({ ok: true });

    process.kill(forks.pids[0]!, 'SIGKILL');

    await vi.waitFor(() => expect(notify).toHaveBeenCalledWith(DEMO_STOPPED_TITLE, demoRestartedText), { timeout: 30_000, interval: 50 });
    expect(forks.forks()).toBe(2);
    const after = core.embeddedService()!.baseUrl;
    // A new process on the port of the last start, free again: the catalog's image addresses stay the same.
    expect(after).toBe(before);
    const session = (await core.dispatcher.dispatch('getSession', undefined)) as { ok: true; data: { mode: string; baseUrl: string } };
    expect(session.data).toMatchObject({ mode: 'demo', baseUrl: after });
    expect((await core.dispatcher.dispatch('getAccount', undefined)) as { ok: boolean }).toMatchObject({ ok: true });
    // "Use the demo service" works too, without a restart of the app.
    expect((await core.dispatcher.dispatch('useDemoService', undefined)) as { ok: boolean }).toMatchObject({ ok: true });
  });

  it('stops trying after the bounded attempts, says so, and "Use the demo service" starts a new one', async () => {
    const forks = killableFork({ failAfterFirst: true });
    const { core, notify } = await coreOn(forks.fork);

    process.kill(forks.pids[0]!, 'SIGKILL');

    await vi.waitFor(() => expect(notify).toHaveBeenCalledWith(DEMO_STOPPED_TITLE, demoNotRestartedText(2)), { timeout: 30_000, interval: 50 });
    expect(forks.forks()).toBe(3);
    expect(core.embeddedService()).toBeNull();
    const retried = (await core.dispatcher.dispatch('useDemoService', undefined)) as { ok: false; error: { message: string } };
    expect(retried.ok).toBe(false);
    expect(retried.error.message).not.toMatch(/Could not reach/);
    expect(forks.forks()).toBe(4);
  });
});
