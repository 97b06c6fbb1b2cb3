import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BridgeEvent } from '../../../shared/bridge/events';
import type { StoreScope } from '../../../electron/core/offline/offline-store';
import { createSession } from '../../../electron/core/session/session';
import type { SessionHost } from '../../../electron/core/session/session-interface';
import type { Connection, VerifyOutcome } from '../../../electron/core/session/session-manager';
import type { SyncEngine } from '../../../electron/core/sync/sync-engine';
import { createKeyVault, NO_SAFE_STORAGE } from '../../../electron/core/vault';
import { createMemorySettings } from '../../support/fake-core';

const DEMO = 'http://127.0.0.1:5000/api/v1';
const WINE = 'https://wine.example.com/api/v1';
const accountsByKey: Record<string, { service: string; id: string; name: string }> = {
  demo_key: { service: DEMO, id: 'org_demo', name: 'Demo Buyer' },
  sk_harbor_12345678: { service: WINE, id: 'org_harbor', name: 'Harbor Wines' },
};
const order = {
  supplier_id: 'sup_1',
  items: [{ product_id: 'prod_1', quantity: 3 }],
  shipping_address: { street1: '1 Main St', city: 'Napa', state: 'CA' as const, zip: '94558' },
};

/** A sync engine that records what the session asks of it. */
function fakeEngine(connection: Connection | null) {
  const asked: string[] = [];
  const engine = {
    connection,
    asked,
    accountId: null,
    running: false,
    init: async () => void asked.push('init'),
    syncNow: () => (asked.push('syncNow'), { started: true }),
    stopBackground: () => void asked.push('stopBackground'),
    whenIdle: async () => undefined,
    clearAccountData: async () => void asked.push('clearAccountData'),
  };
  return engine as typeof engine & SyncEngine;
}

/** Everything the session is given, as fakes it can be watched through. */
async function setup({ demoStarts = true }: { demoStarts?: boolean } = {}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'session-'));
  folders.push(dataDir);
  const settings = createMemorySettings();
  const events: BridgeEvent[] = [];
  const engines: ReturnType<typeof fakeEngine>[] = [];
  const cleared: StoreScope[] = [];
  /** Orders the fake service was sent; it never answers them (they stay queued). */
  const sent: string[] = [];
  let stopped = 0;
  const { session, host } = createSession({
    dataDir,
    now: () => new Date('2026-11-22T08:00:00Z'),
    vaultFor: (settingsKey) => createKeyVault({ safeStorage: NO_SAFE_STORAGE, settings, settingsKey }),
    settings,
    memoryOnlyKeys: true,
    startEmbedded: async () =>
      demoStarts
        ? { ok: true, service: { baseUrl: DEMO, apiKey: 'demo_key', buyers: [{ accountId: 'org_demo', apiKey: 'demo_key' }], stop: async () => void (stopped += 1) } }
        : { ok: false, failure: { code: 'failed', message: 'It did not start within 120 s.' } },
    verify: async (baseUrl, apiKey): Promise<VerifyOutcome> => {
      const known = accountsByKey[apiKey];
      if (known?.service !== baseUrl) return { ok: false, error: { code: 'unauthorized', message: 'Not accepted.', retryable: false } };
      return { ok: true, account: { id: known.id, name: known.name } as never };
    },
    // The service never answers an order (it stays on its way); what was sent is recorded.
    fetch: (async (url: string, init?: RequestInit) => {
      if (String(url).endsWith('/orders')) sent.push(String(new Headers(init?.headers).get('idempotency-key')));
      return new Promise<Response>(() => undefined);
    }) as typeof fetch,
    engineFor: (connection) => {
      const engine = fakeEngine(connection);
      engines.push(engine);
      return engine;
    },
    followerFor: () => fakeEngine(null),
    clearAccount: async (scope) => void cleared.push(scope),
    probe: async () => true,
    syncIntervalMs: 0,
    emit: (event) => events.push(event),
    onOtherAccountEvent: () => undefined,
    notify: () => undefined,
    log: () => undefined,
  });
  hosts.push(host);
  return { session, host, events, engines, cleared, sent, stopped: () => stopped };
}

const folders: string[] = [];
const hosts: SessionHost[] = [];
afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close();
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true, maxRetries: 5 });
});

describe('the session', () => {
  it('starts on the demo: its buyer is the active account, with its engine syncing, and the screens are told', async () => {
    const { session, host, events, engines } = await setup();
    const told: (string | null)[] = [];
    session.onChange((active) => told.push(active?.connection.account?.name ?? null));
    await host.start();

    expect(session.active()?.connection).toMatchObject({ mode: 'demo', baseUrl: DEMO, account: { id: 'org_demo', name: 'Demo Buyer' } });
    expect(session.shown()).toBe(session.active()?.engine);
    expect(engines.at(-1)?.asked).toEqual(['init', 'syncNow']);
    expect(told).toEqual(['Demo Buyer']);
    expect(events).toContainEqual({ type: 'session-changed' });
    expect((await session.list()).map((account) => [account.name, account.active])).toEqual([['Demo Buyer', true]]);
  });

  it('tells the screens of a problem with the same account as a problem, not as another account (which would make them read everything again)', async () => {
    const { session, host, events } = await setup({ demoStarts: false });
    await host.start();
    await vi.waitFor(() => expect(session.info().problem).toMatchObject({ code: 'demo_unavailable' }));
    await vi.waitFor(() => expect(events).toContainEqual({ type: 'session-problem' }));
    expect(events.map((event) => event.type)).not.toContain('session-changed');
  });

  it('switches between accounts: the previous engine stops its background work, each account keeps its outbox', async () => {
    const { session, host, sent } = await setup();
    await host.start();
    const demo = session.active()!;
    const queued = await (await session.outbox()).submit([{ order, supplierName: 'Napa', estimatedTotalCents: 1 }]);
    expect(queued.ok).toBe(true);

    await session.add({ baseUrl: WINE, apiKey: 'sk_harbor_12345678', allowWeakKeyStorage: false });
    expect(session.active()?.connection.account?.name).toBe('Harbor Wines');
    expect((demo.engine as ReturnType<typeof fakeEngine>).asked).toContain('stopBackground');
    expect((await session.outbox()).list()).toEqual([]);

    await session.switchTo(demo.connection.id);
    expect(session.active()?.connection.id).toBe(demo.connection.id);
    expect((await session.outbox()).pendingCount()).toBe(1);
    // Sent by the demo account's own outbox, whichever account was active.
    await vi.waitFor(() => expect(sent).toHaveLength(1));
  });

  it('signs out: the account and its private data go, its queued order is counted and kept, the catalog stays readable', async () => {
    const { session, host } = await setup();
    await host.start();
    const engine = session.active()!.engine as ReturnType<typeof fakeEngine>;
    await (await session.outbox()).submit([{ order, supplierName: 'Napa', estimatedTotalCents: 1 }]);

    expect(await session.signOut()).toEqual({ keptQueuedOrders: 1 });
    expect(session.active()).toBeNull();
    expect(engine.asked).toContain('clearAccountData');
    expect(session.shown()).toBe(engine);
    expect(await session.list()).toEqual([]);
    expect(session.info().mode).toBe('none');
    expect(session.syncNow()).toBe(false);
  });

  it('removes an account that is not active: its private data goes from the offline copy, the active one stays', async () => {
    const { session, host, cleared } = await setup();
    await host.start();
    const demoId = session.active()!.connection.id;
    await session.add({ baseUrl: WINE, apiKey: 'sk_harbor_12345678', allowWeakKeyStorage: false });
    await session.switchTo(demoId);

    const harbor = (await session.list()).find((account) => account.name === 'Harbor Wines')!;
    expect(await session.remove(harbor.id)).toEqual({ keptQueuedOrders: 0 });
    expect(cleared).toEqual([{ baseUrl: WINE, accountId: 'org_harbor' }]);
    expect(session.active()?.connection.id).toBe(demoId);
    expect((await session.list()).map((account) => account.name)).toEqual(['Demo Buyer']);
  });

  it('stops the demo service when it closes', async () => {
    const { host, stopped } = await setup();
    await host.start();
    await host.close();
    expect(stopped()).toBe(1);
  });
});

describe('where the session stands: one state at a time (SessionPhase)', () => {
  it('goes through its states in order: starting, switching, signed in, switching, signed out (the catalog kept), closed', async () => {
    const { session, host } = await setup();
    const seen: string[] = [session.phase()];
    session.onChange(() => seen.push(session.phase()));
    await host.start();
    expect(session.phase()).toBe('signed-in');
    await session.signOut();
    expect(session.phase()).toBe('signed-out');
    expect(session.shown()).not.toBeNull();
    await host.close();
    expect(session.phase()).toBe('closed');
    expect(session.active()).toBeNull();
    expect(seen).toEqual(['starting', 'signed-in', 'signed-out']);
  });

});
