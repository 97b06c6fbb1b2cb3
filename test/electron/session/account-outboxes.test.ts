import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboxEntry } from '../../../shared/bridge';
import { accountFolder } from '../../../electron/core/account-files/versioned-file';
import { createServiceClient } from '../../../electron/core/api';
import { LEGACY_OUTBOX_FILE_NAME } from '../../../electron/core/outbox';
import { createAccountOutboxes, type AccountKeys } from '../../../electron/core/session/account-outboxes';
import type { BuyerAccountEntry } from '../../../electron/core/session/account-registry';
import { accountScopeOf } from '../../../electron/core/session/service-connection';
import type { ActiveAccount } from '../../../electron/core/session/session-phase';
import type { SyncEngine } from '../../../electron/core/sync/sync-engine';
import { createSessionManager, type VerifyOutcome } from '../../../electron/core/session/session-manager';
import { createKeyVault } from '../../../electron/core/vault';
import { createMemorySettings } from '../../support/fake-core';
import { orderBody, orderFor } from '../api/fixtures';
import { draft, readOutboxFile, tempDir } from '../outbox/outbox-harness';
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
  /** The accounts the outboxes are opened for: the session's, unless a test names them. */
  let listed: BuyerAccountEntry[] | null = null;
  /** The keys the senders ask: the session's, unless a test takes them away. */
  let keys: AccountKeys = session.senderKeys;
  /** The active account, as the session would have it; none unless a test makes one active. */
  let active: ActiveAccount | null = null;
  /** What the outboxes told the screens, the sync and the other accounts' follower. */
  const told: string[] = [];
  const outboxes = createAccountOutboxes({
    dataDir: dir,
    now: () => new Date(),
    accounts: () => listed ?? session.accounts().accounts,
    keys: { addressOf: (id) => keys.addressOf(id), keyOf: (id) => keys.keyOf(id) },
    clientFor: (baseUrl, apiKey) => createServiceClient({ baseUrl, getApiKey: apiKey, fetch: service.fetch, maxAttempts: 1 }),
    active: () => active,
    others: { syncNow: (id?: string) => void told.push(`follow ${id}`) },
    emit: (event) => void told.push(`${event.type} ${'entries' in event ? event.entries.map((entry) => entry.state).join(',') : ''}`),
    notify: (title) => void told.push(`notify ${title}`),
    log: () => undefined,
  });
  cleanups.push(() => outboxes.closeAll());
  const only = (accounts: BuyerAccountEntry[] | null) => void (listed = accounts);
  const withoutKeys = () => void (keys = { addressOf: () => null, keyOf: () => null });
  const activate = (account: BuyerAccountEntry | null) => {
    const engine = { syncNow: () => (told.push(`sync ${account?.name}`), { started: true }) } as unknown as SyncEngine;
    active = account ? ({ connection: { id: account.id, mode: account.mode, baseUrl: account.baseUrl, account: null }, client: null, engine } as unknown as ActiveAccount) : null;
  };
  return { dir, session, service, outboxes, only, withoutKeys, activate, told };
}

/** The folder of an account's own files. */
const folderOf = (dir: string, account: BuyerAccountEntry) => accountFolder(dir, accountScopeOf(account));

/** Opens every listed account's outbox and waits for the one of `account`. */
async function openedFor(outboxes: ReturnType<typeof createAccountOutboxes>, account: BuyerAccountEntry) {
  outboxes.open();
  const box = outboxes.opened(account.id);
  if (!box) throw new Error(`no outbox opened for ${account.name}`);
  return box;
}

async function openAll(session: ReturnType<typeof createSessionManager>, outboxes: ReturnType<typeof createAccountOutboxes>) {
  const [harbor, cellar] = session.accounts().accounts;
  if (!harbor || !cellar) throw new Error('two accounts expected');
  return { harbor: await openedFor(outboxes, harbor), cellar: await openedFor(outboxes, cellar) };
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

  it("tells the screens and the active sync of the active account's orders, the other accounts' follower of a background one's", async () => {
    const { session, outboxes, activate, told } = await setup();
    await session.connect({ baseUrl: WINE, apiKey: 'sk_harbor_12345678', allowWeakKeyStorage: false });
    await session.add({ baseUrl: WINE, apiKey: 'sk_cellar_12345678', allowWeakKeyStorage: false });
    const [harborEntry, cellarEntry] = session.accounts().accounts;
    activate(cellarEntry!);
    const { harbor, cellar } = await openAll(session, outboxes);
    expect(await outboxes.active()).toBe(cellar);

    await cellar.submit([draft(orderBody)]);
    await cellar.whenIdle();
    expect(told).toContain('outbox-changed confirmed');
    expect(told).toContain('sync Cellar Door');
    told.length = 0;

    await harbor.submit([draft(orderBody)]);
    await harbor.whenIdle();
    expect(told.filter((line) => line.startsWith('outbox-changed') || line.startsWith('sync')), 'a background account is not shown').toEqual([]);
    expect(told).toContain(`follow ${harborEntry!.id}`);
  });

  it('answers an outbox that refuses orders while no account is signed in, or the active one is not known yet', async () => {
    const { outboxes, activate } = await setup();
    const signedOut = await outboxes.active();
    expect(signedOut.list()).toEqual([]);
    expect(await signedOut.submit([draft(orderBody)])).toMatchObject({ ok: false, error: { code: 'not_configured' } });

    activate({ id: 'ba_unknown', mode: 'custom', baseUrl: WINE, accountId: 'org_unknown', name: 'Unknown' });
    const unknown = await outboxes.active();
    expect(await unknown.submit([draft(orderBody)])).toMatchObject({ ok: false, error: { code: 'not_configured', message: expect.stringContaining('has not reached wine.example.com') } });
  });

  it("never sends an entry of another account found in an account's file", async () => {
    const { session, service, outboxes, dir } = await setup();
    await session.connect({ baseUrl: WINE, apiKey: 'sk_harbor_12345678', allowWeakKeyStorage: false });
    await session.add({ baseUrl: WINE, apiKey: 'sk_cellar_12345678', allowWeakKeyStorage: false });
    const [harbor] = session.accounts().accounts;
    const foreign = storedEntry('out_foreign', 'org_cellar');
    await mkdir(folderOf(dir, harbor!), { recursive: true });
    await writeFile(path.join(folderOf(dir, harbor!), LEGACY_OUTBOX_FILE_NAME), JSON.stringify({ format: 'caseworks-outbox', version: 1, entries: [foreign] }));

    const box = await openedFor(outboxes, harbor!);
    box.kick();
    await box.whenIdle();
    expect(service.fetch).not.toHaveBeenCalled();
    expect(box.list('all').map((entry) => entry.state)).toEqual(['queued']);
  });

  it('waits, without sending, while an account has no key here', async () => {
    const { session, service, outboxes } = await setup();
    await session.connect({ baseUrl: WINE, apiKey: 'sk_harbor_12345678', allowWeakKeyStorage: false });
    const [harbor] = session.accounts().accounts;
    const box = await openedFor(outboxes, harbor!);
    await session.remove(harbor!.id);
    await box.submit([draft(orderBody)]);
    await box.whenIdle();
    expect(service.fetch).not.toHaveBeenCalled();
    expect(box.list()[0]?.state).toBe('queued');
  });

  it("moves each account's entries out of the shared outbox of before into its own file, once", async () => {
    const { session, outboxes, dir, only, withoutKeys } = await setup();
    await session.connect({ baseUrl: WINE, apiKey: 'sk_harbor_12345678', allowWeakKeyStorage: false });
    await session.add({ baseUrl: WINE, apiKey: 'sk_cellar_12345678', allowWeakKeyStorage: false });
    // Neither can send during the test: no key is given to the senders.
    withoutKeys();
    const legacy = [storedEntry('out_h1', 'org_harbor'), storedEntry('out_c1', 'org_cellar'), storedEntry('out_h2', 'org_harbor')];
    await writeFile(path.join(dir, LEGACY_OUTBOX_FILE_NAME), JSON.stringify({ format: 'caseworks-outbox', version: 1, entries: legacy }));
    const [harbor, cellar] = session.accounts().accounts;

    only([harbor!]);
    const harborBox = await openedFor(outboxes, harbor!);
    expect(harborBox.list().map((entry) => [entry.id, entry.idempotencyKey])).toEqual([
      ['out_h1', 'key-out_h1'],
      ['out_h2', 'key-out_h2'],
    ]);
    const shared = await readOutboxFile(dir);
    expect(shared.entries.map((entry) => entry.id)).toEqual(['out_c1']);

    only([harbor!, cellar!]);
    const cellarBox = await openedFor(outboxes, cellar!);
    expect(cellarBox.list().map((entry) => entry.id)).toEqual(['out_c1']);
    const emptied = await readOutboxFile(dir);
    expect(emptied.entries).toEqual([]);
    const own = await readOutboxFile(folderOf(dir, harbor!));
    expect(existsSync(path.join(dir, LEGACY_OUTBOX_FILE_NAME)), 'the file of before is gone once its entries moved').toBe(false);
    expect(own.entries.map((entry) => entry.id)).toEqual(['out_h1', 'out_h2']);
  });
});

function storedEntry(id: string, accountId: string): OutboxEntry {
  return queuedOutboxEntry({ id, accountId, order: orderBody, estimatedTotalCents: 20_000, createdAt: '2026-11-22T09:00:00.000Z' });
}
