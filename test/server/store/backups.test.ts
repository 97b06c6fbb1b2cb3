import { eq, inArray, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Order, type CreateOrderBody } from '../../../shared';
import { dealProducts, deals, orderItems, products, suppliers } from '../../../server/db/schema';
import { createTestStore, type TestStore } from '../../support/store-fixture';
import { buyers, orderableProducts, productRow, setStock, SHIPPING_ADDRESS, writtenState, type ProductRow } from './helpers';

/**
 * Issue 26 point 4 in the service: a line its product cannot fill is filled with the backup it
 * names; every bad backup is refused; without a backup, or when the backup is short too, the
 * seed's refusal stays. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
let testStore: TestStore;
let a: ReturnType<typeof buyers>['a'];
let b: ReturnType<typeof buyers>['b'];
let range: ProductRow[];
const now = new Date('2026-11-22T10:00:00.000Z');

beforeAll(async () => {
  testStore = await createTestStore();
  ({ a, b } = buyers(testStore));
  range = await orderableProducts(testStore.db, 5);
  const supplierId = range[0]!.supplierId;
  // No deals, no split cases, minimum one case: the prices are the list prices.
  const ids = (await testStore.db.select({ id: products.id }).from(products).where(eq(products.supplierId, supplierId))).map((row) => row.id);
  const dealIds = (await testStore.db.select({ id: dealProducts.dealId }).from(dealProducts).where(inArray(dealProducts.productId, ids))).map((row) => row.id);
  if (dealIds.length > 0) await testStore.db.delete(deals).where(inArray(deals.id, dealIds));
  await testStore.db.update(suppliers).set({ splitCaseFeeCents: null }).where(eq(suppliers.id, supplierId));
});
afterAll(() => testStore?.close());

const product = (index: number) => range[index] as ProductRow;

async function stock(entries: Array<[number, number]>): Promise<void> {
  for (const [index, inventory] of entries) await setStock(testStore.db, product(index).id, inventory, 1);
  await testStore.db.update(products).set({ looseBottles: 0 }).where(inArray(products.id, range.map((p) => p.id)));
}

const body = (items: CreateOrderBody['items'], supplierId = product(0).supplierId): CreateOrderBody => ({
  supplier_id: supplierId,
  items,
  shipping_address: { ...SHIPPING_ADDRESS },
});

async function placed(order: CreateOrderBody, caller = a): Promise<Order> {
  const result = await testStore.store.placeOrder(caller, order, null, now);
  if (result.kind !== 'created') throw new Error(`order refused: ${JSON.stringify(result)}`);
  // Strict: the extension fields are the contract's, and nothing else appears.
  return Order.strict().parse(result.order);
}

async function refusal(order: CreateOrderBody) {
  const before = await writtenState(testStore.db);
  const result = await testStore.store.placeOrder(a, order, null, now);
  if (result.kind !== 'rejected') throw new Error(`order placed: ${JSON.stringify(result)}`);
  expect(await writtenState(testStore.db)).toEqual(before);
  return { status: result.status, code: result.code, errors: result.errors };
}

describe('a line filled with its backup', () => {
  it('sends the backup when the product is out of stock, priced as the backup, and says so on the item and in the timeline', async () => {
    await stock([[0, 0], [1, 50], [2, 50]]);
    const order = await placed(body([{ product_id: product(0).id, quantity: 3, backup_product_id: product(1).id }, { product_id: product(2).id, quantity: 1 }]));
    const [filled, plain] = order.items;
    expect(filled).toMatchObject({
      product_id: product(1).id,
      product_name: product(1).name,
      quantity: 3,
      unit_price_cents: product(1).casePriceCents,
      total_cents: product(1).casePriceCents * 3,
      substitution: { requested_product_id: product(0).id, requested_product_name: product(0).name, reason: 'out_of_stock' },
    });
    expect(plain).not.toHaveProperty('substitution');
    expect(order.subtotal_cents).toBe(product(1).casePriceCents * 3 + product(2).casePriceCents);
    expect(order.timeline.map((entry) => entry.event)).toEqual(['order_placed', 'item_substituted', 'order_confirmed']);
    expect(order.timeline[1]?.substitution).toEqual({
      item_id: filled!.id,
      product_id: product(1).id,
      product_name: product(1).name,
      requested_product_id: product(0).id,
      requested_product_name: product(0).name,
      reason: 'out_of_stock',
    });
    expect((await productRow(testStore.db, product(1).id)).inventoryAvailable).toBe(47);
    expect((await productRow(testStore.db, product(0).id)).inventoryAvailable).toBe(0);
    // Read back, the order is the one answered.
    expect(Order.strict().parse(await testStore.store.getOrder(a.accountId, order.id))).toEqual(order);
  });

  it('sends the backup for the whole line when the product has some stock but not enough', async () => {
    await stock([[0, 2], [1, 50]]);
    const order = await placed(body([{ product_id: product(0).id, quantity: 5, backup_product_id: product(1).id }]));
    expect(order.items[0]).toMatchObject({ product_id: product(1).id, quantity: 5, substitution: { reason: 'not_enough_stock' } });
    expect((await productRow(testStore.db, product(0).id)).inventoryAvailable).toBe(2);
  });

  it('sends the product itself when it has the stock: the order reads as the seed’s', async () => {
    await stock([[0, 50], [1, 50]]);
    const order = await placed(body([{ product_id: product(0).id, quantity: 2, backup_product_id: product(1).id }]));
    expect(order.items[0]).not.toHaveProperty('substitution');
    expect(order.items[0]?.product_id).toBe(product(0).id);
    expect(order.timeline.map((entry) => entry.event)).toEqual(['order_placed', 'order_confirmed']);
    expect((await productRow(testStore.db, product(1).id)).inventoryAvailable).toBe(50);
  });

  it('checks the price the buyer saw against the product asked for, then charges the backup’s price', async () => {
    await stock([[0, 0], [1, 50]]);
    const asked = { product_id: product(0).id, quantity: 1, backup_product_id: product(1).id };
    const order = await placed(body([{ ...asked, expected_unit_price_cents: product(0).casePriceCents }]));
    expect(order.items[0]?.unit_price_cents).toBe(product(1).casePriceCents);
    expect(await refusal(body([{ ...asked, expected_unit_price_cents: product(0).casePriceCents + 1 }]))).toMatchObject({
      status: 409,
      code: 'price_changed',
      errors: [{ pointer: '/items/0/expected_unit_price_cents' }],
    });
  });
});

describe('the seed’s refusal stays', () => {
  it('without a backup', async () => {
    await stock([[0, 0], [1, 50]]);
    expect(await refusal(body([{ product_id: product(0).id, quantity: 1 }]))).toEqual({
      status: 409,
      code: 'insufficient_inventory',
      errors: [{ pointer: '/items/0/quantity', detail: 'only 0 cases available' }],
    });
  });

  it('when the backup is out of stock too, naming the line and the backup', async () => {
    await stock([[0, 1], [1, 0], [2, 50]]);
    const result = await refusal(body([{ product_id: product(2).id, quantity: 1 }, { product_id: product(0).id, quantity: 4, backup_product_id: product(1).id }]));
    expect(result).toMatchObject({ status: 409, code: 'insufficient_inventory', errors: [{ pointer: '/items/1/quantity' }] });
    expect(result.errors[0]?.detail).toBe(`only 1 case available, and its backup ${product(1).name} has only 0 cases`);
  });

  it('when the quantity is below the backup’s minimum order', async () => {
    await stock([[0, 0], [1, 50]]);
    await setStock(testStore.db, product(1).id, 50, 6);
    const result = await refusal(body([{ product_id: product(0).id, quantity: 2, backup_product_id: product(1).id }]));
    expect(result).toMatchObject({ status: 409, code: 'insufficient_inventory', errors: [{ pointer: '/items/0/quantity' }] });
    expect(result.errors[0]?.detail).toContain(`its backup ${product(1).name} must be at least 6 cases`);
  });
});

describe('bad backups (422 invalid_backup, nothing written)', () => {
  const invalid = (index: number, detail: string) => ({ status: 422, code: 'invalid_backup', errors: [{ pointer: `/items/${index}/backup_product_id`, detail }] });

  it('refuses the product itself', async () => {
    await stock([[0, 0]]);
    expect(await refusal(body([{ product_id: product(0).id, quantity: 1, backup_product_id: product(0).id }]))).toEqual(
      invalid(0, 'is the product of this line: a backup must be another product'),
    );
  });

  it('refuses another supplier’s product', async () => {
    const [foreign] = await testStore.db.select().from(products).where(eq(products.supplierId, (await otherSupplierId()))).limit(1);
    expect(await refusal(body([{ product_id: product(0).id, quantity: 1, backup_product_id: foreign!.id }]))).toEqual(
      invalid(0, `is not sold by ${product(0).supplierId}: a backup must come from the order’s supplier`),
    );
  });

  it('refuses an unknown product and a removed one', async () => {
    const unknown = 'prod_00000000000000000000000';
    expect(await refusal(body([{ product_id: product(0).id, quantity: 1, backup_product_id: unknown }]))).toEqual(invalid(0, `no such product ${unknown}`));
    const removed = await removedProductId();
    expect(await refusal(body([{ product_id: product(0).id, quantity: 1, backup_product_id: removed }]))).toEqual(invalid(0, `no such product ${removed}`));
  });

  it('refuses a backup another line orders, and one backup named by two lines', async () => {
    await stock([[0, 0], [1, 50], [2, 50], [3, 50]]);
    expect(
      await refusal(body([{ product_id: product(0).id, quantity: 1, backup_product_id: product(1).id }, { product_id: product(1).id, quantity: 1 }])),
    ).toEqual(invalid(0, 'is ordered by another line of this order: choose another backup or change that line'));
    const twice = await refusal(
      body([{ product_id: product(0).id, quantity: 1, backup_product_id: product(3).id }, { product_id: product(2).id, quantity: 1, backup_product_id: product(3).id }]),
    );
    expect(twice.errors.map((error) => error.pointer)).toEqual(['/items/0/backup_product_id', '/items/1/backup_product_id']);
    expect(twice.errors[0]?.detail).toBe('is the backup of another line too: each line needs its own backup');
  });
});

describe(`backups under concurrency (${process.env.DATABASE_URL ? 'PostgreSQL pool' : 'PGlite'})`, () => {
  it('never oversells the backup: 20 orders of 1 case, the product out of stock, 6 cases of the backup', async () => {
    await stock([[0, 0], [4, 6]]);
    const order = body([{ product_id: product(0).id, quantity: 1, backup_product_id: product(4).id }]);
    const results = await Promise.all(Array.from({ length: 20 }, (_, index) => testStore.store.placeOrder(index % 2 ? a : b, order, null, now)));
    expect(results.filter((result) => result.kind === 'created')).toHaveLength(6);
    expect(results.every((result) => result.kind === 'created' || (result.kind === 'rejected' && result.code === 'insufficient_inventory'))).toBe(true);
    expect((await productRow(testStore.db, product(4).id)).inventoryAvailable).toBe(0);
    const [sold] = await testStore.db.select({ cases: sum(orderItems.quantity) }).from(orderItems).where(eq(orderItems.productId, product(4).id));
    expect(Number(sold?.cases)).toBe(6);
  });

  it('does not deadlock when each order holds a product the other’s backup needs', async () => {
    // range is in product id order: A takes 0, then its line of 2 (out of stock) falls to backup 1;
    // B takes 1, then its line of 3 (out of stock) falls to backup 0. Taken in that order, each
    // would wait for the other (PostgreSQL aborts one: a 5xx); the rows are locked in id order first.
    await stock([[0, 100], [1, 100], [2, 0], [3, 0]]);
    const orderA = body([{ product_id: product(0).id, quantity: 1 }, { product_id: product(2).id, quantity: 1, backup_product_id: product(1).id }]);
    const orderB = body([{ product_id: product(1).id, quantity: 1 }, { product_id: product(3).id, quantity: 1, backup_product_id: product(0).id }]);
    const results = await Promise.allSettled(Array.from({ length: 24 }, (_, index) => testStore.store.placeOrder(index % 2 ? a : b, index % 2 ? orderA : orderB, null, now)));
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    expect(results.every((result) => result.status === 'fulfilled' && result.value.kind === 'created')).toBe(true);
    expect((await productRow(testStore.db, product(0).id)).inventoryAvailable).toBe(100 - 24);
    expect((await productRow(testStore.db, product(1).id)).inventoryAvailable).toBe(100 - 24);
  });
});

async function otherSupplierId(): Promise<string> {
  const rows = await testStore.db.select({ id: suppliers.id }).from(suppliers).limit(5);
  const other = rows.find((row) => row.id !== product(0).supplierId);
  if (!other) throw new Error('the fixture has one supplier');
  return other.id;
}

/** A product of the order's supplier that is removed from the catalog (never ordered, so its row can go). */
async function removedProductId(): Promise<string> {
  const ordered = new Set((await testStore.db.select({ id: orderItems.productId }).from(orderItems)).map((row) => row.id));
  const candidates = await testStore.db.select({ id: products.id }).from(products).where(eq(products.supplierId, product(0).supplierId));
  const gone = candidates.find((row) => !ordered.has(row.id) && !range.some((p) => p.id === row.id));
  if (!gone) throw new Error('no product to remove');
  await testStore.db.delete(dealProducts).where(eq(dealProducts.productId, gone.id));
  await testStore.db.delete(products).where(eq(products.id, gone.id));
  return gone.id;
}
