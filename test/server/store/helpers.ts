import { and, asc, count, eq, gte, sql } from 'drizzle-orm';
import type { CreateOrderBody, Webhook } from '../../../shared';
import type { Database } from '../../../server/db/database';
import { idempotencyRecords, orderEvents, orderItems, orders, products } from '../../../server/db/schema';
import type { Caller, CreateWebhookResult } from '../../../server/store/types';
import type { TestStore } from '../../support/store-fixture';

export const SHIPPING_ADDRESS = { street1: '1 Test Street', city: 'Testville', state: 'CA', zip: '94100' } as const;

export type ProductRow = typeof products.$inferSelect;

/** Products of one supplier with stock well above their minimum, for orders that should succeed. */
export async function orderableProducts(db: Database, wanted: number): Promise<ProductRow[]> {
  const rows = await db
    .select()
    .from(products)
    .where(gte(products.inventoryAvailable, sql`${products.minimumOrder} + 10`))
    .orderBy(asc(products.supplierId), asc(products.id));
  const bySupplier = new Map<string, ProductRow[]>();
  for (const row of rows) bySupplier.set(row.supplierId, [...(bySupplier.get(row.supplierId) ?? []), row]);
  const found = [...bySupplier.values()].find((list) => list.length >= wanted);
  if (!found) throw new Error(`no supplier has ${wanted} orderable products`);
  return found.slice(0, wanted);
}

export async function productRow(db: Database, productId: string): Promise<ProductRow> {
  const [row] = await db.select().from(products).where(eq(products.id, productId));
  if (!row) throw new Error(`no product ${productId}`);
  return row;
}

export function orderBody(lines: Array<{ product: ProductRow; quantity?: number }>, supplierId?: string): CreateOrderBody {
  return {
    supplier_id: supplierId ?? (lines[0] as { product: ProductRow }).product.supplierId,
    items: lines.map(({ product, quantity }) => ({ product_id: product.id, quantity: quantity ?? product.minimumOrder })),
    shipping_address: { ...SHIPPING_ADDRESS },
    buyer_notes: 'test order',
  };
}

export function buyers(testStore: TestStore): { a: Caller; b: Caller } {
  const [first, second] = testStore.demoCredentials.buyers;
  if (!first || !second) throw new Error('the fixture has fewer than two buyers');
  return {
    a: { accountId: first.account_id, keyId: 'test-key-a' },
    b: { accountId: second.account_id, keyId: 'test-key-b' },
  };
}

/** Everything an order writes, to prove that a refused order wrote nothing. */
export async function writtenState(db: Database) {
  const [orderCount] = await db.select({ n: count() }).from(orders);
  const [itemCount] = await db.select({ n: count() }).from(orderItems);
  const [eventCount] = await db.select({ n: count() }).from(orderEvents);
  const [keyCount] = await db.select({ n: count() }).from(idempotencyRecords);
  const [stock] = await db.select({ n: sql<string>`sum(${products.inventoryAvailable})::text` }).from(products);
  return { orders: orderCount?.n, items: itemCount?.n, events: eventCount?.n, keys: keyCount?.n, stock: stock?.n };
}

export async function setStock(db: Database, productId: string, inventory: number, minimumOrder?: number): Promise<void> {
  await db
    .update(products)
    .set({ inventoryAvailable: inventory, ...(minimumOrder === undefined ? {} : { minimumOrder }) })
    .where(and(eq(products.id, productId)));
}

/** The registration a createWebhook result carries; fails the test when the account was at its limit. */
export function createdWebhook(result: CreateWebhookResult): Webhook {
  if (result.kind !== 'created') throw new Error(`the webhook was refused: ${result.kind}`);
  return result.webhook;
}
