import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogProduct, Paginated, Product } from '../../shared';
import { waitFor } from '../server/webhooks/receiver';
import { call, lockWaiter, shippingAddress, startCluster, stopAll, type Cluster, type Instance } from './support/cluster';

/** The issue: a change committed by one instance is served by every instance within 1 s. */
const PROPAGATION_MS = 1_000;

let cluster: Cluster;
let key: string;
let products: CatalogProduct[];

beforeAll(async () => {
  cluster = await startCluster(3);
  key = cluster.apiKeys[0] as string;
  const page = await call(cluster.instances[0]!.url, '/products?per_page=100&sort=price_asc', key);
  products = page.json<Paginated<CatalogProduct>>().data.filter((product) => product.inventory_available >= 4 * product.minimum_order);
  expect(products.length).toBeGreaterThanOrEqual(4);
});

afterAll(async () => {
  await stopAll();
});

const product = (index: number) => products[index] as CatalogProduct;

const order = (instance: Instance, target: CatalogProduct, idempotencyKey = randomUUID()) =>
  call(instance.url, '/orders', key, {
    method: 'POST',
    headers: { 'idempotency-key': idempotencyKey },
    body: { supplier_id: target.supplier.id, items: [{ product_id: target.id, quantity: target.minimum_order }], shipping_address: shippingAddress },
  });

const stockIn = (instance: Instance, productId: string, headers: Record<string, string> = {}) =>
  call(instance.url, `/products/${productId}`, key, { headers });


describe('three instances on one PostgreSQL', () => {
  it('(e) a change committed late with an earlier clock is served by every instance within 1 s, with no 304 to the old ETag', async () => {
    const [a, b] = cluster.instances as [Instance, Instance, Instance];
    const late = product(0);
    const early = product(1);

    // The order for `late` takes its timestamp now but cannot commit: the test holds its row.
    const holder = await cluster.database.connect();
    await holder.query('begin');
    await holder.query('select 1 from products where id = $1 for update', [late.id]);
    const lateOrder = order(a, late);
    await lockWaiter(cluster.database);

    // Another order, on another instance, commits first with a later timestamp.
    expect((await order(b, early)).status).toBe(201);
    const earlyStock = early.inventory_available - early.minimum_order;
    // Every instance has seen that commit, and holds `late` with its old stock and an ETag for it.
    const oldTags: string[] = [];
    for (const instance of cluster.instances) {
      await waitFor(async () => (await stockIn(instance, early.id)).json<Product>().inventory_available === earlyStock, 5_000);
      const before = await stockIn(instance, late.id);
      expect(before.json<Product>().inventory_available).toBe(late.inventory_available);
      oldTags.push(before.headers.get('etag') as string);
    }

    await holder.query('commit');
    expect((await lateOrder).status).toBe(201);
    const committedAt = Date.now();
    const lateStock = late.inventory_available - late.minimum_order;

    // Every instance, asked with the old ETag, answers the new stock within the bound.
    const seenAfter = await Promise.all(
      cluster.instances.map(async (instance, index) => {
        const oldTag = oldTags[index] as string;
        for (;;) {
          const answer = await stockIn(instance, late.id, { 'if-none-match': oldTag });
          const elapsed = Date.now() - committedAt;
          if (answer.status === 200 && answer.json<Product>().inventory_available === lateStock) {
            expect(answer.headers.get('etag')).not.toBe(oldTag);
            return elapsed;
          }
          if (elapsed > 3 * PROPAGATION_MS) return elapsed;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      }),
    );
    for (const elapsed of seenAfter) expect(elapsed).toBeLessThanOrEqual(PROPAGATION_MS);
    // And from then on no instance goes back to the old answer.
    for (const [index, instance] of cluster.instances.entries()) {
      const again = await stockIn(instance, late.id, { 'if-none-match': oldTags[index] as string });
      expect(again.status).toBe(200);
      expect(again.json<Product>().inventory_available).toBe(lateStock);
    }
  });

  it('an instance killed with SIGKILL in the middle of an order breaks nothing on the others; its order is rolled back', async () => {
    const [a, b, c] = cluster.instances as [Instance, Instance, Instance];
    const target = product(3);
    const [{ inventory_available: stockBefore }] = (
      await cluster.database.query<{ inventory_available: number }>('select inventory_available from products where id = $1', [target.id])
    ).rows as [{ inventory_available: number }];

    const holder = await cluster.database.connect();
    await holder.query('begin');
    await holder.query('select 1 from products where id = $1 for update', [target.id]);
    const idempotencyKey = randomUUID();
    const doomed = order(a, target, idempotencyKey).catch((error: unknown) => error);
    await lockWaiter(cluster.database);
    // Reads on the other instances go on while the instance dies.
    const reads = Promise.all(
      Array.from({ length: 20 }, (_, index) => call((index % 2 === 0 ? b : c).url, `/products?per_page=5&page=${1 + (index % 4)}`, key)),
    );
    a.kill();
    await a.exited;
    await holder.query('commit');
    for (const read of await reads) expect(read.status).toBe(200);
    expect(await doomed).toBeInstanceOf(Error);

    // The dead instance's transaction was rolled back: the same Idempotency-Key places the order anew.
    const placed = await order(b, target, idempotencyKey);
    expect(placed.status).toBe(201);
    expect(placed.headers.get('idempotent-replayed')).toBeNull();
    const after = await cluster.database.query<{ inventory_available: number }>('select inventory_available from products where id = $1', [target.id]);
    expect(after.rows[0]?.inventory_available).toBe(stockBefore - target.minimum_order);
    expect((await stockIn(c, target.id)).status).toBe(200);
    await waitFor(async () => (await stockIn(c, target.id)).json<Product>().inventory_available === stockBefore - target.minimum_order, 2_000);
  });
});
