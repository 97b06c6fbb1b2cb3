import { afterEach, describe, expect, it, vi } from 'vitest';
import { BRIDGE_METHODS } from '../../../shared/bridge/contract';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('getBridge', () => {
  it('uses the bridge the preload put on window in the desktop app', async () => {
    const preloadBridge = { subscribe: () => () => {} };
    vi.stubGlobal('caseworks', preloadBridge);
    const { getBridge } = await import('../../../renderer/bridge');
    expect(getBridge()).toBe(preloadBridge);
  });

  it('falls back to one HTTP bridge with every contract method in the browser shell', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ ok: true, data: { mode: 'demo' } }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const { getBridge } = await import('../../../renderer/bridge');
    const bridge = getBridge();
    expect(getBridge()).toBe(bridge);
    expect(Object.keys(bridge).sort()).toEqual([...BRIDGE_METHODS, 'subscribe'].sort());
    expect(await bridge.getSession()).toEqual({ ok: true, data: { mode: 'demo' } });
    expect(fetch).toHaveBeenCalledWith('/bridge/getSession', expect.objectContaining({ method: 'POST', credentials: 'same-origin' }));
  });

  it('turns an answer that is not a bridge result into an error value', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>proxy error</html>', { status: 502 })));
    const { createHttpBridge } = await import('../../../renderer/bridge');
    expect(await createHttpBridge().listOutbox()).toMatchObject({ ok: false, error: { code: 'internal', retryable: true } });
  });
});
