import { describe, expect, it } from 'vitest';
import { openStore } from '../../../server/store';
import type { CatalogProduct, CreateOrderBody } from '../../../shared';
import { SHIPPING_ADDRESS } from './helpers';
import { emptyStoreTarget } from './empty-target';

const serverUrl = process.env.DATABASE_URL;
const place = emptyStoreTarget('restart');

const bodyFor = (product: CatalogProduct): CreateOrderBody => ({
  supplier_id: product.supplier.id,
  items: [{ product_id: product.id, quantity: product.minimum_order }],
  shipping_address: { ...SHIPPING_ADDRESS },
});

describe(`restarting on the same ${serverUrl ? 'database' : 'data folder'}`, () => {
  it('seeds once, then keeps every order and key across a restart', { timeout: 180_000 }, async () => {
    let releases = 0;
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    const options = { ...place.target, catalogSize: 300, publicBaseUrl: () => 'http://127.0.0.1:1/api/v1', releaseMemory: () => (releases += 1) };
    const first = await openStore(options);
    expect(first.seeded).toBe(true);
    // Seeding's freed memory is given back once the seeded store is open.
    await nextTurn();
    expect(releases).toBe(1);
    const buyer = first.demoCredentials!.buyers[0]!;
    const caller = (await first.store.authenticate(buyer.api_key))!;
    const catalog = await first.store.listProducts({ page: 1, per_page: 100, sort: 'price_desc' });
    const candidate = catalog.data.find((product) => product.inventory_available >= product.minimum_order)!;
    const placed = await first.store.placeOrder(caller, bodyFor(candidate), { key: 'restart', requestHash: 'h' }, new Date());
    expect(placed.kind).toBe('created');
    const ordersBefore = await first.store.listOrders(buyer.account_id, { page: 1, per_page: 100 });
    await first.store.close();

    const second = await openStore(options);
    await nextTurn();
    try {
      expect(releases).toBe(1);
      expect(second.seeded).toBe(false);
      expect(second.demoCredentials).toBeNull();
      expect(await second.store.authenticate(buyer.api_key)).toEqual(caller);
      const ordersAfter = await second.store.listOrders(buyer.account_id, { page: 1, per_page: 100 });
      expect(ordersAfter).toEqual(ordersBefore);
      if (placed.kind === 'created') {
        expect(await second.store.getOrder(buyer.account_id, placed.order.id)).toEqual(placed.order);
        const replay = await second.store.placeOrder(caller, bodyFor(candidate), { key: 'restart', requestHash: 'h' }, new Date());
        expect(replay.kind).toBe('replayed');
      }
      expect((await second.store.getProduct(candidate.id))!.inventory_available).toBe(candidate.inventory_available - candidate.minimum_order);
      expect((await second.store.listProducts({ page: 1, per_page: 1 })).meta.total).toBe(300);
    } finally {
      await second.store.close();
    }
  });
});
