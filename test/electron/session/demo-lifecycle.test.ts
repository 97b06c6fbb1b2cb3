import { describe, expect, it, vi } from 'vitest';
import { createAccountBook } from '../../../electron/core/session/account-book';
import { createConnectionState } from '../../../electron/core/session/connection-state';
import { createDemoLifecycle } from '../../../electron/core/session/demo-lifecycle';
import { DEMO_STOPPED_TITLE, demoNotRestartedText } from '../../../electron/core/session/demo-restart';
import { createDemoService } from '../../../electron/core/session/demo-service';
import type { DemoStart, EmbeddedServiceHandle } from '../../../electron/core/session/session-types';
import { createKeyVault, NO_SAFE_STORAGE } from '../../../electron/core/vault';
import { createMemorySettings } from '../../support/fake-core';

const demoAt = (port: number): EmbeddedServiceHandle => ({ baseUrl: `http://127.0.0.1:${port}/api/v1`, apiKey: 'demo_key', stop: async () => undefined });
const startedAt = (port: number): DemoStart => ({ ok: true, service: demoAt(port) });
const cannotStart = (message: string, code: 'failed' | 'data_folder_in_use' = 'failed'): DemoStart => ({ ok: false, failure: { code, message } });

function setup(start: () => Promise<DemoStart>) {
  const settings = createMemorySettings();
  const demo = createDemoService({ start });
  const state = createConnectionState({ onChange: () => undefined });
  const book = createAccountBook({
    settings,
    vaultFor: (settingsKey) => createKeyVault({ safeStorage: NO_SAFE_STORAGE, settings, settingsKey }),
    memoryOnlyKeys: true,
    newAccountId: () => 'ba_1',
    demo,
  });
  const notice = vi.fn();
  const lifecycle = createDemoLifecycle({ demo, state, book, verify: vi.fn(), restartPolicy: { attempts: 2, delayMs: () => 1 }, notice });
  return { demo, state, book, lifecycle, notice };
}

describe("the demo service's lifecycle", () => {
  it('answers why it could not start as a value and as the session’s problem, and clears the problem once it starts', async () => {
    const start = vi.fn<() => Promise<DemoStart>>().mockResolvedValueOnce(cannotStart('It did not start within 120 s.')).mockResolvedValue(startedAt(5000));
    const { lifecycle, state } = setup(start);
    expect(await lifecycle.ensure()).toMatchObject({ ok: false, error: { code: 'service_error', message: 'It did not start within 120 s.', retryable: true } });
    expect(state.problem()).toMatchObject({ code: 'demo_unavailable' });
    expect(await lifecycle.ensure()).toMatchObject({ ok: true, data: { baseUrl: 'http://127.0.0.1:5000/api/v1' } });
    expect(state.problem()).toBeNull();
  });

  it('after a stop by itself, starts it again for a demo session and moves the session to its new address', async () => {
    const start = vi.fn<() => Promise<DemoStart>>().mockResolvedValueOnce(startedAt(5000)).mockResolvedValue(startedAt(6000));
    const { lifecycle, state, demo } = setup(start);
    const first = await lifecycle.ensure();
    state.change({ id: 'ba_1', mode: 'demo', baseUrl: 'http://127.0.0.1:5000/api/v1', account: null });
    await lifecycle.stopped(first.ok ? first.data : demoAt(0));
    expect(demo.running()?.baseUrl).toBe('http://127.0.0.1:6000/api/v1');
    expect(state.current()?.baseUrl).toBe('http://127.0.0.1:6000/api/v1');
  });

  it('gives up after its attempts, says so, and stops at once when another process holds its folder', async () => {
    const start = vi.fn<() => Promise<DemoStart>>().mockResolvedValueOnce(startedAt(5000)).mockResolvedValue(cannotStart('crashed'));
    const { lifecycle, state, notice } = setup(start);
    const first = await lifecycle.ensure();
    state.change({ id: 'ba_1', mode: 'demo', baseUrl: 'http://127.0.0.1:5000/api/v1', account: null });
    await lifecycle.stopped(first.ok ? first.data : demoAt(0));
    expect(start).toHaveBeenCalledTimes(3);
    expect(notice).toHaveBeenCalledWith(DEMO_STOPPED_TITLE, demoNotRestartedText(2));
    expect(state.lastProblem()).toBe(demoNotRestartedText(2));

    const held = vi.fn<() => Promise<DemoStart>>().mockResolvedValueOnce(startedAt(5000)).mockResolvedValue(cannotStart('held', 'data_folder_in_use'));
    const other = setup(held);
    const running = await other.lifecycle.ensure();
    other.state.change({ id: 'ba_1', mode: 'demo', baseUrl: 'http://127.0.0.1:5000/api/v1', account: null });
    await other.lifecycle.stopped(running.ok ? running.data : demoAt(0));
    expect(held).toHaveBeenCalledTimes(2);
  });

  it('stops the demo when no account uses it any more', async () => {
    const stop = vi.fn(async () => undefined);
    const { lifecycle, book } = setup(async () => ({ ok: true, service: { ...demoAt(5000), stop } }));
    await lifecycle.ensure();
    book.upsert({ id: 'ba_1', mode: 'demo', baseUrl: 'http://127.0.0.1:5000/api/v1', accountId: 'org_demo', name: 'Demo' });
    await lifecycle.stopIfUnused();
    expect(stop).not.toHaveBeenCalled();
    book.forget('ba_1');
    await lifecycle.stopIfUnused();
    expect(stop).toHaveBeenCalledTimes(1);
  });
});
