import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { CatalogProduct, Order } from '../../shared/schemas';
import { call, orderableProducts, shippingAddress, startCluster, stopAll } from './support/cluster';

afterEach(async () => {
  await stopAll();
});

/** Four products of one supplier from the first page of the catalog, in id order. */
function fourOfOneSupplier(products: CatalogProduct[]): CatalogProduct[] {
  for (const first of products) {
    const same = products.filter((other) => other.supplier.id === first.supplier.id);
    if (same.length >= 4) return same.slice(0, 4).sort((a, b) => (a.id < b.id ? -1 : 1));
  }
  throw new Error('no supplier has four products on the first page');
}

describe('backups across instances (issue 26)', () => {
  it('three instances on one database: the backup is never oversold, and orders that need each other’s products as backups never deadlock', async () => {
    const cluster = await startCluster(3);
    const key = cluster.apiKeys[0] as string;
    const [low, high, outA, outB] = fourOfOneSupplier(await orderableProducts(cluster.instances[0]!.url, key)) as [CatalogProduct, CatalogProduct, CatalogProduct, CatalogProduct];
    const order = (productId: string, backupId: string, extra: Array<{ product_id: string; quantity: number }> = []) => ({
      supplier_id: low.supplier.id,
      items: [...extra, { product_id: productId, quantity: 1, backup_product_id: backupId }],
      shipping_address: shippingAddress,
    });
    const post = (index: number, body: unknown) =>
      call(cluster.instances[index % 3]!.url, '/orders', key, { method: 'POST', headers: { 'idempotency-key': randomUUID() }, body });

    // The product out of stock, 7 cases of its backup: 21 orders of one case, 7 filled with the backup.
    await cluster.database.query('update products set inventory_available = $2, minimum_order = 1 where id = $1', [low.id, 0]);
    await cluster.database.query('update products set inventory_available = $2, minimum_order = 1 where id = $1', [high.id, 7]);
    const answers = await Promise.all(Array.from({ length: 21 }, (_, index) => post(index, order(low.id, high.id))));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(7);
    expect(answers.filter((answer) => answer.status === 409).every((answer) => answer.json<{ code: string }>().code === 'insufficient_inventory')).toBe(true);
    expect(answers.filter((answer) => answer.status !== 201 && answer.status !== 409)).toEqual([]);
    for (const answer of answers.filter((candidate) => candidate.status === 201)) {
      expect(answer.json<Order>().items[0]).toMatchObject({ product_id: high.id, substitution: { requested_product_id: low.id } });
    }
    const { rows } = await cluster.database.query<{ stock: number }>('select inventory_available as stock from products where id = $1', [high.id]);
    expect(rows[0]?.stock).toBe(0);

    // In id order, A takes `low` then falls to backup `high`; B takes `high` then falls to backup
    // `low`: each holds what the other's backup needs, unless the rows are locked in id order first.
    await cluster.database.query('update products set inventory_available = 100, minimum_order = 1 where id = any($1)', [[low.id, high.id]]);
    await cluster.database.query('update products set inventory_available = 0, minimum_order = 1 where id = any($1)', [[outA.id, outB.id]]);
    const crossed = await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        post(index, index % 2 ? order(outA.id, high.id, [{ product_id: low.id, quantity: 1 }]) : order(outB.id, low.id, [{ product_id: high.id, quantity: 1 }])),
      ),
    );
    expect(crossed.map((answer) => answer.status)).toEqual(Array.from({ length: 24 }, () => 201));
  });
});
