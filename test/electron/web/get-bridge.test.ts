import { afterEach, describe, expect, it, vi } from 'vitest';
import { BRIDGE_METHODS } from '../../../shared/bridge/contract';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** A WebSocket that opens at once and answers each call with the messages `answer` gives, in order. */
class ScriptedSocket {
  readonly OPEN = 1;
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(private readonly answer: (call: { id: number; method: string }) => string[]) {
    setTimeout(() => {
      this.readyState = 1;
      this.onopen?.();
    });
  }
  send(text: string) {
    for (const data of this.answer(JSON.parse(text) as { id: number; method: string })) setTimeout(() => this.onmessage?.({ data }));
  }
}

describe('getBridge', () => {
  it('uses the bridge the preload put on window in the desktop app', async () => {
    const preloadBridge = { subscribe: () => () => {} };
    vi.stubGlobal('caseworks', preloadBridge);
    const { getBridge } = await import('../../../renderer/bridge');
    expect(getBridge()).toBe(preloadBridge);
  });

  it('falls back to one socket bridge on the page origin with every contract method', async () => {
    const opened: string[] = [];
    class EchoSocket extends ScriptedSocket {
      constructor(url: string) {
        super((call) => [JSON.stringify({ kind: 'reply', id: call.id, result: { ok: true, data: { method: call.method } } })]);
        opened.push(url);
      }
    }
    vi.stubGlobal('location', { protocol: 'http:', host: '127.0.0.1:4321' });
    vi.stubGlobal('WebSocket', EchoSocket);
    const { getBridge } = await import('../../../renderer/bridge');
    const bridge = getBridge();
    expect(getBridge()).toBe(bridge);
    expect(Object.keys(bridge).sort()).toEqual([...BRIDGE_METHODS, 'subscribe'].sort());
    expect(await Promise.all([bridge.getSession(), bridge.listOutbox()])).toEqual([
      { ok: true, data: { method: 'getSession' } },
      { ok: true, data: { method: 'listOutbox' } },
    ]);
    expect(opened).toEqual(['ws://127.0.0.1:4321/bridge/socket']);
  });

  it('sends a call on an open socket before the call returns, so it leaves before the page renders', async () => {
    const sent: string[] = [];
    const socket = new ScriptedSocket((call) => {
      sent.push(call.method);
      return [JSON.stringify({ kind: 'reply', id: call.id, result: { ok: true, data: call.method } })];
    });
    const { createSocketBridge } = await import('../../../renderer/bridge');
    const bridge = createSocketBridge({ url: 'ws://127.0.0.1:1/bridge/socket', createSocket: () => socket as unknown as WebSocket });
    expect(await bridge.getSession()).toEqual({ ok: true, data: 'getSession' });
    const searched = bridge.searchCatalog({ text: 'pinot' });
    expect(sent, 'sent before any microtask ran').toEqual(['getSession', 'searchCatalog']);
    expect(await searched).toEqual({ ok: true, data: 'searchCatalog' });
  });

  it('ignores messages that are not bridge messages and still pairs the real reply', async () => {
    const socket = new ScriptedSocket((call) => ['<html>proxy error</html>', '{"kind":"reply","id":"x"}', JSON.stringify({ kind: 'reply', id: call.id, result: { ok: true, data: 1 } })]);
    const { createSocketBridge } = await import('../../../renderer/bridge');
    const bridge = createSocketBridge({ url: 'ws://127.0.0.1:1/bridge/socket', createSocket: () => socket as unknown as WebSocket });
    expect(await bridge.listOutbox()).toEqual({ ok: true, data: 1 });
  });
});
