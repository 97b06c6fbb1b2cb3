import { describe, expect, it } from 'vitest';
import type { ProductDetailRecord } from '../../../electron/core/offline/dataset-records';
import { hydrationOrder } from '../../../electron/core/sync/detail-hydration';

const now = () => new Date('2026-11-22T12:00:00.000Z');
const record = (id: string, region: string, fetchedAt: string) => ({ detail: { id, region }, etag: null, fetchedAt }) as unknown as ProductDetailRecord;

describe('product detail hydration order', () => {
  it('reads one product of each region with no known country first, then the rest, skipping fresh ones', () => {
    const catalog = [
      { id: 'p1', region: 'Napa' },
      { id: 'p2', region: 'Napa' },
      { id: 'p3', region: 'Bordeaux' },
      { id: 'p4', region: 'Mendoza' },
      { id: 'p5', region: 'Bordeaux' },
      { id: 'p6', region: 'Rioja' },
    ];
    const records = new Map([
      ['p4', record('p4', 'Mendoza', '2026-11-22T11:00:00.000Z')],
      ['p6', record('p6', 'Rioja', '2026-11-20T11:00:00.000Z')],
    ]);
    const order = hydrationOrder({ catalog, records, now, maxAgeMs: 24 * 3_600_000 });
    expect(order).toEqual({ ids: ['p1', 'p3', 'p2', 'p5', 'p6'], skippedFresh: 1 });
  });
});
