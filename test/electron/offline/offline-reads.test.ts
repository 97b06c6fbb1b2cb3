import { describe, expect, it } from 'vitest';
import type { Order, OrderListItem, Product } from '../../../shared/schemas';
import { createOfflineReads } from '../../../electron/core/offline/offline-reads';
import type { SyncEngine } from '../../../electron/core/sync/sync-engine';
import type { DetailRecord } from '../../../electron/core/offline/dataset-records';
import { valueOf } from '../search/search-outcome';
import { succeed } from '../../../electron/core/failure';

/** An engine whose offline copy is kept in maps, as the offline copy's reads and keeps behave. */
function fakeEngine(asOf: string | null, accountId: string | null = 'org_1') {
  const maps = {
    productDetails: new Map<string, DetailRecord<Product>>(),
    orderDetails: new Map<string, DetailRecord<Order>>(),
    suppliers: [] as unknown[],
    orders: [] as OrderListItem[],
    webhooks: [] as unknown[],
    account: null,
  };
  const stamp = () => new Date().toISOString();
  const engine = {
    accountId,
    freshness: () => ({ asOf, fromCache: true }),
    copy: {
      suppliers: async () => succeed(maps.suppliers),
      orders: async () => succeed(maps.orders),
      webhooks: async () => succeed(maps.webhooks),
      account: async () => succeed(maps.account),
      orderDetails: async () => succeed(maps.orderDetails),
      productDetailRecord: async (id: string) => succeed(maps.productDetails.get(id) ?? null),
      orderDetailRecord: async (id: string) => succeed(maps.orderDetails.get(id) ?? null),
      keepProductDetail: async (product: Product) => void maps.productDetails.set(product.id, { detail: product, etag: null, fetchedAt: stamp() }),
      keepOrderDetail: async (order: Order) => void maps.orderDetails.set(order.id, { detail: order, etag: null, fetchedAt: stamp() }),
    },
  };
  return { engine: engine as unknown as SyncEngine, maps };
}

describe('offline reads', () => {
  it('reads a never-synced list as nothing to fall back on', async () => {
    const { engine } = fakeEngine(null);
    const reads = createOfflineReads(() => engine);
    expect(await reads.suppliers()).toEqual(succeed(null));
    expect(await reads.account()).toEqual(succeed(null));
    expect(await createOfflineReads(() => null).orders()).toEqual(succeed(null));
  });

  it('keeps details read from the service, dated by their own read', async () => {
    const { engine, maps } = fakeEngine(null);
    const reads = createOfflineReads(() => engine);
    const product = { id: 'prod_1', name: 'Pinot' } as Product;
    const order = { id: 'ord_1', order_number: 'CW-1' } as Order;
    await reads.keepProductDetail(product);
    await reads.keepOrderDetail(order);
    const cachedProduct = await valueOf(reads.productDetail('prod_1'));
    expect(cachedProduct?.data).toBe(product);
    expect(cachedProduct?.asOf).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await valueOf(reads.orderDetail('ord_1')))?.data).toBe(order);
    expect(maps.productDetails.get('prod_1')).toMatchObject({ etag: null });
    expect(await reads.productDetail('prod_2')).toEqual(succeed(null));
  });

  it('keeps no order detail without an account', async () => {
    const { engine, maps } = fakeEngine('2026-11-22T00:00:00.000Z', null);
    await createOfflineReads(() => engine).keepOrderDetail({ id: 'ord_1' } as Order);
    expect(maps.orderDetails.size).toBe(0);
  });

  it('reads the order history as the list with the details it holds, newest first, as old as the orders', async () => {
    const { engine, maps } = fakeEngine('2026-11-22T00:00:00.000Z');
    const older = { id: 'ord_1', order_number: 'CW-1', created_at: '2026-11-01T00:00:00.000Z' } as OrderListItem;
    const newer = { id: 'ord_2', order_number: 'CW-2', created_at: '2026-11-02T00:00:00.000Z' } as OrderListItem;
    maps.orders = [older, newer];
    const detail = { id: 'ord_1', order_number: 'CW-1' } as Order;
    maps.orderDetails.set('ord_1', { detail, etag: null, fetchedAt: '2026-11-21T00:00:00.000Z' });
    expect(await createOfflineReads(() => engine).orderHistory()).toEqual(
      succeed({
        data: [{ order: newer, detail: null }, { order: older, detail }],
        asOf: '2026-11-22T00:00:00.000Z',
      }),
    );
    expect(await createOfflineReads(() => fakeEngine(null).engine).orderHistory()).toEqual(succeed(null));
  });
});
