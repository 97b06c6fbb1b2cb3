import { describe, expect, it, vi } from 'vitest';
import { ACCOUNTS_SETTING, keySettingOf, LEGACY_SETTINGS, loadRegistry } from '../../../electron/core/session/account-registry';
import { createSessionManager, type VerifyOutcome } from '../../../electron/core/session/session-manager';
import type { ServiceError } from '../../../electron/core/api/service-error';
import { createKeyVault } from '../../../electron/core/vault';
import { createMemorySettings } from '../../support/fake-core';

const WINE = 'https://wine.example.com/api/v1';
const OTHER = 'https://other.example.org/api/v1';
const DEMO = 'http://127.0.0.1:5000/api/v1';

/** Which key belongs to which account of which service: what `GET /account` answers. */
const accountsByKey: Record<string, { service: string; id: string; name: string }> = {
  sk_harbor_12345678: { service: WINE, id: 'org_harbor', name: 'Harbor Wines' },
  sk_harbor_second_key: { service: WINE, id: 'org_harbor', name: 'Harbor Wines' },
  sk_cellar_12345678: { service: WINE, id: 'org_cellar', name: 'Cellar Door' },
  sk_other_12345678: { service: OTHER, id: 'org_far', name: 'Far Away Bistro' },
  demo_key_first: { service: DEMO, id: 'org_demo1', name: 'Demo Buyer One' },
  demo_key_second: { service: DEMO, id: 'org_demo2', name: 'Demo Buyer Two' },
};

async function verify(baseUrl: string, apiKey: string): Promise<VerifyOutcome> {
  const known = accountsByKey[apiKey];
  if (!known || known.service !== baseUrl) {
    return { ok: false, error: { code: 'unauthorized', message: 'The service did not accept this API key. Check the key and try again.', retryable: false } };
  }
  return { ok: true, account: { id: known.id, name: known.name } as never };
}

const safeStorage = {
  isEncryptionAvailable: () => true,
  getSelectedStorageBackend: () => 'gnome_libsecret',
  encryptString: (text: string) => Buffer.from(`enc:${text}`),
  decryptString: (buffer: Buffer) => buffer.toString().replace(/^enc:/, ''),
};

function setup(settings = createMemorySettings(), options: { memoryOnlyKeys?: boolean; idPrefix?: string } = {}) {
  const vaultFor = (settingsKey: string) => createKeyVault({ safeStorage, settings, platform: 'linux', settingsKey });
  const stop = vi.fn(async () => undefined);
  const startEmbedded = vi.fn(async () => ({
    ok: true as const,
    service: {
      baseUrl: DEMO,
      apiKey: 'demo_key_first',
      buyers: [
        { accountId: 'org_demo1', apiKey: 'demo_key_first' },
        { accountId: 'org_demo2', apiKey: 'demo_key_second' },
      ],
      stop,
    },
  }));
  const onChange = vi.fn();
  const checked = vi.fn(verify);
  /** The bounded first contact after a sign-in without asking (in the background). */
  const firstContact = vi.fn(verify);
  let ids = 0;
  const session = createSessionManager({
    vaultFor,
    settings,
    memoryOnlyKeys: options.memoryOnlyKeys ?? false,
    startEmbedded,
    verify: checked,
    firstContact,
    onChange,
    newAccountId: () => `ba_${options.idPrefix ?? ''}${++ids}`,
  });
  return { session, settings, startEmbedded, stop, onChange, verify: checked, firstContact };
}

const input = (baseUrl: string, apiKey: string) => ({ baseUrl, apiKey, allowWeakKeyStorage: false });

/** The refusal a step answers (a value, never thrown). */
async function refusalOf(promise: Promise<{ ok: true } | { ok: false; error: ServiceError }>) {
  const outcome = await promise;
  if (outcome.ok) throw new Error('the step was not refused');
  return outcome.error;
}

describe('several buyer accounts', () => {
  it('adds accounts beside each other, each with its own key in its own vault entry, and switches between them', async () => {
    const { session, settings } = setup();
    await session.connect(input(WINE, 'sk_harbor_12345678'));
    await session.add(input(WINE, 'sk_cellar_12345678'));
    await session.add(input(OTHER, 'sk_other_12345678'));

    const { accounts, activeId } = session.accounts();
    expect(accounts.map((account) => account.name)).toEqual(['Harbor Wines', 'Cellar Door', 'Far Away Bistro']);
    expect(activeId).toBe('ba_3');
    expect(session.current()).toMatchObject({ id: 'ba_3', baseUrl: OTHER, account: { id: 'org_far' } });
    expect(accounts.map((account) => session.keyOf(account.id))).toEqual(['sk_harbor_12345678', 'sk_cellar_12345678', 'sk_other_12345678']);
    for (const account of accounts) expect(settings.get(keySettingOf(account.id))).toMatchObject({ kind: 'os-encrypted' });
    expect(JSON.stringify([...settings.values])).not.toMatch(/sk_(harbor|cellar|other)_12345678/);

    await session.switchTo('ba_1');
    expect(session.current()).toMatchObject({ id: 'ba_1', account: { name: 'Harbor Wines' } });
    expect(session.apiKey()).toBe('sk_harbor_12345678');
    expect(session.info(true)).toMatchObject({ buyerAccountId: 'ba_1', keyStorage: 'os-encrypted' });
  });

  it('keeps the accounts and the active one across a restart, keys read from each vault entry', async () => {
    const first = setup();
    await first.session.connect(input(WINE, 'sk_harbor_12345678'));
    await first.session.add(input(WINE, 'sk_cellar_12345678'));
    await first.session.switchTo('ba_1');

    const relaunched = setup(first.settings);
    await relaunched.session.start();
    expect(relaunched.startEmbedded).not.toHaveBeenCalled();
    expect(relaunched.verify).not.toHaveBeenCalled();
    expect(relaunched.session.current()).toMatchObject({ id: 'ba_1', mode: 'custom', account: { name: 'Harbor Wines' } });
    expect(relaunched.session.keyOf('ba_2')).toBe('sk_cellar_12345678');
  });

  it('refuses the same key twice with a specific message, and stores nothing', async () => {
    const { session, settings } = setup();
    await session.connect(input(WINE, 'sk_harbor_12345678'));
    const before = JSON.stringify([...settings.values]);
    const error = await refusalOf(session.add(input(WINE, 'sk_harbor_12345678')));
    expect(error).toMatchObject({ code: 'rejected', message: 'This key is already added, as Harbor Wines. Choose it in the account switcher instead.' });
    expect(JSON.stringify([...settings.values])).toBe(before);
    expect(session.accounts().accounts).toHaveLength(1);
  });

  it('refuses a second key of an account already added, naming it', async () => {
    const { session, settings } = setup();
    await session.connect(input(WINE, 'sk_harbor_12345678'));
    const before = JSON.stringify([...settings.values]);
    const error = await refusalOf(session.add(input(WINE, 'sk_harbor_second_key')));
    expect(error.message).toBe('Harbor Wines is already added with another key of the same account. Remove it first to use this key instead.');
    expect(JSON.stringify([...settings.values])).toBe(before);
  });

  it('says when a key belongs to another service, and stores nothing', async () => {
    const { session, settings } = setup();
    await session.connect(input(WINE, 'sk_harbor_12345678'));
    const before = JSON.stringify([...settings.values]);

    const unknown = await refusalOf(session.add(input(WINE, 'sk_other_12345678')));
    expect(unknown).toMatchObject({ code: 'unauthorized' });
    expect(unknown.message).toBe("The service at wine.example.com did not accept this key. Check the key; if it is a key of another service, enter that service's URL with it.");

    const known = await refusalOf(session.add(input(OTHER, 'sk_harbor_12345678')));
    expect(known.message).toBe('This key is already added, as Harbor Wines on wine.example.com: it is a key of that service, not of other.example.org.');
    expect(JSON.stringify([...settings.values])).toBe(before);
    expect(session.current()).toMatchObject({ id: 'ba_1' });
  });

  it('adds a second buyer of the demo service as a demo account, whose key follows the demo service', async () => {
    const { session, settings } = setup();
    await session.start();
    expect(session.current()).toMatchObject({ mode: 'demo', account: { id: 'org_demo1' } });
    await session.add(input(DEMO, 'demo_key_second'));
    expect(session.current()).toMatchObject({ mode: 'demo', account: { id: 'org_demo2', name: 'Demo Buyer Two' } });
    expect(session.apiKey()).toBe('demo_key_second');
    expect(session.keyOf('ba_1')).toBe('demo_key_first');
    expect(JSON.stringify([...settings.values]), 'no demo key is stored').not.toContain('demo_key');
    const duplicate = await refusalOf(session.add(input(DEMO, 'demo_key_first')));
    expect(duplicate.message).toBe('This key is already added, as Demo Buyer One. Choose it in the account switcher instead.');
  });

  it('removes an account: its key goes, the next account becomes active; removing the last signs out', async () => {
    const { session, settings } = setup();
    await session.connect(input(WINE, 'sk_harbor_12345678'));
    await session.add(input(WINE, 'sk_cellar_12345678'));
    const removed = await session.remove('ba_2');
    expect(removed.removed).toMatchObject({ name: 'Cellar Door' });
    expect(settings.get(keySettingOf('ba_2'))).toBeUndefined();
    expect(session.current()).toMatchObject({ id: 'ba_1' });
    await session.remove('ba_1');
    expect(session.current()).toBeNull();
    expect(session.accounts().accounts).toEqual([]);
    const relaunched = setup(settings);
    await relaunched.session.start();
    expect(relaunched.session.current(), 'stays signed out, no demo').toBeNull();
    expect(relaunched.startEmbedded).not.toHaveBeenCalled();
  });

  it('keeps keys in memory only in the browser shell, one per account', async () => {
    const { session, settings } = setup(undefined, { memoryOnlyKeys: true });
    await session.connect(input(WINE, 'sk_harbor_12345678'));
    await session.add(input(WINE, 'sk_cellar_12345678'));
    expect(session.keyOf('ba_1')).toBe('sk_harbor_12345678');
    expect(session.info(true)).toMatchObject({ keyStorage: 'memory-only' });
    expect(JSON.stringify([...settings.values])).not.toContain('12345678');
  });

  it('cannot switch to an account whose key is not kept here, and says what to do', async () => {
    const settings = createMemorySettings();
    const first = setup(settings);
    await first.session.connect(input(WINE, 'sk_harbor_12345678'));
    await first.session.add(input(WINE, 'sk_cellar_12345678'));
    settings.delete(keySettingOf('ba_1'));
    const relaunched = setup(settings);
    await relaunched.session.start();
    const error = await refusalOf(relaunched.session.switchTo('ba_1'));
    expect(error).toMatchObject({ code: 'not_configured' });
    expect(error.message).toBe('The key of Harbor Wines is not kept on this computer. Remove the account and add it again with its key.');
  });

  it('in the browser shell, keeps the accounts across a restart but not their keys: the demo instead, each account back with its key', async () => {
    const settings = createMemorySettings();
    const first = setup(settings, { memoryOnlyKeys: true });
    await first.session.connect(input(WINE, 'sk_harbor_12345678'));
    await first.session.add(input(WINE, 'sk_cellar_12345678'));
    expect(JSON.stringify([...settings.values.values()])).not.toContain('sk_');

    const relaunched = setup(settings, { memoryOnlyKeys: true, idPrefix: 'later_' });
    await relaunched.session.start();
    expect(relaunched.session.current(), 'signed in to the demo, whose buyers need no key').toMatchObject({ mode: 'demo' });
    expect(relaunched.session.accounts().accounts.map((account) => account.name)).toEqual(['Harbor Wines', 'Cellar Door', 'Demo Buyer One']);
    expect(relaunched.session.info(true)).toMatchObject({ keysInMemoryOnly: true });
    const error = await refusalOf(relaunched.session.switchTo('ba_1'));
    expect(error).toMatchObject({ code: 'not_configured' });
    expect(error.message).toContain('keeps keys in memory only, so the key of Harbor Wines was forgotten when it last stopped. Add the account again with its key');

    // Added again with its key: the same account (its queued orders and files), not a second one.
    await relaunched.session.add(input(WINE, 'sk_harbor_12345678'));
    expect(relaunched.session.current()).toMatchObject({ id: 'ba_1', account: { id: 'org_harbor' } });
    expect(relaunched.session.accounts().accounts).toHaveLength(3);
  });
});

describe('the first start after the update', () => {
  it('turns the one connection of before into one account: same key, same account, signed in without asking', async () => {
    const settings = createMemorySettings();
    settings.set(LEGACY_SETTINGS.mode, 'custom');
    settings.set(LEGACY_SETTINGS.baseUrl, WINE);
    settings.set(LEGACY_SETTINGS.account, { id: 'org_harbor', name: 'Harbor Wines' });
    const oldVault = createKeyVault({ safeStorage, settings, platform: 'linux' });
    oldVault.save('sk_harbor_12345678');
    const stored = settings.get(LEGACY_SETTINGS.apiKey);

    const { session, verify, startEmbedded } = setup(settings);
    await session.start();
    expect(verify, 'no network needed').not.toHaveBeenCalled();
    expect(startEmbedded).not.toHaveBeenCalled();
    expect(session.current()).toEqual({ id: 'ba_1', mode: 'custom', baseUrl: WINE, account: { id: 'org_harbor', name: 'Harbor Wines' } });
    expect(session.apiKey()).toBe('sk_harbor_12345678');
    expect(settings.get(keySettingOf('ba_1')), 'the key moved as stored, still encrypted').toEqual(stored);
    expect(settings.get(LEGACY_SETTINGS.apiKey)).toBeUndefined();
    expect(settings.get(LEGACY_SETTINGS.mode)).toBeUndefined();
    expect(settings.get(ACCOUNTS_SETTING)).toMatchObject({ version: 1, activeId: 'ba_1' });
  });

  it('keeps a signed-out user signed out, and a demo user on the demo', async () => {
    const signedOut = createMemorySettings();
    signedOut.set(LEGACY_SETTINGS.mode, 'none');
    expect(loadRegistry(signedOut).registry).toEqual({ version: 1, accounts: [], activeId: null });

    const demo = createMemorySettings();
    demo.set(LEGACY_SETTINGS.mode, 'demo');
    const { session, startEmbedded } = setup(demo);
    await session.start();
    expect(startEmbedded).toHaveBeenCalledTimes(1);
    expect(session.current()).toMatchObject({ mode: 'demo', account: { id: 'org_demo1' } });
  });

  it('starts with no accounts, and says so, when the stored list is damaged', () => {
    const settings = createMemorySettings();
    settings.set(ACCOUNTS_SETTING, { version: 1, accounts: [{ id: 42 }] });
    expect(loadRegistry(settings)).toEqual({
      registry: { version: 1, accounts: [], activeId: null },
      problem: 'The list of buyer accounts was damaged. Add your accounts again.',
    });
  });
});
