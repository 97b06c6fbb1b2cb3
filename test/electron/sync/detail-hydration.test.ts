import { describe, expect, it } from 'vitest';
import type { ProductDetailRecord } from '../../../electron/core/offline/dataset-records';
import { checkpointDue, hydrationOrder } from '../../../electron/core/sync/detail-hydration';

const now = () => new Date('2026-11-22T12:00:00.000Z');
const record = (id: string, region: string, fetchedAt: string) => ({ detail: { id, region }, etag: null, fetchedAt }) as unknown as ProductDetailRecord;

describe('product detail hydration order', () => {
  it('reads one product of each region with no known country first, then the rest, skipping fresh ones', async () => {
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
    const order = await hydrationOrder({ catalog, records, now, maxAgeMs: 24 * 3_600_000 });
    expect(order).toEqual({ ids: ['p1', 'p3', 'p2', 'p5', 'p6'], skippedFresh: 1 });
  });
});

describe('product detail checkpoints', () => {
  it('come every `minimum` changes while little is stored', () => {
    expect(checkpointDue(999, 2_000, 1_000)).toBe(false);
    expect(checkpointDue(1_000, 2_000, 1_000)).toBe(true);
  });

  it('grow with the stored details, so a 50,000-product catalog is not rewritten fifty times', () => {
    expect(checkpointDue(1_000, 40_000, 1_000)).toBe(false);
    expect(checkpointDue(10_000, 40_000, 1_000)).toBe(true);
    let stored = 0;
    let writes = 0;
    let changes = 0;
    while (stored < 50_000) {
      stored += 1;
      changes += 1;
      if (checkpointDue(changes, stored, 1_000)) {
        writes += 1;
        changes = 0;
      }
    }
    expect(writes).toBeLessThan(15);
  });
});
