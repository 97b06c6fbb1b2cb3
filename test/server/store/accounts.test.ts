import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Account } from '../../../shared';
import { apiKeys } from '../../../server/db/schema';
import { hashApiKey } from '../../../server/store/api-keys';
import { createTestStore, type TestStore } from '../../support/store-fixture';
import { buyers, orderableProducts, orderBody, type ProductRow } from './helpers';

let testStore: TestStore;
beforeAll(async () => {
  testStore = await createTestStore();
});
afterAll(() => testStore?.close());

describe('authenticate', () => {
  it('resolves each demo key to its account and a key id', async () => {
    const keyIds = new Set<string>();
    for (const buyer of testStore.demoCredentials.buyers) {
      const caller = await testStore.store.authenticate(buyer.api_key);
      expect(caller?.accountId).toBe(buyer.account_id);
      expect(caller?.keyId).toMatch(/^key_/);
      keyIds.add(caller!.keyId);
    }
    expect(keyIds.size).toBe(testStore.demoCredentials.buyers.length);
  });

  it('refuses unknown, altered, empty and oversized keys', async () => {
    const key = testStore.demoCredentials.buyers[0]!.api_key;
    for (const wrong of [`${key}x`, key.slice(0, -1), key.toUpperCase(), '', ' ', 'x'.repeat(10_000), "' or 1=1 --"]) {
      expect(await testStore.store.authenticate(wrong)).toBeNull();
    }
  });

  it('stores only SHA-256 digests of keys', async () => {
    const rows = await testStore.db.select().from(apiKeys);
    const keys = testStore.demoCredentials.buyers.map((buyer) => buyer.api_key);
    expect(rows.map((row) => row.keyHash).sort()).toEqual(keys.map(hashApiKey).sort());
    const stored = JSON.stringify(rows);
    for (const key of keys) expect(stored).not.toContain(key);
  });
});

describe('getAccount', () => {
  it('returns the account with verified licence, address and computed stats', async () => {
    const { a } = buyers(testStore);
    const account = Account.strict().parse(await testStore.store.getAccount(a.accountId));
    expect(account.type).toBe('buyer');
    expect(account.license.verified).toBe(true);
    expect(account.license.verified_at).toEqual(expect.any(String));
    expect(account.phone).toMatch(/^\+1 /);
    const orders = await testStore.store.listOrders(a.accountId, { page: 1, per_page: 1 });
    expect(account.stats.total_orders).toBe(orders.meta.total);
    expect(account.stats.favorites).toBeGreaterThan(0);
    expect(account.stats.shipping_addresses).toBeGreaterThanOrEqual(1);
  });

  it('counts a new order and a new shipping address', async () => {
    const { b } = buyers(testStore);
    const before = (await testStore.store.getAccount(b.accountId))!;
    const [product] = (await orderableProducts(testStore.db, 1)) as [ProductRow];
    const body = { ...orderBody([{ product }]), shipping_address: { street1: '99 Brand New Road', city: 'Elsewhere', state: 'NV' as const, zip: '89501' } };
    expect((await testStore.store.placeOrder(b, body, null, new Date())).kind).toBe('created');
    expect((await testStore.store.placeOrder(b, body, null, new Date())).kind).toBe('created');
    const after = (await testStore.store.getAccount(b.accountId))!;
    expect(after.stats.total_orders).toBe(before.stats.total_orders + 2);
    expect(after.stats.shipping_addresses).toBe(before.stats.shipping_addresses + 1);
  });

  it('is null for an unknown account', async () => {
    expect(await testStore.store.getAccount('org_nobody')).toBeNull();
  });
});
