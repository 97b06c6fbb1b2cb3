import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboxEntry } from '../../../shared/bridge';
import { createServiceClient } from '../../../electron/core/api';
import { createSessionManager, type VerifyOutcome } from '../../../electron/core/session/session-manager';
import { createAccountOutboxes, createOrderSender, LEGACY_OUTBOX_FILE_NAME, type AccountOutboxes, type OutboxAccount } from '../../../electron/core/outbox';
import { createKeyVault } from '../../../electron/core/vault';
import { createMemorySettings } from '../../support/fake-core';
import { orderBody, orderFor } from '../api/fixtures';
import { draft, readOutboxFile, tempDir } from './outbox-harness';
import { queuedOutboxEntry } from '../../support/outbox-entries';

const WINE = 'https://wine.example.com/api/v1';
const KEYS: Record<string, { id: string; name: string }> = {
  sk_harbor_12345678: { id: 'org_harbor', name: 'Harbor Wines' },
  sk_cellar_12345678: { id: 'org_cellar', name: 'Cellar Door' },
};

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A service that records which key each order came with and places it. */
function recordingService() {
  const orders: { key: string; idempotencyKey: string }[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const key = (headers.get('authorization') ?? '').replace(/^Bearer /, '');
    if (!String(url).endsWith('/orders') || init?.method !== 'POST') return new Response('{}', { status: 404 });
    orders.push({ key, idempotencyKey: headers.get('idempotency-key') ?? '' });
    const body = JSON.parse(String(init.body)) as typeof orderBody;
    return new Response(JSON.stringify(orderFor(body, `ord_${orders.length}`)), { status: 201, headers: { 'content-type': 'application/json' } });
  });
  return { fetch, orders };
}

async function setup() {
  const { dir, cleanup } = await tempDir();
  cleanups.push(cleanup);
  const settings = createMemorySettings();
  const safeStorage = {
    isEncryptionAvailable: () => true,
    getSelectedStorageBackend: () => 'gnome_libsecret',
    encryptString: (text: string) => Buffer.from(`enc:${text}`),
    decryptString: (buffer: Buffer) => buffer.toString().replace(/^enc:/, ''),
  };
  let ids = 0;
  const session = createSessionManager({
    vaultFor: (settingsKey) => createKeyVault({ safeStorage, settings, platform: 'linux', settingsKey }),
    settings,
    memoryOnlyKeys: false,
    startEmbedded: () => Promise.reject(new Error('no demo here')),
    verify: async (_baseUrl, apiKey): Promise<VerifyOutcome> => ({ ok: true, account: KEYS[apiKey] as never }),
    onChange: () => undefined,
    newAccountId: () => `ba_${++ids}`,
  });
  const service = recordingService();
  const changes: { account: string; entries: OutboxEntry[] }[] = [];
  const outboxes = createAccountOutboxes({
    dataDir: dir,
    folderOf: (account) => path.join(dir, 'accounts', account.id),
    senderFor: (account) =>
      createOrderSender(account, session, (baseUrl, apiKey) => createServiceClient({ baseUrl, getApiKey: apiKey, fetch: service.fetch, maxAttempts: 1 })),
    onChange: (account, entries) => changes.push({ account: account.id, entries }),
  });
  cleanups.push(() => outboxes.closeAll());
  return { dir, session, service, outboxes, changes };
}

const accountOf = (entry: { id: string; accountId: string }): OutboxAccount => ({ id: entry.id, accountId: entry.accountId });

async function openAll(session: ReturnType<typeof createSessionManager>, outboxes: AccountOutboxes) {
  const [harbor, cellar] = session.accounts().accounts;
  if (!harbor || !cellar) throw new Error('two accounts expected');
  return { harbor: await outboxes.open(accountOf(harbor)), cellar: await outboxes.open(accountOf(cellar)) };
}

describe('one outbox per buyer account', () => {
  it("sends each account's orders with that account's own key, also while another account is active", async () => {
    const { session, service, outboxes } = await setup();
    await session.connect({ baseUrl: WINE, apiKey: 'sk_harbor_12345678', allowWeakKeyStorage: false });
    await session.add({ baseUrl: WINE, apiKey: 'sk_cellar_12345678', allowWeakKeyStorage: false });
    expect(session.current()?.account?.name, 'Cellar Door is active').toBe('Cellar Door');
    const { harbor, cellar } = await openAll(session, outboxes);

    const queuedForHarbor = await harbor.submit([draft(orderBody), draft({ ...orderBody, supplier_id: 'sup_def' })]);
    const queuedForCellar = await cellar.submit([draft(orderBody)]);
    await harbor.whenIdle();
    await cellar.whenIdle();

    const harborKeys = queuedForHarbor.ok ? queuedForHarbor.data.map((entry) => entry.idempotencyKey) : [];
    const cellarKeys = queuedForCellar.ok ? queuedForCellar.data.map((entry) => entry.idempotencyKey) : [];
    expect(harborKeys).toHaveLength(2);
    expect(service.orders).toHaveLength(3);
    for (const order of service.orders) {
      const expected = harborKeys.includes(order.idempotencyKey) ? 'sk_harbor_12345678' : cellarKeys.includes(order.idempotencyKey) ? 'sk_cellar_12345678' : 'unknown order';
      expect(order.key).toBe(expected);
    }
    expect(harbor.list().map((entry) => entry.state)).toEqual(['confirmed', 'confirmed']);
    expect(cellar.list().map((entry) => [entry.accountId, entry.state])).toEqual([['org_cellar', 'confirmed']]);
  });

  it("never sends an entry of another account found in an account's file", async () => {
    const { session, service, outboxes, dir } = await setup();
    await session.connect({ baseUrl: WINE, apiKey: 'sk_harbor_12345678', allowWeakKeyStorage: false });
    await session.add({ baseUrl: WINE, apiKey: 'sk_cellar_12345678', allowWeakKeyStorage: false });
    const [harbor] = session.accounts().accounts;
    const foreign = storedEntry('out_foreign', 'org_cellar');
    await mkdir(path.join(dir, 'accounts', harbor!.id), { recursive: true });
    await writeFile(path.join(dir, 'accounts', harbor!.id, LEGACY_OUTBOX_FILE_NAME), JSON.stringify({ format: 'caseworks-outbox', version: 1, entries: [foreign] }));

    const box = await outboxes.open(accountOf(harbor!));
    box.kick();
    await box.whenIdle();
    expect(service.fetch).not.toHaveBeenCalled();
    expect(box.list('all').map((entry) => entry.state)).toEqual(['queued']);
  });

  it('waits, without sending, while an account has no key here', async () => {
    const { session, service, outboxes } = await setup();
    await session.connect({ baseUrl: WINE, apiKey: 'sk_harbor_12345678', allowWeakKeyStorage: false });
    const [harbor] = session.accounts().accounts;
    const box = await outboxes.open(accountOf(harbor!));
    await session.remove(harbor!.id);
    await box.submit([draft(orderBody)]);
    await box.whenIdle();
    expect(service.fetch).not.toHaveBeenCalled();
    expect(box.list()[0]?.state).toBe('queued');
  });

  it("moves each account's entries out of the shared outbox of before into its own file, once", async () => {
    const { session, outboxes, dir } = await setup();
    await session.connect({ baseUrl: WINE, apiKey: 'sk_harbor_12345678', allowWeakKeyStorage: false });
    await session.add({ baseUrl: WINE, apiKey: 'sk_cellar_12345678', allowWeakKeyStorage: false });
    // Neither can send during the test: the service answers nothing.
    const legacy = [storedEntry('out_h1', 'org_harbor'), storedEntry('out_c1', 'org_cellar'), storedEntry('out_h2', 'org_harbor')];
    await writeFile(path.join(dir, LEGACY_OUTBOX_FILE_NAME), JSON.stringify({ format: 'caseworks-outbox', version: 1, entries: legacy }));
    const [harbor, cellar] = session.accounts().accounts;
    await session.remove(harbor!.id);
    await session.remove(cellar!.id);

    const harborBox = await outboxes.open(accountOf(harbor!));
    expect(harborBox.list().map((entry) => [entry.id, entry.idempotencyKey])).toEqual([
      ['out_h1', 'key-out_h1'],
      ['out_h2', 'key-out_h2'],
    ]);
    const shared = await readOutboxFile(dir);
    expect(shared.entries.map((entry) => entry.id)).toEqual(['out_c1']);

    const cellarBox = await outboxes.open(accountOf(cellar!));
    expect(cellarBox.list().map((entry) => entry.id)).toEqual(['out_c1']);
    const emptied = await readOutboxFile(dir);
    expect(emptied.entries).toEqual([]);
    const own = await readOutboxFile(path.join(dir, 'accounts', harbor!.id));
    expect(existsSync(path.join(dir, LEGACY_OUTBOX_FILE_NAME)), 'the file of before is gone once its entries moved').toBe(false);
    expect(own.entries.map((entry) => entry.id)).toEqual(['out_h1', 'out_h2']);
  });
});

function storedEntry(id: string, accountId: string): OutboxEntry {
  return queuedOutboxEntry({ id, accountId, order: orderBody, estimatedTotalCents: 20_000, createdAt: '2026-11-22T09:00:00.000Z' });
}
