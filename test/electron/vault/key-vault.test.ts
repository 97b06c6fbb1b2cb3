import { describe, expect, it, vi } from 'vitest';
import { createKeyVault, type SafeStorageLike } from '../../../electron/core/vault';

const KEY = 'cw_live_0123456789abcdef';

/** safeStorage with Electron's shape; the "encryption" reverses and tags the bytes so tests can tell. */
function fakeSafeStorage(backend: string, available = true): SafeStorageLike & { encryptString: ReturnType<typeof vi.fn> } {
  return {
    isEncryptionAvailable: () => available,
    getSelectedStorageBackend: () => backend,
    encryptString: vi.fn((text: string) => Buffer.from(`sealed:${[...text].reverse().join('')}`)),
    decryptString: (buffer: Buffer) => {
      const text = buffer.toString();
      if (!text.startsWith('sealed:')) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      return [...text.slice(7)].reverse().join('');
    },
  };
}

const setup = (backend: string, platform: NodeJS.Platform = 'linux', available = true) => {
  const settings = new Map<string, unknown>();
  const safeStorage = fakeSafeStorage(backend, available);
  const vault = createKeyVault({ safeStorage, settings, platform });
  return { settings, safeStorage, vault, reopen: () => createKeyVault({ safeStorage, settings, platform }) };
};

describe('key vault', () => {
  it('encrypts the key with a real keychain and finds it again after a restart', () => {
    const { vault, settings, reopen } = setup('gnome_libsecret');
    const status = vault.save(KEY);
    expect(status).toEqual({ kind: 'os-encrypted', description: 'Encrypted with the system keychain (libsecret).', weakStorageAvailable: false });
    expect(JSON.stringify([...settings])).not.toContain(KEY);
    const later = reopen();
    expect(later.load()).toEqual({ apiKey: KEY, problem: null });
    expect(later.describe().kind).toBe('os-encrypted');
  });

  it.each([
    ['darwin', 'the macOS Keychain'],
    ['win32', 'Windows data protection'],
  ] as const)('treats %s safeStorage as secure', (platform, label) => {
    const { vault } = setup('unknown', platform);
    const status = vault.save(KEY);
    expect(status.kind).toBe('os-encrypted');
    expect(status.description).toContain(label);
  });

  it('keeps the key in memory only on basic_text, and says so', () => {
    const { vault, settings, safeStorage, reopen } = setup('basic_text');
    const status = vault.save(KEY);
    expect(status.kind).toBe('memory-only');
    expect(status.weakStorageAvailable).toBe(true);
    expect(status.description).toMatch(/memory only/);
    expect(vault.getKey()).toBe(KEY);
    expect(settings.size).toBe(0);
    expect(safeStorage.encryptString).not.toHaveBeenCalled();
    expect(reopen().load()).toEqual({ apiKey: null, problem: null });
  });

  it('keeps the key in memory only when encryption is unavailable', () => {
    const { vault, settings } = setup('gnome_libsecret', 'linux', false);
    expect(vault.save(KEY).kind).toBe('memory-only');
    expect(settings.size).toBe(0);
  });

  it('stores the key with weak protection on basic_text only when the user opts in', () => {
    const { vault, settings, reopen } = setup('basic_text');
    const status = vault.save(KEY, { allowWeakKeyStorage: true });
    expect(status.kind).toBe('plain-text-opt-in');
    expect(status.description).toMatch(/weak protection, as you chose/);
    expect(JSON.stringify([...settings])).not.toContain(KEY);
    const later = reopen();
    expect(later.getKey()).toBe(KEY);
    expect(later.describe().kind).toBe('plain-text-opt-in');
  });

  it('with no encryption at all, an opt-in keeps the key only encoded, and reads it back', () => {
    const { vault, settings, reopen } = setup('unknown', 'linux', false);
    expect(vault.save(KEY, { allowWeakKeyStorage: true }).kind).toBe('plain-text-opt-in');
    expect(settings.get('serviceApiKey')).toMatchObject({ kind: 'plain-text-opt-in', encoding: 'base64' });
    expect(reopen().getKey()).toBe(KEY);
  });

  it('ignores the opt-in where a keychain exists', () => {
    const { vault } = setup('kwallet5');
    expect(vault.save(KEY, { allowWeakKeyStorage: true }).kind).toBe('os-encrypted');
  });

  it('switching to memory-only removes an older stored key', () => {
    const { vault, settings } = setup('basic_text');
    vault.save(KEY, { allowWeakKeyStorage: true });
    expect(settings.size).toBe(1);
    vault.save('cw_other_key_0000', { allowWeakKeyStorage: false });
    expect(settings.size).toBe(0);
    expect(vault.getKey()).toBe('cw_other_key_0000');
  });

  it('clear() forgets the key in memory and on disk', () => {
    const { vault, settings, reopen } = setup('gnome_libsecret');
    vault.save(KEY);
    vault.clear();
    expect(vault.getKey()).toBeNull();
    expect(settings.size).toBe(0);
    expect(vault.describe()).toMatchObject({ kind: 'none', description: 'No API key is saved.' });
    expect(reopen().getKey()).toBeNull();
  });

  it.each([
    ['a ciphertext that does not decrypt', { version: 1, kind: 'os-encrypted', encoding: 'safe-storage', data: Buffer.from('garbage').toString('base64') }, /could not be decrypted/],
    ['a foreign value', 'just a string', /damaged/],
    ['a future version', { version: 9, kind: 'os-encrypted', encoding: 'safe-storage', data: 'AAAA' }, /damaged/],
    ['a decrypted value that is not a key', { version: 1, kind: 'os-encrypted', encoding: 'safe-storage', data: Buffer.from('sealed: a b').toString('base64') }, /damaged/],
  ])('treats %s as "no key" with a reason', (_label, stored, reason) => {
    const { settings, reopen } = setup('gnome_libsecret');
    settings.set('serviceApiKey', stored);
    const vault = reopen();
    const loaded = vault.load();
    expect(loaded.apiKey).toBeNull();
    expect(loaded.problem).toMatch(reason);
    expect(vault.describe()).toMatchObject({ kind: 'none' });
    expect(vault.describe().description).toMatch(reason);
  });

  it('falls back to memory only when encryption throws, without the key in anything it reports', () => {
    const settings = new Map<string, unknown>();
    const safeStorage = fakeSafeStorage('gnome_libsecret');
    safeStorage.encryptString.mockImplementation(() => {
      throw new Error('keychain locked');
    });
    const vault = createKeyVault({ safeStorage, settings, platform: 'linux' });
    const status = vault.save(KEY);
    expect(status.kind).toBe('memory-only');
    expect(vault.getKey()).toBe(KEY);
    expect(JSON.stringify(status)).not.toContain(KEY);
    expect(settings.size).toBe(0);
  });

  it('works with safeStorage that throws before the app is ready', () => {
    const settings = new Map<string, unknown>();
    const safeStorage: SafeStorageLike = {
      isEncryptionAvailable: () => {
        throw new Error('not ready');
      },
      encryptString: () => Buffer.from(''),
      decryptString: () => '',
    };
    const vault = createKeyVault({ safeStorage, settings, platform: 'linux' });
    expect(vault.save(KEY).kind).toBe('memory-only');
  });
});
