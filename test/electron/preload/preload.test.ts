import * as electron from 'electron';
import { rolldown } from 'rolldown';
import { describe, expect, it, vi } from 'vitest';
import { BRIDGE_GLOBAL, IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL, type CaseworksBridge } from '../../../shared/bridge/api';
import { BRIDGE_METHODS } from '../../../shared/bridge/contract';
import type { FakeElectron } from '../../support/fake-electron-module';
import { validBridgeInputs } from '../../support/bridge-samples';

const fake = electron as unknown as FakeElectron;

async function loadPreload(): Promise<CaseworksBridge> {
  await import('../../../electron/preload/index');
  const api = fake.contextBridge.exposed.get(BRIDGE_GLOBAL);
  if (!api) throw new Error('nothing exposed');
  return api as CaseworksBridge;
}

describe('the preload', () => {
  it('exposes exactly the contract methods and subscribe, under one global name', async () => {
    const api = await loadPreload();
    expect(fake.contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(1);
    expect(fake.contextBridge.exposeInMainWorld).toHaveBeenCalledWith('caseworks', api);
    expect(Object.keys(api).sort()).toEqual([...BRIDGE_METHODS, 'subscribe'].sort());
    for (const value of Object.values(api)) expect(typeof value).toBe('function');
  });

  it('forwards each method by its own name on the invoke channel with only its input', async () => {
    const api = await loadPreload();
    fake.ipcRenderer.invoke.mockResolvedValue({ ok: true, data: null });
    for (const method of BRIDGE_METHODS) {
      fake.ipcRenderer.invoke.mockClear();
      const call = api[method] as (input: unknown, extra?: unknown) => Promise<unknown>;
      await call(validBridgeInputs[method], 'ignored second argument');
      expect(fake.ipcRenderer.invoke).toHaveBeenCalledWith(IPC_INVOKE_CHANNEL, method, validBridgeInputs[method]);
    }
  });

  it('delivers events without the IPC event object and stops on unsubscribe', async () => {
    const api = await loadPreload();
    const listener = vi.fn();
    const unsubscribe = api.subscribe(listener);
    const [channel, forward] = fake.ipcRenderer.on.mock.calls.at(-1) as [string, (...args: unknown[]) => void];
    expect(channel).toBe(IPC_EVENT_CHANNEL);
    forward({ sender: 'ipc internals' }, { type: 'session-changed' });
    expect(listener).toHaveBeenCalledWith({ type: 'session-changed' });
    expect(listener.mock.calls[0]).toHaveLength(1);
    unsubscribe();
    expect(fake.ipcRenderer.removeListener).toHaveBeenCalledWith(IPC_EVENT_CHANNEL, forward);
  });

  it('bundles to CommonJS that requires nothing but electron (the sandbox allows no more)', async () => {
    const bundle = await rolldown({ input: 'electron/preload/index.ts', external: ['electron'], platform: 'node', logLevel: 'silent' });
    const { output } = await bundle.generate({ format: 'cjs' });
    await bundle.close();
    const code = output.map((chunk) => ('code' in chunk ? chunk.code : '')).join('\n');
    const required = [...code.matchAll(/require\(["']([^"']+)["']\)/g)].map((match) => match[1]);
    expect(required.length).toBeGreaterThan(0);
    expect(new Set(required)).toEqual(new Set(['electron']));
    expect(code).not.toContain('ZodError');
    expect(output).toHaveLength(1);
  });
});
