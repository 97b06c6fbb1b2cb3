import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Order, Supplier, type CatalogProduct, type DeliveryTerms, type Paginated } from '../../../shared';
import { products } from '../../../server/db/schema';
import { setDeliveryTerms } from '../../../server/store/catalog/delivery-terms';
import { FeedReplica } from '../../support/feed-replica';
import { expectProblem, orderableProduct, orderBodyFor, startHarness, type Harness } from './harness';

/**
 * Issue 26.3 over HTTP, on PGlite or PostgreSQL (DATABASE_URL): a supplier's delivery terms shown
 * and fed, and the order's `requested_delivery_date` checked at the moment the service's clock says.
 */
let harness: Harness;
/** The service's clock, set by each test. */
let now = new Date('2026-11-25T18:00:00Z');
let product: CatalogProduct;

/** Delivers to CA on Tuesdays and Fridays; order by 14:00 Pacific the weekday before. */
const NAPA: DeliveryTerms = { time_zone: 'America/Los_Angeles', order_cutoff: '14:00', routes: [{ state: 'CA', days: ['tue', 'fri'], lead_days: 1 }] };

beforeAll(async () => {
  harness = await startHarness({ clock: () => now });
  product = await orderableProduct(harness, 7);
});
afterAll(async () => {
  await harness.close();
});
beforeEach(async () => {
  now = new Date('2026-11-25T18:00:00Z'); // Wednesday, 10:00 in Napa
  await setDeliveryTerms(harness.testStore.db, product.supplier.id, NAPA);
});

const orderWithDate = (date: unknown, state = 'CA') => {
  const body = orderBodyFor(product);
  return harness.request('POST', '/orders', { body: { ...body, shipping_address: { ...body.shipping_address, state }, requested_delivery_date: date } });
};

const stockOf = async () => (await harness.testStore.db.select({ n: products.inventoryAvailable }).from(products).where(eq(products.id, product.id)))[0]?.n;

describe('delivery terms on the supplier', () => {
  it('GET /suppliers shows them, and the change feed hands out the supplier (none of its products) when they change', async () => {
    const replica = new FeedReplica();
    await replica.sync((path) => harness.request('GET', path));
    const terms: DeliveryTerms = { ...NAPA, order_cutoff: '15:30' };
    await setDeliveryTerms(harness.testStore.db, product.supplier.id, terms);
    const changes = await replica.sync((path) => harness.request('GET', path));
    expect(changes.map((change) => change.type)).toEqual(['supplier.changed']);
    expect(replica.suppliers.get(product.supplier.id)?.delivery_terms).toEqual(terms);

    const page = (await harness.request('GET', `/suppliers?q=${encodeURIComponent(product.supplier.name)}&per_page=100`)).json as Paginated<Supplier>;
    const listed = page.data.find((supplier) => supplier.id === product.supplier.id);
    expect(Supplier.strict().parse(listed).delivery_terms).toEqual(terms);
    expect(listed).toEqual(replica.suppliers.get(product.supplier.id));

    await setDeliveryTerms(harness.testStore.db, product.supplier.id, null);
    await replica.sync((path) => harness.request('GET', path));
    expect(replica.suppliers.get(product.supplier.id)).not.toHaveProperty('delivery_terms');
  });

  it('refuses terms the schema refuses before writing them', async () => {
    await expect(setDeliveryTerms(harness.testStore.db, product.supplier.id, { ...NAPA, order_cutoff: '25:00' })).rejects.toThrow();
  });
});

describe('an order asking for a delivery date', () => {
  it('is placed for a delivery day before its cutoff, and the order says the date', async () => {
    const answer = await orderWithDate('2026-11-27');
    expect(answer.status, answer.text).toBe(201);
    const order = Order.strict().parse(answer.json);
    expect(order.requested_delivery_date).toBe('2026-11-27');
    const read = Order.strict().parse((await harness.request('GET', `/orders/${order.id}`)).json);
    expect(read.requested_delivery_date).toBe('2026-11-27');
  });

  it('without a date is placed as the seed places it, with no date on the order, even for a supplier without terms', async () => {
    await setDeliveryTerms(harness.testStore.db, product.supplier.id, null);
    const answer = await harness.request('POST', '/orders', { body: orderBodyFor(product) });
    expect(answer.status).toBe(201);
    expect(answer.json).not.toHaveProperty('requested_delivery_date');
  });

  it('refuses a date in the past: 422 naming the next possible date, nothing stored', async () => {
    const before = await stockOf();
    const problem = expectProblem(await orderWithDate('2026-11-24'), 422, 'delivery_date_unavailable');
    expect(problem).toMatchObject({ delivery_date_reason: 'past', next_delivery_date: '2026-11-27' });
    expect(problem.detail).toContain('in the past');
    expect(problem.detail).toContain('The next possible delivery date is Friday, November 27, 2026');
    expect(problem.errors).toEqual([{ pointer: '/requested_delivery_date', detail: 'is in the past' }]);
    expect(await stockOf()).toBe(before);
  });

  it('refuses a closed day, naming the days it delivers and the next date', async () => {
    const problem = expectProblem(await orderWithDate('2026-11-26'), 422, 'delivery_date_unavailable');
    expect(problem).toMatchObject({ delivery_date_reason: 'closed_day', next_delivery_date: '2026-11-27' });
    expect(problem.detail).toContain('on Thursdays (it delivers on Tuesday and Friday)');
  });

  it('refuses a closed date (a holiday), naming the next open delivery day; a closed day before it moves the cutoff back', async () => {
    await setDeliveryTerms(harness.testStore.db, product.supplier.id, { ...NAPA, closed_dates: ['2026-11-27'] });
    const problem = expectProblem(await orderWithDate('2026-11-27'), 422, 'delivery_date_unavailable');
    expect(problem).toMatchObject({ delivery_date_reason: 'closed_date', next_delivery_date: '2026-12-01' });
    expect(problem.detail).toContain('is closed on Friday, November 27, 2026');
    expect(problem.errors).toEqual([{ pointer: '/requested_delivery_date', detail: 'the supplier is closed that day' }]);

    // Closed on Thanksgiving: Friday's order must be in by Wednesday 14:00, not Thursday's.
    await setDeliveryTerms(harness.testStore.db, product.supplier.id, { ...NAPA, closed_dates: ['2026-11-26'] });
    now = new Date('2026-11-25T22:00:00Z');
    expect(expectProblem(await orderWithDate('2026-11-27'), 422, 'delivery_date_unavailable')).toMatchObject({ delivery_date_reason: 'past_cutoff' });
    now = new Date('2026-11-25T21:59:59Z');
    expect((await orderWithDate('2026-11-27')).status).toBe(201);
  });

  it('refuses a date past its cutoff from the cutoff on, and takes it a second before', async () => {
    now = new Date('2026-11-26T22:00:00Z'); // Thursday 14:00 in Napa: Friday's cutoff
    const problem = expectProblem(await orderWithDate('2026-11-27'), 422, 'delivery_date_unavailable');
    expect(problem).toMatchObject({ delivery_date_reason: 'past_cutoff', next_delivery_date: '2026-12-01' });
    expect(problem.detail).toContain('The order cutoff for delivery on Friday, November 27, 2026 has passed (2:00 PM PST on Thursday, November 26)');
    now = new Date('2026-11-26T21:59:59Z');
    expect((await orderWithDate('2026-11-27')).status).toBe(201);
  });

  it('keeps the cutoff at 14:00 on the supplier’s clock across a daylight saving change', async () => {
    await setDeliveryTerms(harness.testStore.db, product.supplier.id, { time_zone: 'America/New_York', order_cutoff: '14:00', routes: [{ state: 'CA', days: ['tue'], lead_days: 1 }] });
    // Tuesday 10 March 2026 closes Monday 9 March 14:00 EDT, the day after clocks went forward: 18:00 UTC, not 19:00.
    now = new Date('2026-03-09T18:00:00Z');
    expectProblem(await orderWithDate('2026-03-10'), 422, 'delivery_date_unavailable');
    now = new Date('2026-03-09T17:59:00Z');
    expect((await orderWithDate('2026-03-10')).status).toBe(201);
  });

  it('refuses a date too far ahead, a state the supplier has no route to, and any date for a supplier without terms', async () => {
    expect(expectProblem(await orderWithDate('2027-03-02'), 422, 'delivery_date_unavailable').delivery_date_reason).toBe('too_far');
    expect(expectProblem(await orderWithDate('2026-11-27', 'OR'), 422, 'delivery_date_unavailable')).toMatchObject({ delivery_date_reason: 'no_route', next_delivery_date: null });
    await setDeliveryTerms(harness.testStore.db, product.supplier.id, null);
    const problem = expectProblem(await orderWithDate('2026-11-27'), 422, 'delivery_date_unavailable');
    expect(problem).toMatchObject({ delivery_date_reason: 'no_terms', next_delivery_date: null });
    expect(problem.detail).toContain('has not published delivery days');
  });

  it('refuses a malformed or impossible date with 400 validation_failed at /requested_delivery_date', async () => {
    for (const bad of ['2026-02-30', '2026-11-7', '27/11/2026', '2026-11-27T00:00:00Z', '', 20261127, null]) {
      const problem = expectProblem(await orderWithDate(bad), 400, 'validation_failed');
      expect(problem.errors?.map((error) => error.pointer), String(bad)).toEqual(['/requested_delivery_date']);
    }
  });
});
