import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../shared/bridge';
import { createCaseworksCore, type CaseworksCoreHandle } from '../../../electron/app/app-core';
import { LEGACY_SETTINGS } from '../../../electron/core/session/account-registry';
import { accountScopeOf } from '../../../electron/core/session/service-connection';
import { accountFolder } from '../../../electron/core/account-files/versioned-file';
import { createKeyVault } from '../../../electron/core/vault';
import { createMemorySettings, createTestPlatform } from '../../support/fake-core';
import { queuedOutboxEntry } from '../../support/outbox-entries';
import { readOutboxFile } from '../outbox/outbox-harness';

const WINE = 'https://wine.example.com/api/v1';
const safeStorage = {
  isEncryptionAvailable: () => true,
  getSelectedStorageBackend: () => 'gnome_libsecret',
  encryptString: (text: string) => Buffer.from(`enc:${text}`),
  decryptString: (buffer: Buffer) => buffer.toString().replace(/^enc:/, ''),
};

const running: CaseworksCoreHandle[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((core) => core.close()));
});

function queued(id: string, accountId: string): OutboxEntry {
  return queuedOutboxEntry({ id, accountId, order: { supplier_id: 'sup_abc', items: [{ product_id: 'prod_1', quantity: 1 }], shipping_address: { street1: '1 Vine St', city: 'Napa', state: 'CA', zip: '94558' } }, estimatedTotalCents: 100, createdAt: '2026-11-22T08:00:00.000Z' });
}

describe('the first start after the update to several accounts', () => {
  it('keeps the signed-in buyer: same account, same key, queued orders moved to its own outbox', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'caseworks-upgrade-'));
    const settings = createMemorySettings();
    settings.set(LEGACY_SETTINGS.mode, 'custom');
    settings.set(LEGACY_SETTINGS.baseUrl, WINE);
    settings.set(LEGACY_SETTINGS.account, { id: 'org_harbor', name: 'Harbor Wines' });
    createKeyVault({ safeStorage, settings, platform: 'linux' }).save('sk_harbor_12345678');
    const legacy = [queued('out_mine', 'org_harbor'), queued('out_other', 'org_someone_else')];
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path.join(dataDir, 'outbox.json'), JSON.stringify({ format: 'caseworks-outbox', version: 1, entries: legacy }));

    // The service cannot be reached: nothing may depend on asking it again.
    const requests: string[] = [];
    const platform = createTestPlatform({
      dataDir,
      keyStore: { safeStorage, settings },
      fetch: async (url: string | URL | Request, init?: RequestInit) => {
        requests.push(`${init?.method ?? 'GET'} ${String(url)} ${new Headers(init?.headers).get('authorization') ?? ''}`);
        throw new TypeError('fetch failed');
      },
    });
    const core = createCaseworksCore(platform, { syncIntervalMs: 0, offlineProbeMs: 60_000, client: { timeoutMs: 500, maxAttempts: 1 } });
    running.push(core);
    await core.ready;
    const call = async (method: 'getSession' | 'listOutbox' | 'listBuyerAccounts') => {
      const result = await core.dispatcher.dispatch(method, {});
      if (!result.ok) throw new Error(`${method}: ${result.error.message}`);
      return result.data as never;
    };

    expect(await call('getSession')).toMatchObject({ mode: 'custom', baseUrl: WINE, account: { id: 'org_harbor', name: 'Harbor Wines' }, keyStorage: 'os-encrypted' });
    const { accounts } = (await call('listBuyerAccounts')) as { accounts: { name: string; active: boolean; queuedOrders: number }[] };
    expect(accounts).toMatchObject([{ name: 'Harbor Wines', active: true, queuedOrders: 1 }]);
    const outbox = ((await call('listOutbox')) as { entries: OutboxEntry[] }).entries;
    expect(outbox.map((entry) => [entry.id, entry.idempotencyKey])).toEqual([['out_mine', 'key-out_mine']]);

    const own = await readOutboxFile(accountFolder(dataDir, accountScopeOf({ mode: 'custom', baseUrl: WINE, accountId: 'org_harbor' })));
    expect(own.entries.map((entry) => entry.id)).toEqual(['out_mine']);
    const shared = await readOutboxFile(dataDir);
    expect(shared.entries.map((entry) => entry.id), "another account's order waits for that account").toEqual(['out_other']);
    await core.whenIdle();
    expect(requests.filter((request) => request.startsWith('POST')).every((request) => request.endsWith('Bearer sk_harbor_12345678')), requests.join('\n')).toBe(true);
    expect(requests.some((request) => request.startsWith('POST')), 'the queued order was tried with the migrated key').toBe(true);
  });
});
