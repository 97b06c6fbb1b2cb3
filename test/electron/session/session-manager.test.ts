import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createSessionManager,
  DEMO_STOPPED_TITLE,
  demoNotRestartedText,
  demoRestartedText,
  type DemoStart,
  type VerifyOutcome,
} from '../../../electron/core/session/session-manager';
import { createKeyVault } from '../../../electron/core/vault';
import { createMemorySettings } from '../../support/fake-core';

const account = {
  id: 'org_buyer1',
  type: 'buyer',
  name: 'Harbor Wines',
  dba_name: null,
  email: 'a@example.com',
  phone: '+1',
  license: { number: '1', state: 'CA', type: 'x', verified: true, verified_at: null },
  address: { street1: '1', street2: null, city: 'Napa', state: 'CA', zip: '94558' },
  stats: { total_orders: 0, shipping_addresses: 1, favorites: 0 },
  created_at: '2026-01-01T00:00:00.000Z',
};

function setup(options: { secure?: boolean; memoryOnlyKeys?: boolean; verify?: (baseUrl: string, key: string) => Promise<VerifyOutcome> } = {}) {
  const settings = createMemorySettings();
  const safeStorage = {
    isEncryptionAvailable: () => true,
    getSelectedStorageBackend: () => (options.secure === false ? 'basic_text' : 'gnome_libsecret'),
    encryptString: (text: string) => Buffer.from(`enc:${text}`),
    decryptString: (buffer: Buffer) => buffer.toString().replace(/^enc:/, ''),
  };
  const vaultFor = (settingsKey: string) => createKeyVault({ safeStorage, settings, platform: 'linux', settingsKey });
  const stop = vi.fn(async () => undefined);
  const startEmbedded = vi.fn(async (): Promise<DemoStart> => ({ ok: true, service: { baseUrl: 'http://127.0.0.1:5000/api/v1', apiKey: 'demo_key_123456', stop } }));
  const onChange = vi.fn();
  const verify = vi.fn(options.verify ?? (async (): Promise<VerifyOutcome> => ({ ok: true, account })));
  const session = createSessionManager({ vaultFor, settings, memoryOnlyKeys: options.memoryOnlyKeys ?? false, startEmbedded, verify, onChange });
  return { session, settings, vaultFor, startEmbedded, stop, onChange, verify };
}

describe('the session', () => {
  it('starts the embedded demo and signs in as its first buyer when nothing is configured', async () => {
    const { session, startEmbedded, onChange } = setup();
    await session.start();
    expect(startEmbedded).toHaveBeenCalledTimes(1);
    expect(session.current()).toMatchObject({ mode: 'demo', account: { id: 'org_buyer1', name: 'Harbor Wines' } });
    expect(session.apiKey()).toBe('demo_key_123456');
    expect(session.info(true)).toMatchObject({ mode: 'demo', keyStorage: 'embedded-demo', online: true });
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('while the demo service starts, tells of the demo session it will be (so the catalog shows its offline copy, not the connect screen)', async () => {
    const { session, settings, startEmbedded } = setup();
    let release!: () => void;
    startEmbedded.mockImplementationOnce(
      () => new Promise((resolve) => {
        release = () => resolve({ ok: true, service: { baseUrl: 'http://127.0.0.1:5000/api/v1', apiKey: 'demo_key_123456', stop: vi.fn(async () => undefined) } });
      }),
    );
    expect(session.expected()).toEqual({ id: '', mode: 'demo', baseUrl: '', account: null });
    const starting = session.start();
    await vi.waitFor(() => expect(startEmbedded).toHaveBeenCalled());
    expect(session.current()).toBeNull();
    expect(session.info(true)).toMatchObject({ mode: 'demo', baseUrl: null, account: null, keyStorage: 'embedded-demo' });
    release();
    await starting;
    expect(session.info(true)).toMatchObject({ mode: 'demo', account: { id: 'org_buyer1' } });
    // Signed out (accounts kept, none active) is no session to expect; a failed start is no session once it is over.
    const signedOut = createSessionManager({ vaultFor: setup().vaultFor, settings, memoryOnlyKeys: false, startEmbedded, verify: vi.fn(), onChange: () => undefined });
    settings.set('accounts', { ...(settings.get('accounts') as object), activeId: null });
    expect(signedOut.expected()).toBeNull();
    const failing = setup();
    failing.startEmbedded.mockResolvedValueOnce({ ok: false, failure: { code: 'failed', message: 'no demo' } });
    await failing.session.start();
    expect(failing.session.info(true).mode).toBe('none');
  });

  it('expects the remembered custom service, with its remembered account', async () => {
    const first = setup();
    await first.session.connect({ baseUrl: 'https://wine.example.com/api/v1', apiKey: 'sk_live_abcdefgh', allowWeakKeyStorage: false });
    const next = createSessionManager({
      vaultFor: first.vaultFor,
      settings: first.settings,
      memoryOnlyKeys: false,
      startEmbedded: first.startEmbedded,
      verify: first.verify,
      onChange: () => undefined,
    });
    expect(next.expected()).toEqual({ id: first.session.current()?.id, mode: 'custom', baseUrl: 'https://wine.example.com/api/v1', account: { id: 'org_buyer1', name: 'Harbor Wines' } });
  });

  it('verifies a custom service before saving anything', async () => {
    const { session, settings, verify } = setup({
      verify: async () => ({ ok: false, error: { code: 'unauthorized', message: 'The service did not accept this API key.', retryable: false } }),
    });
    expect(await session.connect({ baseUrl: 'https://wine.example.com/api/v1', apiKey: 'sk_live_abcdefgh', allowWeakKeyStorage: false })).toMatchObject({
      ok: false,
      error: { code: 'unauthorized' },
    });
    expect(verify).toHaveBeenCalledWith('https://wine.example.com/api/v1', 'sk_live_abcdefgh');
    expect(settings.values.size).toBe(0);
    expect(session.current()).toBeNull();
  });

  it('saves a verified key encrypted and restores it on the next launch', async () => {
    const first = setup();
    await first.session.connect({ baseUrl: 'https://wine.example.com/api/v1', apiKey: 'sk_live_abcdefgh', allowWeakKeyStorage: false });
    expect(first.session.info(true)).toMatchObject({ mode: 'custom', keyStorage: 'os-encrypted', account: { id: 'org_buyer1' } });
    expect(JSON.stringify([...first.settings.values])).not.toContain('sk_live_abcdefgh');

    const vaultFor = (settingsKey: string) =>
      createKeyVault({
        safeStorage: {
          isEncryptionAvailable: () => true,
          getSelectedStorageBackend: () => 'gnome_libsecret',
          encryptString: (text: string) => Buffer.from(`enc:${text}`),
          decryptString: (buffer: Buffer) => buffer.toString().replace(/^enc:/, ''),
        },
        settings: first.settings,
        platform: 'linux',
        settingsKey,
      });
    const startEmbedded = vi.fn();
    const relaunched = createSessionManager({
      vaultFor,
      settings: first.settings,
      memoryOnlyKeys: false,
      startEmbedded,
      verify: vi.fn(),
      onChange: () => {},
    });
    await relaunched.start();
    expect(startEmbedded).not.toHaveBeenCalled();
    expect(relaunched.current()).toMatchObject({ mode: 'custom', baseUrl: 'https://wine.example.com/api/v1', account: { id: 'org_buyer1' } });
    expect(relaunched.apiKey()).toBe('sk_live_abcdefgh');
  });

  it('keeps the key in memory only in the browser shell and says so', async () => {
    const { session, settings } = setup({ memoryOnlyKeys: true });
    await session.connect({ baseUrl: 'https://wine.example.com/api/v1', apiKey: 'sk_live_abcdefgh', allowWeakKeyStorage: true });
    expect(session.info(true)).toMatchObject({ keyStorage: 'memory-only', weakStorageAvailable: false });
    expect(session.info(true).keyStorageDescription).toMatch(/memory only/);
    expect(JSON.stringify([...settings.values])).not.toContain('sk_live_abcdefgh');
  });

  it('signs out: forgets the key and stays signed out on the next launch', async () => {
    const { session, settings, vaultFor, startEmbedded } = setup();
    await session.connect({ baseUrl: 'https://wine.example.com/api/v1', apiKey: 'sk_live_abcdefgh', allowWeakKeyStorage: false });
    session.signOut();
    expect(session.current()).toBeNull();
    expect(session.apiKey()).toBeNull();
    expect(JSON.stringify([...settings.values]), 'no key entry is left').not.toContain('enc:');
    expect(session.info(false)).toMatchObject({ mode: 'none', account: null, keyStorage: 'none' });
    const relaunched = createSessionManager({ vaultFor, settings, memoryOnlyKeys: false, startEmbedded, verify: vi.fn(), onChange: () => {} });
    await relaunched.start();
    expect(relaunched.current()).toBeNull();
    expect(startEmbedded).not.toHaveBeenCalled();
  });

  it('stops the demo service when the buyer switches to their own service, and starts it again for the demo', async () => {
    const { session, startEmbedded, stop } = setup();
    await session.start();
    await session.connect({ baseUrl: 'https://wine.example.com/api/v1', apiKey: 'sk_live_abcdefgh', allowWeakKeyStorage: false });
    expect(stop).toHaveBeenCalledTimes(1);
    expect(session.embeddedService()).toBeNull();
    await session.useDemo();
    expect(startEmbedded).toHaveBeenCalledTimes(2);
    expect(session.current()).toMatchObject({ mode: 'demo', baseUrl: 'http://127.0.0.1:5000/api/v1' });
  });

  it('keeps the demo service running when the buyer connects to it by its address', async () => {
    const { session, stop } = setup();
    await session.start();
    await session.connect({ baseUrl: 'http://127.0.0.1:5000/api/v1', apiKey: 'sk_other_buyer1', allowWeakKeyStorage: false });
    expect(stop).not.toHaveBeenCalled();
    expect(session.embeddedService()).not.toBeNull();
  });

  it('reports a demo that cannot start instead of crashing', async () => {
    const { session, startEmbedded } = setup();
    startEmbedded.mockResolvedValueOnce({ ok: false, failure: { code: 'failed', message: 'The demo service did not start within 120 s.' } });
    await session.start();
    expect(session.current()).toBeNull();
    expect(session.info(false).keyStorageDescription).toBe('The demo service did not start within 120 s.');
  });

  it('answers "Use the demo service" with why the demo could not start, as a value (not a throw the bridge calls internal)', async () => {
    const { session, startEmbedded } = setup();
    await session.start();
    await session.stopEmbedded();
    startEmbedded.mockResolvedValueOnce({ ok: false, failure: { code: 'data_folder_in_use', message: 'pid 4242 holds it.' } });
    const refused = await session.useDemo();
    expect(refused).toMatchObject({ ok: false, error: { code: 'service_error', retryable: false } });
    expect(refused.ok ? '' : refused.error.message).toMatch(/another process is using its data folder\. pid 4242 holds it\./);
    expect(session.problem()).toMatchObject({ code: 'data_folder_in_use' });
  });

  it('follows the embedded service to its new address after a restart and stops it on close', async () => {
    const { session, startEmbedded, stop, onChange } = setup();
    await session.start();
    await session.stopEmbedded();
    expect(stop).toHaveBeenCalledTimes(1);
    startEmbedded.mockResolvedValueOnce({ ok: true, service: { baseUrl: 'http://127.0.0.1:6000/api/v1', apiKey: 'demo_key_123456', stop } });
    await session.restartEmbedded();
    expect(session.current()?.baseUrl).toBe('http://127.0.0.1:6000/api/v1');
    expect(onChange).toHaveBeenCalledTimes(2);
    await session.close();
    expect(stop).toHaveBeenCalledTimes(2);
  });
});

describe('a demo service that stops by itself', () => {
  function demoSetup(starts: Array<'ok' | 'fail'>) {
    const settings = createMemorySettings();
    const vaultFor = (settingsKey: string) =>
      createKeyVault({
        safeStorage: { isEncryptionAvailable: () => false, encryptString: () => Buffer.alloc(0), decryptString: () => '' },
        settings,
        platform: 'linux',
        settingsKey,
      });
    let port = 5000;
    const startEmbedded = vi.fn(async (): Promise<DemoStart> => {
      const outcome = starts.shift() ?? 'fail';
      if (outcome === 'fail') return { ok: false, failure: { code: 'failed', message: 'The demo service stopped while starting (exit code 1).' } };
      port += 1;
      return { ok: true, service: { baseUrl: `http://127.0.0.1:${port}/api/v1`, apiKey: 'demo_key_123456', stop: vi.fn(async () => undefined) } };
    });
    const onNotice = vi.fn();
    const onChange = vi.fn();
    const session = createSessionManager({
      vaultFor,
      settings,
      memoryOnlyKeys: true,
      startEmbedded,
      verify: async () => ({ ok: true, account }),
      onChange,
      onNotice,
      embeddedRestart: { attempts: 3, delayMs: (attempt) => 1_000 * 2 ** (attempt - 1) },
    });
    return { session, startEmbedded, onNotice, onChange };
  }

  afterEach(() => {
    vi.useRealTimers();
  });

  it('is started again after the first delay and the session follows it to its new address', async () => {
    vi.useFakeTimers();
    const { session, startEmbedded, onNotice } = demoSetup(['ok', 'ok']);
    await session.start();
    const first = session.embeddedService()!;
    const restarting = session.embeddedStopped(first);
    expect(session.embeddedService()).toBeNull();
    await vi.advanceTimersByTimeAsync(999);
    expect(startEmbedded).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await restarting;
    expect(startEmbedded).toHaveBeenCalledTimes(2);
    expect(session.current()).toMatchObject({ mode: 'demo', baseUrl: 'http://127.0.0.1:5002/api/v1' });
    expect(onNotice).toHaveBeenCalledWith(DEMO_STOPPED_TITLE, demoRestartedText);
  });

  it('tries a bounded number of times (1 s, 2 s, 4 s apart), then says so and leaves "Use the demo service" to start a new one', async () => {
    vi.useFakeTimers();
    const { session, startEmbedded, onNotice } = demoSetup(['ok', 'fail', 'fail', 'fail', 'ok']);
    await session.start();
    const restarting = session.embeddedStopped(session.embeddedService()!);
    await vi.advanceTimersByTimeAsync(1_000 + 2_000 + 4_000);
    await restarting;
    expect(startEmbedded).toHaveBeenCalledTimes(4);
    expect(onNotice).toHaveBeenCalledTimes(1);
    expect(onNotice).toHaveBeenCalledWith(DEMO_STOPPED_TITLE, demoNotRestartedText(3));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(startEmbedded, 'no further tries by itself').toHaveBeenCalledTimes(4);

    await session.useDemo();
    expect(startEmbedded).toHaveBeenCalledTimes(5);
    expect(session.current()).toMatchObject({ mode: 'demo', baseUrl: 'http://127.0.0.1:5002/api/v1' });
  });

  it('is not restarted when it was stopped on purpose or the buyer uses another service', async () => {
    vi.useFakeTimers();
    const { session, startEmbedded } = demoSetup(['ok', 'ok']);
    await session.start();
    const running = session.embeddedService()!;
    await session.stopEmbedded();
    await session.embeddedStopped(running);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(startEmbedded).toHaveBeenCalledTimes(1);
  });
});
