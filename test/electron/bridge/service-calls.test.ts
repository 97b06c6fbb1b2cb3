import { describe, expect, it } from 'vitest';
import { failWith, succeed } from '../../../electron/core/failure';
import { freshOrCached, pageLocally } from '../../../electron/bridge/handlers/service-calls';

const now = () => new Date('2026-11-22T10:00:00.000Z');
const offline = async () => failWith('offline', 'Could not reach the service.', true);

describe('fresh or cached reads', () => {
  it('prefers the service and says the data is fresh', async () => {
    const result = await freshOrCached({ online: true, live: async () => succeed('live'), cached: async () => succeed({ data: 'old', asOf: 'x' }), now });
    expect(result).toEqual({ ok: true, data: { data: 'live', freshness: { asOf: '2026-11-22T10:00:00.000Z', fromCache: false } } });
  });

  it('falls back to the offline copy with its age when the service is unreachable', async () => {
    const result = await freshOrCached({ online: true, live: offline, cached: async () => succeed({ data: 'old', asOf: '2026-11-21T00:00:00.000Z' }), now });
    expect(result).toEqual({ ok: true, data: { data: 'old', freshness: { asOf: '2026-11-21T00:00:00.000Z', fromCache: true } } });
  });

  it('does not hide a real answer such as not found behind the cache', async () => {
    expect(
      await freshOrCached({
        online: true,
        live: async () => failWith('not_found', 'No such order.'),
        cached: async () => succeed({ data: 'old', asOf: null }),
        now,
      }),
    ).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('answers offline with nothing cached with the service error', async () => {
    expect(await freshOrCached({ online: true, live: offline, cached: async () => succeed(null), now })).toMatchObject({ ok: false, error: { code: 'offline', retryable: true } });
  });

  it('while believed offline reads the cache first, then still tries the service', async () => {
    let calls = 0;
    const cached = await freshOrCached({ online: false, live: async () => (calls++, succeed('live')), cached: async () => succeed({ data: 'old', asOf: null }), now });
    expect(cached).toMatchObject({ ok: true, data: { data: 'old' } });
    expect(calls).toBe(0);
    const live = await freshOrCached({ online: false, live: async () => succeed('live'), cached: async () => succeed(null), now });
    expect(live).toMatchObject({ ok: true, data: { data: 'live', freshness: { fromCache: false } } });
  });

  it('pages a list held in memory the way the service does', () => {
    expect(pageLocally([1, 2, 3, 4, 5], 2, 2)).toEqual({ items: [3, 4], meta: { total: 5, page: 2, per_page: 2, total_pages: 3 } });
    expect(pageLocally([], 1, 50).meta).toEqual({ total: 0, page: 1, per_page: 50, total_pages: 0 });
  });
});
