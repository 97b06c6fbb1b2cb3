import { describe, expect, it, vi } from 'vitest';
import { createAccountBook, sameAccount } from '../../../electron/core/session/account-book';
import { ACCOUNTS_SETTING } from '../../../electron/core/session/account-registry';
import { createDemoService } from '../../../electron/core/session/demo-service';
import { DEMO_SCOPE_URL } from '../../../electron/core/session/service-connection';
import { createKeyVault, NO_SAFE_STORAGE } from '../../../electron/core/vault';
import { createMemorySettings } from '../../support/fake-core';

const WINE = 'https://wine.example.com/api/v1';

function setup() {
  const settings = createMemorySettings();
  const demo = createDemoService({ start: async () => ({ ok: true, service: { baseUrl: 'http://127.0.0.1:5000/api/v1', apiKey: 'demo_key', stop: async () => undefined } }) });
  const told = vi.fn();
  let ids = 0;
  const book = createAccountBook({
    settings,
    vaultFor: (settingsKey) => createKeyVault({ safeStorage: NO_SAFE_STORAGE, settings, settingsKey }),
    memoryOnlyKeys: true,
    newAccountId: () => `ba_${++ids}`,
    onAccountsChange: told,
    demo,
  });
  return { book, settings, demo, told };
}

describe('the account book: the accounts and their keys', () => {
  it('adds an account once per account of a service (the same one again is updated, not doubled), saved and told', () => {
    const { book, settings, told } = setup();
    const harbor = book.upsert({ id: 'ba_1', mode: 'custom', baseUrl: WINE, accountId: 'org_harbor', name: 'Harbor' });
    const renamed = book.upsert({ id: 'ba_9', mode: 'custom', baseUrl: WINE, accountId: 'org_harbor', name: 'Harbor Wines' });
    expect(renamed.id).toBe(harbor.id);
    expect(book.list()).toEqual([{ ...harbor, name: 'Harbor Wines' }]);
    expect(settings.get(ACCOUNTS_SETTING)).toMatchObject({ accounts: [{ id: 'ba_1', name: 'Harbor Wines' }] });
    expect(told).toHaveBeenCalledTimes(2);
  });

  it('keeps a demo account’s key with the demo service and a custom account’s its own; forgetting one drops its key and its activity', () => {
    const { book, demo } = setup();
    const custom = book.upsert({ id: 'ba_1', mode: 'custom', baseUrl: WINE, accountId: 'org_harbor', name: 'Harbor' });
    const demoAccount = book.upsert({ id: 'ba_2', mode: 'demo', baseUrl: DEMO_SCOPE_URL, accountId: 'org_demo', name: 'Demo' });
    book.keys.keep(custom.id, 'sk_harbor', false);
    demo.setKey('org_demo', 'demo_key');
    book.setActive(custom.id);
    expect([book.keyOf(custom.id), book.keyOf(demoAccount.id)]).toEqual(['sk_harbor', 'demo_key']);
    // Before the demo ever ran, a demo account has no address.
    expect(book.connectionOf(demoAccount)).toMatchObject({ id: 'ba_2', mode: 'demo', baseUrl: '' });

    expect(book.forget(custom.id)).toMatchObject({ id: 'ba_1' });
    expect(book.keyOf(custom.id)).toBeNull();
    expect(book.activeId()).toBeNull();
    expect(book.forget(custom.id)).toBeNull();
  });

  it('tells the same account apart from another: a demo account by its id alone, a custom one by its service too', () => {
    expect(sameAccount({ mode: 'demo', baseUrl: 'http://a', accountId: 'org_1' }, { mode: 'demo', baseUrl: 'http://b', accountId: 'org_1' })).toBe(true);
    expect(sameAccount({ mode: 'custom', baseUrl: 'http://a', accountId: 'org_1' }, { mode: 'custom', baseUrl: 'http://b', accountId: 'org_1' })).toBe(false);
    expect(sameAccount({ mode: 'custom', baseUrl: 'http://a', accountId: 'org_1' }, { mode: 'demo', baseUrl: 'http://a', accountId: 'org_1' })).toBe(false);
  });
});
