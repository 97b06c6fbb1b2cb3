import { describe, expect, it } from 'vitest';
import type { SessionInfo } from '../../../shared/bridge/session';
import { sessionLine } from '../../../electron/web/session-words';

const base: SessionInfo = {
  mode: 'custom',
  baseUrl: 'http://127.0.0.1:4321/api/v1',
  account: { id: 'org_harbor', name: 'Harbor Wines' },
  buyerAccountId: 'ba_1',
  keyStorage: 'memory-only',
  keyStorageDescription: 'Kept in memory only',
  weakStorageAvailable: false,
  online: true,
  problem: null,
  keysInMemoryOnly: true,
};

describe('what npm run web prints about its session', () => {
  it('says connected only when it is, to what and as whom', () => {
    expect(sessionLine(base)).toEqual({ text: 'Connected to http://127.0.0.1:4321/api/v1 as Harbor Wines.', problem: false });
    expect(sessionLine({ ...base, mode: 'demo', baseUrl: null }).text).toBe('Signed in to the demo marketplace as Harbor Wines; its service is starting.');
  });

  it('says a refused key with the way to fix it, and a silent service as offline, never "Connected"', () => {
    const refused = sessionLine({
      ...base,
      account: null,
      problem: { code: 'key_refused', message: 'The service at 127.0.0.1:4321 did not accept the API key given in CASEWORKS_API_KEY.', fix: 'Set CASEWORKS_API_KEY to a key of this service.' },
    });
    expect(refused).toEqual({
      text: 'Not working yet: The service at 127.0.0.1:4321 did not accept the API key given in CASEWORKS_API_KEY. Set CASEWORKS_API_KEY to a key of this service.',
      problem: true,
    });
    const silent = sessionLine({ ...base, online: false, problem: { code: 'not_answering', message: 'The service at 127.0.0.1:4321 is not answering (no reply within 5 s).', fix: 'Caseworks keeps trying.' } });
    expect(silent.text).toBe('Offline: The service at 127.0.0.1:4321 is not answering (no reply within 5 s). Caseworks keeps trying.');
    expect(sessionLine({ ...base, online: false }).text).not.toMatch(/^Connected/);
  });
});
