import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStore, type TestStore } from '../../support/store-fixture';

describe('the test store fixture', () => {
  let first: TestStore;
  let second: TestStore;
  beforeAll(async () => {
    first = await createTestStore();
    second = await createTestStore();
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('gives seeded stores whose demo keys authenticate', async () => {
    expect(first.demoCredentials.buyers.length).toBeGreaterThanOrEqual(2);
    for (const buyer of first.demoCredentials.buyers) {
      expect(await first.store.authenticate(buyer.api_key)).toMatchObject({ accountId: buyer.account_id });
    }
    const page = await first.store.listProducts({ page: 1, per_page: 1 });
    expect(page.meta.total).toBe(2_000);
  });

  it('gives each caller its own copy', async () => {
    const buyer = first.demoCredentials.buyers[0]!;
    const before = await second.store.listOrders(buyer.account_id, { page: 1, per_page: 50 });
    await first.store.markCancelled((await first.store.ordersDueToShip(new Date(Date.now() + 86_400_000), 1))[0]!.id, new Date());
    const firstOrders = await first.store.listOrders(buyer.account_id, { page: 1, per_page: 50, status: 'cancelled' });
    const secondOrders = await second.store.listOrders(buyer.account_id, { page: 1, per_page: 50, status: 'cancelled' });
    expect(firstOrders.meta.total).toBe(secondOrders.meta.total + 1);
    expect(before.meta.total).toBeGreaterThan(0);
  });
});
