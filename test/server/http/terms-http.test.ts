import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Order } from '../../../shared';
import { suppliers } from '../../../server/db/schema';
import { createDeal, setSplitCaseFee } from '../../../server/store/catalog/deals';
import { FeedReplica } from '../../support/feed-replica';
import { expectProblem, orderableProduct, orderBodyFor, startHarness, type Harness } from './harness';

/** Issue 26 over HTTP: the change feed carries the terms, and the order body's extension fields are checked at the boundary. */
let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness.close();
});

const read = (path: string) => harness.request('GET', path);

describe('deals and split cases over HTTP', () => {
  it('the change feed hands out the products a new deal or a split-case fee changed, with their terms, as the store reads them', async () => {
    const product = await orderableProduct(harness, 3);
    const replica = new FeedReplica();
    await replica.sync(read);
    const now = new Date();
    const written = await createDeal(
      harness.testStore.db,
      { supplierId: product.supplier.id, kind: 'case', title: 'Feed deal', minCases: 40, discount: { type: 'amount_off', amount_off_cents: 1 }, productIds: [product.id], startsAt: now, endsAt: new Date(now.getTime() + 86_400_000) },
      now,
    );
    expect(written.kind).toBe('created');
    await setSplitCaseFee(harness.testStore.db, product.supplier.id, 3_300);
    const changes = await replica.sync(read);
    expect(changes.some((change) => change.type === 'product.changed' && change.product.id === product.id)).toBe(true);
    const held = replica.product(product.id);
    expect(held?.deals?.map((deal) => deal.title)).toContain('Feed deal');
    expect(held?.split_case?.fee_cents).toBe(3_300);
    expect(JSON.stringify(held)).toBe(JSON.stringify(await harness.testStore.store.getProduct(product.id)));
  });

  it('refuses a unit other than case or bottle, and the same product twice in the same unit, with 400 naming the field; takes one line of each', async () => {
    const product = await orderableProduct(harness, 4);
    const body = orderBodyFor(product);
    const crate = await harness.request('POST', '/orders', { body: { ...body, items: [{ product_id: product.id, quantity: 1, unit: 'crate' }] } });
    expect(expectProblem(crate, 400, 'validation_failed').errors?.map((error) => error.pointer)).toEqual(['/items/0/unit']);
    const twice = await harness.request('POST', '/orders', { body: { ...body, items: [{ product_id: product.id, quantity: product.minimum_order }, { product_id: product.id, quantity: 1, unit: 'case' }] } });
    expectProblem(twice, 400, 'validation_failed');
    await harness.testStore.db.update(suppliers).set({ splitCaseFeeCents: 3_600 }).where(eq(suppliers.id, product.supplier.id));
    const both = await harness.request('POST', '/orders', { body: { ...body, items: [{ product_id: product.id, quantity: product.minimum_order }, { product_id: product.id, quantity: 1, unit: 'bottle' }] } });
    expect(both.status).toBe(201);
    const order = Order.strict().parse(both.json);
    expect(order.items.map((item) => item.unit ?? 'case')).toEqual(['case', 'bottle']);
    expect(order.split_case_fees_cents).toBe(3_600);
  });

  it('refuses bottles of a product whose supplier does not split cases: 422 split_case_not_allowed at /items/0/unit', async () => {
    const product = await orderableProduct(harness, 6);
    await harness.testStore.db.update(suppliers).set({ splitCaseFeeCents: null }).where(eq(suppliers.id, product.supplier.id));
    const answer = await harness.request('POST', '/orders', { body: { ...orderBodyFor(product), items: [{ product_id: product.id, quantity: 2, unit: 'bottle' }] } });
    const problem = expectProblem(answer, 422, 'split_case_not_allowed');
    expect(problem.errors).toEqual([{ pointer: '/items/0/unit', detail: 'is sold by the case only: its supplier does not split cases' }]);
  });
});
