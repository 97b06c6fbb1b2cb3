import { and, eq, gte, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Order } from '../../../shared';
import { products } from '../../../server/db/schema';
import { expectProblem, orderableProduct, orderBodyFor, startHarness, type Harness } from './harness';

/** Issue 26 point 4 over HTTP: the backup is checked at the boundary, described in the OpenAPI document, and shown on the order. */
let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness.close();
});

/** Every schema object in the document that has a property of this name. */
function propertiesNamed(node: unknown, name: string, found: Array<Record<string, unknown>> = []): Array<Record<string, unknown>> {
  if (typeof node !== 'object' || node === null) return found;
  const properties = (node as { properties?: Record<string, Record<string, unknown>> }).properties;
  if (properties && name in properties) found.push(properties[name] as Record<string, unknown>);
  for (const value of Object.values(node)) propertiesNamed(value, name, found);
  return found;
}

describe('backups over HTTP', () => {
  it('describes the backup, the substitution and the timeline entry as extensions in the OpenAPI document', async () => {
    const document = (await harness.request('GET', '/openapi.json', { key: null })).json;
    for (const name of ['backup_product_id', 'substitution']) {
      const described = propertiesNamed(document, name);
      expect(described.length, name).toBeGreaterThan(0);
      expect(described.every((schema) => schema['x-caseworks-extension'] === true && typeof schema.description === 'string'), name).toBe(true);
    }
    expect(JSON.stringify(propertiesNamed(document, 'backup_product_id'))).toContain('invalid_backup');
  });

  it('fills an out-of-stock line with its backup and shows it on the order and its timeline, as GET /orders/{id} reads it too', async () => {
    const product = await orderableProduct(harness, 8);
    const [backup] = await harness.testStore.db
      .select()
      .from(products)
      .where(and(eq(products.supplierId, product.supplier.id), ne(products.id, product.id), gte(products.inventoryAvailable, products.minimumOrder)))
      .limit(1);
    if (!backup) throw new Error('the supplier has one product');
    await harness.testStore.db.update(products).set({ inventoryAvailable: 0 }).where(eq(products.id, product.id));
    const quantity = Math.max(product.minimum_order, backup.minimumOrder);
    await harness.testStore.db.update(products).set({ inventoryAvailable: quantity + 5 }).where(eq(products.id, backup.id));
    const body = { ...orderBodyFor(product, quantity), items: [{ product_id: product.id, quantity, backup_product_id: backup.id }] };
    const answer = await harness.request('POST', '/orders', { body });
    expect(answer.status).toBe(201);
    const order = Order.strict().parse(answer.json);
    expect(order.items[0]).toMatchObject({ product_id: backup.id, substitution: { requested_product_id: product.id, reason: 'out_of_stock' } });
    expect(order.timeline.find((entry) => entry.event === 'item_substituted')?.substitution?.product_id).toBe(backup.id);
    expect(Order.strict().parse((await harness.request('GET', `/orders/${order.id}`)).json)).toEqual(order);
  });

  it('refuses a malformed backup id with 400 at the field, and the product itself with 422 invalid_backup', async () => {
    const product = await orderableProduct(harness, 9);
    const line = { product_id: product.id, quantity: product.minimum_order };
    const malformed = await harness.request('POST', '/orders', { body: { ...orderBodyFor(product), items: [{ ...line, backup_product_id: 'not-a-product' }] } });
    expect(expectProblem(malformed, 400, 'validation_failed').errors?.map((error) => error.pointer)).toEqual(['/items/0/backup_product_id']);
    const itself = await harness.request('POST', '/orders', { body: { ...orderBodyFor(product), items: [{ ...line, backup_product_id: product.id }] } });
    expect(expectProblem(itself, 422, 'invalid_backup').errors).toEqual([
      { pointer: '/items/0/backup_product_id', detail: 'is the product of this line: a backup must be another product' },
    ]);
  });
});
