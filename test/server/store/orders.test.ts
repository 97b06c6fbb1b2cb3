import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Order, OrderListItem, orderTotals } from '../../../shared';
import { createTestStore, type TestStore } from '../../support/store-fixture';
import { buyers, orderableProducts, orderBody, productRow, setStock, SHIPPING_ADDRESS, writtenState, type ProductRow } from './helpers';

let testStore: TestStore;
let a: ReturnType<typeof buyers>['a'];
let b: ReturnType<typeof buyers>['b'];
let lines: ProductRow[];
beforeAll(async () => {
  testStore = await createTestStore();
  ({ a, b } = buyers(testStore));
  lines = await orderableProducts(testStore.db, 3);
});
afterAll(() => testStore?.close());

const now = new Date('2026-11-22T10:00:00.000Z');

describe('placeOrder', () => {
  it('creates a confirmed order priced by the shared rules and takes the stock', async () => {
    const [first, second] = lines as [ProductRow, ProductRow];
    const body = orderBody([{ product: first, quantity: first.minimumOrder + 1 }, { product: second }]);
    const result = await testStore.store.placeOrder(a, body, null, now);
    expect(result.kind).toBe('created');
    if (result.kind !== 'created') return;
    const order = Order.strict().parse(result.order);
    expect(order.status).toBe('confirmed');
    expect(order.order_number).toMatch(/^CW-\d{6,}$/);
    expect(order.supplier).toMatchObject({ id: first.supplierId });
    expect(order.supplier.address.length).toBeGreaterThan(5);
    expect(order.items.map((item) => [item.product_id, item.product_name, item.quantity, item.unit_price_cents, item.total_cents])).toEqual([
      [first.id, first.name, first.minimumOrder + 1, first.casePriceCents, first.casePriceCents * (first.minimumOrder + 1)],
      [second.id, second.name, second.minimumOrder, second.casePriceCents, second.casePriceCents * second.minimumOrder],
    ]);
    expect(order).toMatchObject(
      orderTotals(order.items.map((item) => ({ unit_price_cents: item.unit_price_cents, quantity: item.quantity }))),
    );
    expect(order.total_cents).toBe(order.subtotal_cents + order.shipping_cents + order.platform_fee_cents);
    expect(order.shipping_address).toEqual(SHIPPING_ADDRESS);
    expect(order.buyer_notes).toBe('test order');
    expect(order.timeline).toEqual([
      { event: 'order_placed', timestamp: now.toISOString() },
      { event: 'order_confirmed', timestamp: now.toISOString() },
    ]);
    expect(order.created_at).toBe(now.toISOString());
    expect(order.confirmed_at).toBe(now.toISOString());
    expect(order.tracking ?? null).toBeNull();
    expect((await productRow(testStore.db, first.id)).inventoryAvailable).toBe(first.inventoryAvailable - first.minimumOrder - 1);
    expect((await productRow(testStore.db, second.id)).inventoryAvailable).toBe(second.inventoryAvailable - second.minimumOrder);

    expect(await testStore.store.getOrder(a.accountId, order.id)).toEqual(order);
    const listed = await testStore.store.listOrders(a.accountId, { page: 1, per_page: 50 });
    const item = OrderListItem.strict().parse(listed.data.find((entry) => entry.id === order.id));
    expect(item).toMatchObject({ order_number: order.order_number, status: 'confirmed', items_count: 2, total_cents: order.total_cents, supplier: { id: first.supplierId } });
  });

  it('numbers orders from a sequence, never twice', async () => {
    const numbers = [];
    for (let index = 0; index < 3; index += 1) {
      const result = await testStore.store.placeOrder(a, orderBody([{ product: lines[2]! }]), null, now);
      if (result.kind !== 'created') throw new Error(result.kind);
      numbers.push(Number(result.order.order_number.slice(3)));
    }
    expect(numbers[1]).toBe(numbers[0]! + 1);
    expect(numbers[2]).toBe(numbers[1]! + 1);
  });

  it('keeps buyer_notes empty when none are given', async () => {
    const { buyer_notes: _notes, ...body } = orderBody([{ product: lines[2]! }]);
    const result = await testStore.store.placeOrder(a, body, null, now);
    expect(result.kind === 'created' && result.order.buyer_notes).toBe('');
  });
});

describe('placeOrder refusals store nothing', () => {
  async function expectRefusal(body: ReturnType<typeof orderBody>, expected: { status: number; code: string; pointers: string[] }) {
    const before = await writtenState(testStore.db);
    const result = await testStore.store.placeOrder(a, body, { key: `refused-${expected.code}-${Math.random()}`, requestHash: 'h' }, now);
    expect(result).toMatchObject({ kind: 'rejected', status: expected.status, code: expected.code });
    if (result.kind !== 'rejected') return;
    expect(result.errors.map((error) => error.pointer)).toEqual(expected.pointers);
    expect(result.detail.length).toBeGreaterThan(0);
    expect(await writtenState(testStore.db)).toEqual(before);
  }

  it('refuses an unknown supplier', async () => {
    await expectRefusal(orderBody([{ product: lines[0]! }], 'sup_nosuchsupplier'), { status: 404, code: 'not_found', pointers: ['/supplier_id'] });
  });

  it('refuses unknown products, naming each line', async () => {
    const body = orderBody([{ product: lines[0]! }, { product: lines[1]! }, { product: lines[2]! }]);
    body.items[0]!.product_id = 'prod_missing1';
    body.items[2]!.product_id = 'prod_missing2';
    await expectRefusal(body, { status: 404, code: 'not_found', pointers: ['/items/0/product_id', '/items/2/product_id'] });
  });

  it('refuses a product of another supplier', async () => {
    const other = (await testStore.store.listProducts({ page: 1, per_page: 100 })).data.find((product) => product.supplier.id !== lines[0]!.supplierId)!;
    const body = orderBody([{ product: lines[0]! }, { product: await productRow(testStore.db, other.id) }], lines[0]!.supplierId);
    await expectRefusal(body, { status: 422, code: 'product_not_from_supplier', pointers: ['/items/1/product_id'] });
  });

  it('refuses quantities below the minimum order', async () => {
    await setStock(testStore.db, lines[1]!.id, 100, 3);
    const body = orderBody([{ product: lines[0]! }, { product: await productRow(testStore.db, lines[1]!.id), quantity: 2 }]);
    await expectRefusal(body, { status: 422, code: 'below_minimum_order', pointers: ['/items/1/quantity'] });
  });

  it('refuses more than the stock, and an out-of-stock product', async () => {
    await setStock(testStore.db, lines[0]!.id, 4, 1);
    await setStock(testStore.db, lines[1]!.id, 0, 1);
    const body = orderBody([
      { product: lines[0]!, quantity: 5 },
      { product: lines[1]!, quantity: 1 },
      { product: lines[2]!, quantity: lines[2]!.minimumOrder },
    ]);
    await expectRefusal(body, { status: 409, code: 'insufficient_inventory', pointers: ['/items/0/quantity', '/items/1/quantity'] });
    const exact = await testStore.store.placeOrder(a, orderBody([{ product: lines[0]!, quantity: 4 }]), null, now);
    expect(exact.kind).toBe('created');
    expect((await productRow(testStore.db, lines[0]!.id)).inventoryAvailable).toBe(0);
  });

  it('counts cases in the right number in its refusals ("only 1 case available", "at least 2 cases")', async () => {
    await setStock(testStore.db, lines[0]!.id, 1, 1);
    const short = await testStore.store.placeOrder(a, orderBody([{ product: lines[0]!, quantity: 3 }]), null, now);
    expect(short.kind === 'rejected' && short.errors.map((error) => error.detail)).toEqual(['only 1 case available']);
    await setStock(testStore.db, lines[1]!.id, 100, 1);
    await setStock(testStore.db, lines[0]!.id, 100, 2);
    const below = await testStore.store.placeOrder(a, orderBody([{ product: lines[0]!, quantity: 1 }]), null, now);
    expect(below.kind === 'rejected' && below.errors.map((error) => error.detail)).toEqual(['must be at least 2 cases']);
  });
});

describe('accounts see only their own orders', () => {
  it('hides one buyer’s orders from another', async () => {
    await setStock(testStore.db, lines[2]!.id, 500, 1);
    const placed = await testStore.store.placeOrder(a, orderBody([{ product: lines[2]!, quantity: 1 }]), null, now);
    if (placed.kind !== 'created') throw new Error(placed.kind);
    expect(await testStore.store.getOrder(b.accountId, placed.order.id)).toBeNull();
    expect(await testStore.store.getOrder(a.accountId, placed.order.id)).not.toBeNull();
    const ofB = await testStore.store.listOrders(b.accountId, { page: 1, per_page: 100 });
    expect(ofB.data.map((order) => order.id)).not.toContain(placed.order.id);
    expect(await testStore.store.getOrder(a.accountId, 'ord_unknown')).toBeNull();
  });

  it('lists newest first, filters by status and pages', async () => {
    const all = await testStore.store.listOrders(a.accountId, { page: 1, per_page: 100 });
    const created = all.data.map((order) => order.created_at);
    expect(created).toEqual([...created].sort().reverse());
    for (const status of ['confirmed', 'shipped', 'delivered', 'cancelled'] as const) {
      const filtered = await testStore.store.listOrders(a.accountId, { page: 1, per_page: 100, status });
      expect(filtered.meta.total).toBeGreaterThan(0);
      expect(filtered.data.every((order) => order.status === status)).toBe(true);
    }
    const pageTwo = await testStore.store.listOrders(a.accountId, { page: 2, per_page: 3 });
    expect(pageTwo.meta).toEqual({ total: all.meta.total, page: 2, per_page: 3, total_pages: Math.ceil(all.meta.total / 3) });
    expect(pageTwo.data.map((order) => order.id)).toEqual(all.data.slice(3, 6).map((order) => order.id));
    const shipped = (await testStore.store.listOrders(a.accountId, { page: 1, per_page: 1, status: 'shipped' })).data[0]!;
    expect(shipped.tracking).toMatchObject({ carrier: expect.any(String), tracking_number: expect.any(String), tracking_url: expect.stringMatching(/^https:\/\//) });
    expect(shipped.shipped_at).toEqual(expect.any(String));
  });
});
