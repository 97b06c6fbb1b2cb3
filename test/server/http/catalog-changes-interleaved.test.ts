import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../../shared';
import { buildApp } from '../../../server/http/app';
import { products, suppliers } from '../../../server/db/schema';
import { createTestStore, type TestStore } from '../../support/store-fixture';
import { FeedReplica, recordsOf } from '../../support/feed-replica';
import { insertProductLike, moveProduct, removeProduct, renameSupplier, repriceProduct } from '../store/catalog-edits';
import { SHIPPING_ADDRESS } from './harness';

/**
 * The change feed read page by page while the catalog changes between the pages: orders take
 * stock, cancels return it, products are repriced, added, removed and moved, suppliers renamed.
 * Whatever the interleaving, a client that applies every page ends with exactly the service's
 * catalog (no change skipped), and no record reaches it more often than it was written (no change
 * handed out twice). PGlite, or PostgreSQL when DATABASE_URL is set; the seed is fixed
 * (PROPERTY_SEED overrides it).
 */

const SEED = Number(process.env.PROPERTY_SEED ?? 20_261_125);
const CATALOG_SIZE = 200;

type Step =
  | { kind: 'read'; limit: number }
  | { kind: 'sync'; limit: number }
  | { kind: 'order'; product: number }
  | { kind: 'cancel'; order: number }
  | { kind: 'reprice'; product: number; cents: number }
  | { kind: 'insert'; product: number }
  | { kind: 'remove'; product: number }
  | { kind: 'move'; product: number; supplier: number }
  | { kind: 'rename'; supplier: number; name: string };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('read' as const), limit: fc.integer({ min: 1, max: 40 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('sync' as const), limit: fc.integer({ min: 1, max: 1000 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('order' as const), product: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), order: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('reprice' as const), product: fc.nat(), cents: fc.integer({ min: 100, max: 900_000 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('insert' as const), product: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('remove' as const), product: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('move' as const), product: fc.nat(), supplier: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('rename' as const), supplier: fc.nat(), name: fc.stringMatching(/^[A-Z][a-z]{2,10} Cellars$/) }) },
);

interface Run {
  testStore: TestStore;
  app: FastifyInstance;
  key: string;
  /** Writes per record (`product:<id>`, `supplier:<id>`): a record may reach the client at most once per write, plus once for the bootstrap. */
  writes: Map<string, number>;
  /** Products this run added: they may be removed (nothing refers to them). */
  added: string[];
  orders: Order[];
}

const wrote = (run: Run, record: string) => run.writes.set(record, (run.writes.get(record) ?? 0) + 1);

async function get(run: Run, path: string): Promise<{ status: number; json: unknown }> {
  const answer = await run.app.inject({ method: 'GET', url: `/api/v1${path}`, headers: { authorization: `Bearer ${run.key}` } });
  return { status: answer.statusCode, json: answer.json() };
}

async function catalogRows(run: Run) {
  const productRows = await run.testStore.db.select({ id: products.id, supplierId: products.supplierId, minimum: products.minimumOrder, stock: products.inventoryAvailable }).from(products).orderBy(asc(products.id));
  const supplierRows = await run.testStore.db.select({ id: suppliers.id }).from(suppliers).orderBy(asc(suppliers.id));
  return { products: productRows, suppliers: supplierRows.map((row) => row.id) };
}

async function apply(run: Run, replica: FeedReplica, next: Step): Promise<void> {
  const { db } = run.testStore;
  const catalog = await catalogRows(run);
  const pick = <T>(list: T[], index: number): T | undefined => list[index % Math.max(1, list.length)];
  switch (next.kind) {
    case 'read': {
      const since = replica.cursor === null ? '' : `&since=${replica.cursor}`;
      replica.apply(await get(run, `/catalog/changes?limit=${next.limit}${since}`));
      return;
    }
    case 'sync':
      await replica.sync((path) => get(run, path), next.limit);
      return;
    case 'order': {
      const product = pick(catalog.products, next.product);
      if (!product || product.stock < product.minimum) return;
      const answer = await run.app.inject({
        method: 'POST',
        url: '/api/v1/orders',
        headers: { authorization: `Bearer ${run.key}`, 'content-type': 'application/json' },
        payload: { supplier_id: product.supplierId, items: [{ product_id: product.id, quantity: product.minimum }], shipping_address: SHIPPING_ADDRESS },
      });
      expect(answer.statusCode, answer.body).toBe(201);
      run.orders.push(answer.json() as Order);
      wrote(run, `product:${product.id}`);
      return;
    }
    case 'cancel': {
      const order = pick(run.orders, next.order);
      if (!order) return;
      const answer = await run.app.inject({ method: 'POST', url: `/api/v1/orders/${order.id}/cancel`, headers: { authorization: `Bearer ${run.key}` } });
      expect(answer.statusCode, answer.body).toBe(200);
      if (run.orders.includes(order)) for (const item of order.items) wrote(run, `product:${item.product_id}`);
      run.orders = run.orders.filter((other) => other !== order);
      return;
    }
    case 'reprice': {
      const product = pick(catalog.products, next.product);
      if (!product) return;
      await repriceProduct(db, product.id, next.cents);
      wrote(run, `product:${product.id}`);
      return;
    }
    case 'insert': {
      const template = pick(catalog.products, next.product);
      if (!template) return;
      const id = await insertProductLike(db, template.id);
      run.added.push(id);
      wrote(run, `product:${id}`);
      wrote(run, `supplier:${template.supplierId}`);
      return;
    }
    case 'remove': {
      const id = pick(run.added, next.product);
      if (!id) return;
      const supplierId = catalog.products.find((product) => product.id === id)?.supplierId;
      await removeProduct(db, id);
      run.added = run.added.filter((other) => other !== id);
      wrote(run, `product:${id}`);
      wrote(run, `supplier:${supplierId}`);
      return;
    }
    case 'move': {
      const product = pick(catalog.products, next.product);
      const supplierId = pick(catalog.suppliers, next.supplier);
      if (!product || !supplierId || supplierId === product.supplierId) return;
      await moveProduct(db, product.id, supplierId);
      wrote(run, `product:${product.id}`);
      wrote(run, `supplier:${product.supplierId}`);
      wrote(run, `supplier:${supplierId}`);
      return;
    }
    case 'rename': {
      const supplierId = pick(catalog.suppliers, next.supplier);
      if (!supplierId) return;
      await renameSupplier(db, supplierId, next.name);
      wrote(run, `supplier:${supplierId}`);
      for (const product of catalog.products) if (product.supplierId === supplierId) wrote(run, `product:${product.id}`);
      return;
    }
  }
}

async function expectReplicaOfService(run: Run, replica: FeedReplica): Promise<void> {
  const catalog = await catalogRows(run);
  expect([...replica.products.keys()].sort()).toEqual(catalog.products.map((product) => product.id));
  expect([...replica.suppliers.keys()].sort()).toEqual(catalog.suppliers);
  // The store's answers, not the HTTP read cache's: that may serve a body up to its stamp TTL old
  // after writes made outside the service's HTTP interface.
  const { store } = run.testStore;
  for (const { id } of catalog.products) expect(JSON.stringify(replica.product(id)), id).toBe(JSON.stringify(await store.getProduct(id)));
  const listed = await store.listSuppliers({ page: 1, per_page: 100 });
  expect(listed.meta.total).toBe(catalog.suppliers.length);
  for (const supplier of listed.data) expect(replica.suppliers.get(supplier.id)).toEqual(supplier);
}

describe(`the change feed read while the catalog changes, property-based, on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('a client applying every page ends with exactly the service\'s catalog, no change skipped or handed out twice', { timeout: 600_000 }, async () => {
    let runs = 0;
    await fc.assert(
      // Half the runs start from a finished bootstrap, so that writes also land after it.
      fc.asyncProperty(fc.boolean(), fc.array(step, { minLength: 10, maxLength: 45 }), async (bootstrapFirst, steps) => {
        runs += 1;
        const testStore = await createTestStore({ catalogSize: CATALOG_SIZE });
        const app = await buildApp({ store: testStore.store, rateLimitPerMinute: 1_000_000 });
        const key = testStore.demoCredentials.buyers[0]!.api_key;
        const initial = await catalogRows({ testStore } as Run);
        const run: Run = { testStore, app, key, writes: new Map(), added: [], orders: [] };
        for (const { id } of initial.products) wrote(run, `product:${id}`);
        for (const id of initial.suppliers) wrote(run, `supplier:${id}`);
        try {
          const replica = new FeedReplica();
          for (const next of bootstrapFirst ? [{ kind: 'sync', limit: 1000 } as const, ...steps] : steps) await apply(run, replica, next);
          await replica.sync((path) => get(run, path), 25);
          await expectReplicaOfService(run, replica);
          const appearances = new Map<string, number>();
          for (const record of recordsOf(replica.received)) appearances.set(record, (appearances.get(record) ?? 0) + 1);
          for (const [record, count] of appearances) expect(count, record).toBeLessThanOrEqual(run.writes.get(record) ?? 0);
          // With nothing new, one request says so.
          const last = await get(run, `/catalog/changes?since=${replica.cursor}`);
          expect(last.json).toEqual({ data: [], next_cursor: replica.cursor, has_more: false });
        } finally {
          await app.close();
          await testStore.close();
        }
      }),
      { numRuns: 12, seed: SEED, endOnFailure: true },
    );
    expect(runs).toBeGreaterThanOrEqual(12);
  });
});
