import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BridgeError } from '../../../shared/bridge/result';
import { DATA_FOLDER_IN_USE } from '../../../shared/embedded-service';
import { createSessionManager, type DemoBuyerKey, type DemoStart, type VerifyOutcome } from '../../../electron/core/session/session-manager';
import { createKeyVault } from '../../../electron/core/vault';
import { createMemorySettings } from '../../support/fake-core';

const WINE = 'https://wine.example.com/api/v1';
const DEMO = 'http://127.0.0.1:5000/api/v1';
const harbor = { id: 'org_harbor', name: 'Harbor Wines' };
const demoBuyers: DemoBuyerKey[] = [
  { accountId: 'org_demo1', apiKey: 'demo_key_first', name: 'Demo Buyer One' },
  { accountId: 'org_demo2', apiKey: 'demo_key_second', name: 'Demo Buyer Two' },
];

const failure = (code: BridgeError['code']): VerifyOutcome => ({ ok: false, error: { code, message: `failed: ${code}`, retryable: code !== 'unauthorized' } });

/**
 * A session whose service answers as `answer` says (changeable), with the demo's last buyers known
 * from its credentials file and a demo service that starts as `demo` says.
 */
function setup(options: { memoryOnlyKeys?: boolean; preset?: { baseUrl: string; apiKey: string }; settings?: ReturnType<typeof createMemorySettings> } = {}) {
  const settings = options.settings ?? createMemorySettings();
  const vaultFor = (settingsKey: string) =>
    createKeyVault({
      safeStorage: { isEncryptionAvailable: () => true, getSelectedStorageBackend: () => 'gnome_libsecret', encryptString: (text: string) => Buffer.from(`enc:${text}`), decryptString: (buffer: Buffer) => buffer.toString().replace(/^enc:/, '') },
      settings,
      platform: 'linux',
      settingsKey,
    });
  const state = {
    answer: 'ok' as 'ok' | 'offline' | 'timeout' | 'unauthorized',
    demo: 'ok' as 'ok' | 'fail' | 'in-use' | 'hang',
  };
  const verify = vi.fn(async (baseUrl: string, apiKey: string): Promise<VerifyOutcome> => {
    if (baseUrl === DEMO) {
      const buyer = demoBuyers.find((candidate) => candidate.apiKey === apiKey);
      return buyer ? { ok: true, account: { id: buyer.accountId, name: buyer.name } as never } : failure('unauthorized');
    }
    if (state.answer !== 'ok') return failure(state.answer);
    return apiKey === 'sk_harbor_12345678' ? { ok: true, account: harbor as never } : failure('unauthorized');
  });
  let release: (() => void) | null = null;
  const startEmbedded = vi.fn(async (): Promise<DemoStart> => {
    const started: DemoStart = { ok: true, service: { baseUrl: DEMO, apiKey: 'demo_key_first', buyers: demoBuyers, stop: vi.fn(async () => undefined) } };
    if (state.demo === 'hang') return new Promise((resolve) => (release = () => resolve(started)));
    if (state.demo === 'fail') return { ok: false, failure: { code: 'failed', message: 'The demo service stopped while starting (exit code 1).' } };
    if (state.demo === 'in-use') return { ok: false, failure: { code: DATA_FOLDER_IN_USE, message: 'The demo service could not start: its data folder is in use.' } };
    return started;
  });
  const onProblemChange = vi.fn();
  let ids = 0;
  const session = createSessionManager({
    vaultFor,
    settings,
    memoryOnlyKeys: options.memoryOnlyKeys ?? false,
    presetService: options.preset,
    startEmbedded,
    verify,
    knownDemoBuyers: async () => demoBuyers,
    onProblemChange,
    onChange: () => undefined,
    newAccountId: () => `ba_${++ids}_${Math.random().toString(36).slice(2, 6)}`,
    embeddedRestart: { attempts: 2, delayMs: () => 10 },
  });
  return { session, settings, state, verify, startEmbedded, onProblemChange, releaseDemo: () => release?.() };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('starting with the service unreachable: the browser shell with CASEWORKS_SERVICE_URL and CASEWORKS_API_KEY', () => {
  const preset = { baseUrl: WINE, apiKey: 'sk_harbor_12345678' };

  it('signs in as the account the key was seen with before, at once and without the service, and says the service does not answer', async () => {
    const settings = createMemorySettings();
    const online = setup({ memoryOnlyKeys: true, preset, settings });
    await online.session.start();
    expect(online.session.current()).toMatchObject({ account: harbor });
    expect(JSON.stringify([...settings.values.values()]), 'no key is kept, only a fingerprint').not.toContain('sk_harbor');

    const offline = setup({ memoryOnlyKeys: true, preset, settings });
    offline.state.answer = 'timeout';
    await offline.session.start();
    expect(offline.session.current()).toMatchObject({ id: online.session.current()?.id, mode: 'custom', baseUrl: WINE, account: harbor });
    expect(offline.session.apiKey()).toBe('sk_harbor_12345678');
    expect(offline.session.info(false).problem).toMatchObject({ code: 'not_answering', message: 'The service at wine.example.com is not answering (no reply within 5 s).' });
    expect(offline.session.info(false).problem?.fix).toContain('check CASEWORKS_SERVICE_URL');

    // It answers: the problem goes, the account stays the same.
    offline.state.answer = 'ok';
    await offline.session.recheck();
    expect(offline.session.info(true).problem).toBeNull();
    expect(offline.session.current()).toMatchObject({ id: online.session.current()?.id, account: harbor });
  });

  it('does not take another key for the one seen before', async () => {
    const settings = createMemorySettings();
    await setup({ memoryOnlyKeys: true, preset, settings }).session.start();
    const other = setup({ memoryOnlyKeys: true, preset: { baseUrl: WINE, apiKey: 'sk_someone_else_1234' }, settings });
    other.state.answer = 'offline';
    await other.session.start();
    expect(other.session.current()).toMatchObject({ account: null });
    expect(other.session.info(false).problem).toMatchObject({ code: 'unreachable' });
  });

  it('never seen with this key and the service down: no account yet, and it is signed in to as soon as the service answers', async () => {
    const { session, state } = setup({ memoryOnlyKeys: true, preset });
    state.answer = 'offline';
    await session.start();
    expect(session.current()).toMatchObject({ mode: 'custom', baseUrl: WINE, account: null });
    expect(session.info(false).problem).toMatchObject({ code: 'unreachable', message: 'Could not reach the service at wine.example.com.' });

    state.answer = 'ok';
    await session.recheck();
    expect(session.current()).toMatchObject({ mode: 'custom', account: harbor });
    expect(session.accounts().accounts.map((account) => account.accountId)).toEqual(['org_harbor']);
    expect(session.info(true).problem).toBeNull();
  });

  it('a key the service refuses: says so, and how to fix it', async () => {
    const { session, onProblemChange } = setup({ memoryOnlyKeys: true, preset: { baseUrl: WINE, apiKey: 'sk_wrong_key_123456' } });
    await session.start();
    const problem = session.info(true).problem;
    expect(problem).toEqual({
      code: 'key_refused',
      message: 'The service at wine.example.com did not accept the API key given in CASEWORKS_API_KEY.',
      fix: expect.stringContaining('set CASEWORKS_API_KEY to a key of this service and run npm run web again'),
    });
    expect(onProblemChange).toHaveBeenLastCalledWith(problem);
  });
});

describe('starting with the service unreachable: the app with saved accounts', () => {
  it('a custom account signs in from its saved key at once; a refused key is said by the first contact, in the background', async () => {
    const settings = createMemorySettings();
    const first = setup({ settings });
    await first.session.connect({ baseUrl: WINE, apiKey: 'sk_harbor_12345678', allowWeakKeyStorage: false });

    const offline = setup({ settings });
    offline.state.answer = 'offline';
    await offline.session.start();
    expect(offline.session.current()).toMatchObject({ account: harbor });
    await vi.waitFor(() => expect(offline.session.info(false).problem).toMatchObject({ code: 'unreachable' }));

    const revoked = setup({ settings });
    revoked.state.answer = 'unauthorized';
    await revoked.session.start();
    await vi.waitFor(() => expect(revoked.session.info(true).problem?.code).toBe('key_refused'));
    expect(revoked.session.info(true).problem?.fix).toBe('Remove the account in Settings → Buyer accounts and add it again with its current key.');
  });
});

describe('starting with the demo service slow or failing', () => {
  async function withSavedDemo(options: { memoryOnlyKeys?: boolean } = {}) {
    const settings = createMemorySettings();
    await setup({ settings, ...options }).session.start();
    return setup({ settings, ...options });
  }

  it('signs in as the saved demo account at once, from the demo buyers of its last start, and follows the demo once it runs', async () => {
    const relaunched = await withSavedDemo();
    relaunched.state.demo = 'hang';
    await relaunched.session.start();
    expect(relaunched.startEmbedded).toHaveBeenCalled();
    expect(relaunched.session.current()).toMatchObject({ mode: 'demo', baseUrl: '', account: { id: 'org_demo1' } });
    expect(relaunched.session.apiKey()).toBe('demo_key_first');
    expect(relaunched.session.info(false)).toMatchObject({ mode: 'demo', baseUrl: null, account: { name: 'Demo Buyer One' } });
    expect(relaunched.session.addressOf(relaunched.session.current()!.id), 'nothing is sent before the demo runs').toBeNull();

    relaunched.releaseDemo();
    await vi.waitFor(() => expect(relaunched.session.current()).toMatchObject({ baseUrl: DEMO }));
    expect(relaunched.session.addressOf(relaunched.session.current()!.id)).toBe(DEMO);
  });

  it('a demo that cannot start: still signed in, the problem said, a few tries, then it waits for the buyer', async () => {
    const relaunched = await withSavedDemo();
    relaunched.state.demo = 'fail';
    await relaunched.session.start();
    expect(relaunched.session.current()).toMatchObject({ mode: 'demo', account: { id: 'org_demo1' } });
    await vi.waitFor(() => expect(relaunched.startEmbedded).toHaveBeenCalledTimes(3));
    expect(relaunched.session.info(false).problem).toMatchObject({ code: 'demo_unavailable', message: 'The demo service stopped while starting (exit code 1).' });
  });

  it('a demo service refused because another process holds its folder: said by its code, and not tried again', async () => {
    const relaunched = await withSavedDemo();
    relaunched.state.demo = 'in-use';
    await relaunched.session.start();
    await vi.waitFor(() => expect(relaunched.session.info(false).problem?.code).toBe('data_folder_in_use'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(relaunched.startEmbedded).toHaveBeenCalledTimes(1);
  });
});

describe("the demo's buyers, added from a list", () => {
  it('lists them with their names and adds one without a key to find, tied to the demo', async () => {
    const { session } = setup();
    await session.start();
    expect(await session.demoBuyers()).toEqual([
      { accountId: 'org_demo1', name: 'Demo Buyer One', added: true },
      { accountId: 'org_demo2', name: 'Demo Buyer Two', added: false },
    ]);
    await session.addDemoBuyer('org_demo2');
    expect(session.current()).toMatchObject({ mode: 'demo', baseUrl: DEMO, account: { id: 'org_demo2', name: 'Demo Buyer Two' } });
    expect(session.apiKey()).toBe('demo_key_second');
    expect((await session.demoBuyers()).every((buyer) => buyer.added)).toBe(true);
    expect(await session.addDemoBuyer('org_nobody')).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('can add one while the demo is not running, from its last start', async () => {
    const settings = createMemorySettings();
    await setup({ settings }).session.start();
    const relaunched = setup({ settings });
    relaunched.state.demo = 'hang';
    await relaunched.session.start();
    await relaunched.session.addDemoBuyer('org_demo2');
    expect(relaunched.session.current()).toMatchObject({ mode: 'demo', account: { id: 'org_demo2', name: 'Demo Buyer Two' } });
    expect(relaunched.session.apiKey()).toBe('demo_key_second');
  });
});
