import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogProduct, Product } from '../../shared';
import { FeedReplica, recordsOf } from '../support/feed-replica';
import { call, lockWaiter, orderableProducts, shippingAddress, startCluster, stopAll, type Cluster, type Instance } from './support/cluster';

/**
 * The catalog change feed with three instances on one PostgreSQL: a change whose transaction
 * started (and wrote) before another's but commits after it, on another instance or another
 * connection, is never skipped by a client reading the feed from any instance meanwhile.
 */

let cluster: Cluster;
let key: string;
let products: CatalogProduct[];

beforeAll(async () => {
  cluster = await startCluster(3);
  key = cluster.apiKeys[0] as string;
  products = await orderableProducts(cluster.instances[0]!.url, key);
});

afterAll(async () => {
  await stopAll();
});

const reader = (instance: Instance) => async (path: string) => {
  const answer = await call(instance.url, path, key);
  return { status: answer.status, json: answer.status === 200 ? answer.json<unknown>() : answer.bytes.toString() };
};

const stockOf = async (productId: string): Promise<number> => {
  const { rows } = await cluster.database.query<{ stock: number }>('select inventory_available as stock from products where id = $1', [productId]);
  return rows[0]?.stock as number;
};


describe('the catalog change feed on three instances sharing one PostgreSQL', () => {
  it('never skips an order that wrote first and committed last on one instance, while another instance committed an order and the feed was read on a third', async () => {
    const [a, b, c] = cluster.instances as [Instance, Instance, Instance];
    // Two products of one supplier: the order takes the first (lower id) first, then waits for the second.
    const ofSupplier = (supplierId: string) => products.filter((product) => product.supplier.id === supplierId);
    const pair = products.map((product) => ofSupplier(product.supplier.id)).find((list) => list.length >= 2)!.sort((x, y) => (x.id < y.id ? -1 : 1));
    const [first, held] = pair as [CatalogProduct, CatalogProduct];
    const other = products.find((product) => product.supplier.id !== first.supplier.id)!;

    const replica = new FeedReplica();
    await replica.sync(reader(c));
    expect(replica.products.get(first.id)?.inventory_available).toBe(await stockOf(first.id));

    const holder = await cluster.database.connect();
    await holder.query('begin');
    await holder.query('select 1 from products where id = $1 for update', [held.id]);
    // On a: takes `first`'s stock (its change is written, its transaction id taken), then waits for `held`.
    const lateOrder = call(a.url, '/orders', key, {
      method: 'POST',
      headers: { 'idempotency-key': randomUUID() },
      body: {
        supplier_id: first.supplier.id,
        items: [
          { product_id: first.id, quantity: first.minimum_order },
          { product_id: held.id, quantity: held.minimum_order },
        ],
        shipping_address: shippingAddress,
      },
    });
    await lockWaiter(cluster.database);
    // On b: an order that starts later and commits first.
    const early = await call(b.url, '/orders', key, {
      method: 'POST',
      headers: { 'idempotency-key': randomUUID() },
      body: { supplier_id: other.supplier.id, items: [{ product_id: other.id, quantity: other.minimum_order }], shipping_address: shippingAddress },
    });
    expect(early.status).toBe(201);

    // Read on c meanwhile.
    const meanwhile = await replica.sync(reader(c));

    await holder.query('commit');
    expect((await lateOrder).status).toBe(201);
    const after = await replica.sync(reader(b));
    for (const product of [first, held, other]) expect(replica.products.get(product.id)?.inventory_available, product.id).toBe(await stockOf(product.id));
    // How: the early order was held back while the late one might still commit before it.
    expect(recordsOf(meanwhile)).not.toContain(`product:${other.id}`);
    expect(recordsOf(after).sort()).toEqual([`product:${first.id}`, `product:${held.id}`, `product:${other.id}`].sort());
  });

  it('never skips a change made on a connection of its own that wrote first and committed after an instance\'s order was read from the feed', async () => {
    const [a, b] = cluster.instances as [Instance, Instance, Instance];
    const [edited, ordered] = products.slice(-2) as [CatalogProduct, CatalogProduct];
    const replica = new FeedReplica();
    await replica.sync(reader(a));

    const editor = await cluster.database.connect();
    await editor.query('begin');
    await editor.query('update products set case_price_cents = case_price_cents + 1, updated_at = now() where id = $1', [edited.id]);
    const placed = await call(b.url, '/orders', key, {
      method: 'POST',
      headers: { 'idempotency-key': randomUUID() },
      body: { supplier_id: ordered.supplier.id, items: [{ product_id: ordered.id, quantity: ordered.minimum_order }], shipping_address: shippingAddress },
    });
    expect(placed.status).toBe(201);
    const meanwhile = await replica.sync(reader(a));

    await editor.query('commit');
    const after = await replica.sync(reader(b));
    const detail = await call(a.url, `/products/${edited.id}`, key);
    expect(replica.products.get(edited.id)?.case_price_cents).toBe(detail.json<Product>().case_price_cents);
    expect(replica.products.get(edited.id)?.case_price_cents).toBe(edited.case_price_cents + 1);
    expect(replica.products.get(ordered.id)?.inventory_available).toBe(await stockOf(ordered.id));
    expect(recordsOf(meanwhile)).toEqual([]);
    expect(recordsOf(after).sort()).toEqual([`product:${edited.id}`, `product:${ordered.id}`].sort());
  });
});
