import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryTerms, nextDelivery } from '../../../shared';
import { catalogChanges, suppliers } from '../../../server/db/schema';
import { demoClosedDates } from '../../../server/demo/closed-dates';
import { demoDeliveryTerms } from '../../../server/demo/delivery-terms';
import { createTestStore, type TestStore } from '../../support/store-fixture';

/** The demo marketplace's delivery terms (issue 26.3), as seeded. */
let testStore: TestStore;
beforeAll(async () => {
  testStore = await createTestStore();
});
afterAll(async () => {
  await testStore.close();
});

describe('the demo delivery terms', () => {
  it('gives four suppliers in five valid terms, as planned, each a delivery date to California within a week', async () => {
    const rows = await testStore.db.select({ id: suppliers.id, location: suppliers.location, terms: suppliers.deliveryTerms }).from(suppliers).orderBy(asc(suppliers.id));
    expect(rows.length).toBeGreaterThan(5);
    const now = new Date('2026-11-25T18:00:00Z');
    // The closed dates are those of the year the store was seeded in, and the next.
    const closed = rows.find((row) => row.terms !== null)?.terms?.closed_dates ?? [];
    expect(closed).toEqual(demoClosedDates(new Date(`${closed[0]?.slice(0, 4) ?? 'none'}-06-01T00:00:00Z`)));
    for (const [position, row] of rows.entries()) {
      expect(row.terms, row.id).toEqual(demoDeliveryTerms(position, row.location, closed));
      if (row.terms === null) continue;
      DeliveryTerms.parse(row.terms);
      const next = nextDelivery(row.terms, 'CA', now);
      expect(next, row.id).not.toBeNull();
      expect(Date.parse(`${next!.date}T00:00:00Z`) - now.getTime()).toBeLessThan(8 * 86_400_000);
    }
    expect(rows.filter((row) => row.terms === null).length).toBe(Math.floor(rows.length / 5));
  });

  it('puts each supplier on the change feed once (the seeding test checks that no product moved in the log)', async () => {
    const logged = await testStore.db.select({ kind: catalogChanges.kind, id: catalogChanges.recordId }).from(catalogChanges);
    const supplierEntries = logged.filter((row) => row.kind === 'supplier').map((row) => row.id);
    expect(new Set(supplierEntries).size).toBe(supplierEntries.length);
    const supplierCount = (await testStore.db.select({ id: suppliers.id }).from(suppliers)).length;
    expect(supplierEntries.length).toBe(supplierCount);
  });
});
