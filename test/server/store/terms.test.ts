import fc from 'fast-check';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Order, Product, priceOrder, type CreateOrderBody, type DealDiscount, type TermsLine } from '../../../shared';
import { dealProducts, deals, products, suppliers } from '../../../server/db/schema';
import { createDeal, setSplitCaseFee, type NewDeal } from '../../../server/store/catalog/deals';
import { createTestStore, type TestStore } from '../../support/store-fixture';
import { estimateTotals } from '../../../renderer/features/cart/cartEstimate';
import { toCartProduct } from '../../../renderer/features/cart/cartProduct';
import { buyers, orderableProducts, productRow, SHIPPING_ADDRESS, writtenState, type ProductRow } from './helpers';

/**
 * Issue 26 points 1 and 2 in the service: case and mix deals, split cases by the bottle, the
 * refusals of bad terms and bad orders, and (property) the app's estimate equal to the service's
 * price for random deals and carts.
 */
let testStore: TestStore;
let a: ReturnType<typeof buyers>['a'];
let range: ProductRow[];
const DAY = 86_400_000;
const now = new Date('2026-11-22T10:00:00.000Z');
const running = { startsAt: new Date(now.getTime() - DAY), endsAt: new Date(now.getTime() + 10 * DAY) };

beforeAll(async () => {
  testStore = await createTestStore();
  ({ a } = buyers(testStore));
  range = await orderableProducts(testStore.db, 4);
  const supplierId = range[0]!.supplierId;
  // A clean slate for this supplier: no demo deals, plenty of stock, minimum one case, split cases off.
  const ids = (await testStore.db.select({ id: products.id }).from(products).where(eq(products.supplierId, supplierId))).map((row) => row.id);
  const dealIds = (await testStore.db.select({ id: dealProducts.dealId }).from(dealProducts).where(inArray(dealProducts.productId, ids))).map((row) => row.id);
  if (dealIds.length > 0) await testStore.db.delete(deals).where(inArray(deals.id, dealIds));
  await testStore.db.update(products).set({ inventoryAvailable: 500, minimumOrder: 1, looseBottles: 0 }).where(inArray(products.id, range.map((p) => p.id)));
  await testStore.db.update(suppliers).set({ splitCaseFeeCents: null }).where(eq(suppliers.id, supplierId));
  range = await Promise.all(range.map((p) => productRow(testStore.db, p.id)));
});
afterAll(() => testStore?.close());

const product = (index: number) => range[index] as ProductRow;
const body = (items: CreateOrderBody['items'], extra: Partial<CreateOrderBody> = {}): CreateOrderBody => ({
  supplier_id: product(0).supplierId,
  items,
  shipping_address: { ...SHIPPING_ADDRESS },
  ...extra,
});

async function clearDeals(): Promise<void> {
  const ids = (await testStore.db.select({ id: dealProducts.dealId }).from(dealProducts).where(inArray(dealProducts.productId, range.map((p) => p.id)))).map((row) => row.id);
  if (ids.length > 0) await testStore.db.delete(deals).where(inArray(deals.id, ids));
}

async function deal(input: Omit<NewDeal, 'supplierId' | 'startsAt' | 'endsAt'> & Partial<Pick<NewDeal, 'startsAt' | 'endsAt'>>) {
  const result = await createDeal(testStore.db, { supplierId: product(0).supplierId, ...running, ...input }, now);
  if (result.kind !== 'created') throw new Error(`deal refused: ${result.code} ${result.detail}`);
  return result.deal;
}

const totalsOf = (order: Order) => ({ subtotal_cents: order.subtotal_cents, shipping_cents: order.shipping_cents, platform_fee_cents: order.platform_fee_cents, total_cents: order.total_cents });

async function placed(order: CreateOrderBody): Promise<Order> {
  const result = await testStore.store.placeOrder(a, order, null, now);
  if (result.kind !== 'created') throw new Error(`order refused: ${JSON.stringify(result)}`);
  return Order.strict().parse(result.order);
}

describe('deals a supplier writes', () => {
  it('refuses an expired deal, an overlapping one of the same tier, one making a price zero or negative, one saving nothing, and another supplier’s product', async () => {
    await clearDeals();
    const p = product(0);
    const base = { kind: 'case' as const, title: 'Five cases', minCases: 5, productIds: [p.id] };
    const refusal = async (input: Partial<NewDeal>) => {
      const result = await createDeal(testStore.db, { supplierId: p.supplierId, ...running, ...base, discount: { type: 'amount_off', amount_off_cents: 100 }, ...input }, now);
      return result.kind === 'refused' ? result.code : 'created';
    };
    expect(await refusal({ startsAt: new Date(now.getTime() - 10 * DAY), endsAt: new Date(now.getTime() - DAY) })).toBe('deal_expired');
    expect(await refusal({ discount: { type: 'amount_off', amount_off_cents: p.casePriceCents } })).toBe('deal_price_not_positive');
    expect(await refusal({ discount: { type: 'case_price', case_price_cents: p.casePriceCents } })).toBe('deal_no_saving');
    expect(await refusal({ endsAt: running.startsAt })).toBe('deal_invalid');
    const [foreign] = await testStore.db.select({ id: products.id }).from(products).where(eq(products.supplierId, (await otherSupplier()).id)).limit(1);
    expect(await refusal({ productIds: [foreign!.id] })).toBe('deal_invalid');
    expect(await refusal({})).toBe('created');
    expect(await refusal({ startsAt: new Date(now.getTime() + DAY), endsAt: new Date(now.getTime() + 20 * DAY) })).toBe('deal_conflict');
    // Another tier of the same product is not a conflict: the lowest price wins when both apply.
    expect(await refusal({ minCases: 10, discount: { type: 'amount_off', amount_off_cents: 200 } })).toBe('created');
  });
});

async function otherSupplier() {
  const list = await testStore.db.select({ id: suppliers.id }).from(suppliers).limit(2);
  return list.find((supplier) => supplier.id !== product(0).supplierId) as { id: string };
}

describe('an order priced with deals', () => {
  it('charges the deal price from the threshold on, says which deal and what it saved, total = unit × quantity; below the threshold, the list price', async () => {
    await clearDeals();
    const p = product(0);
    const written = await deal({ kind: 'case', title: '5+ cases: $18 off each', minCases: 5, discount: { type: 'amount_off', amount_off_cents: 1_800 }, productIds: [p.id] });
    const order = await placed(body([{ product_id: p.id, quantity: 6 }]));
    const [item] = order.items;
    expect(item).toMatchObject({ quantity: 6, unit_price_cents: p.casePriceCents - 1_800, total_cents: (p.casePriceCents - 1_800) * 6 });
    expect(item?.deal).toEqual({ id: written.id, title: written.title, list_price_cents: p.casePriceCents, saved_cents: 1_800 * 6 });
    expect(item?.unit).toBeUndefined();
    expect(order.subtotal_cents).toBe((p.casePriceCents - 1_800) * 6);
    expect(await testStore.store.getOrder(a.accountId, order.id)).toEqual(order);

    const below = await placed(body([{ product_id: p.id, quantity: 4 }]));
    expect(below.items[0]).toMatchObject({ unit_price_cents: p.casePriceCents, total_cents: p.casePriceCents * 4 });
    expect(below.items[0]).not.toHaveProperty('deal');
  });

  it('prices a mix deal on every line of its set once the set holds its cases together, and never prices with a deal not running', async () => {
    await clearDeals();
    const [p0, p1, p2] = [product(0), product(1), product(2)];
    await deal({ kind: 'mix', title: 'Any 10 cases: 8% off', minCases: 10, discount: { type: 'percent_off', percent_off_basis_points: 800 }, productIds: [p0.id, p1.id] });
    await deal({ kind: 'case', title: 'Next week', minCases: 1, discount: { type: 'amount_off', amount_off_cents: 500 }, productIds: [p2.id], startsAt: new Date(now.getTime() + 7 * DAY), endsAt: new Date(now.getTime() + 9 * DAY) });
    const order = await placed(body([{ product_id: p0.id, quantity: 6 }, { product_id: p1.id, quantity: 4 }, { product_id: p2.id, quantity: 2 }]));
    const off = (cents: number) => cents - Math.floor((cents * 800 + 5_000) / 10_000);
    expect(order.items.map((item) => item.unit_price_cents)).toEqual([off(p0.casePriceCents), off(p1.casePriceCents), p2.casePriceCents]);
    expect(order.items[2]).not.toHaveProperty('deal');
    const short = await placed(body([{ product_id: p0.id, quantity: 6 }, { product_id: p1.id, quantity: 3 }]));
    expect(short.items.map((item) => item.unit_price_cents)).toEqual([p0.casePriceCents, p1.casePriceCents]);
  });

  it('refuses with 409 price_changed, storing nothing, when the buyer saw another unit price or total', async () => {
    await clearDeals();
    const p = product(0);
    await deal({ kind: 'case', title: 'Two cases', minCases: 2, discount: { type: 'amount_off', amount_off_cents: 300 }, productIds: [p.id] });
    const before = await writtenState(testStore.db);
    const result = await testStore.store.placeOrder(a, body([{ product_id: p.id, quantity: 2, expected_unit_price_cents: p.casePriceCents }], { expected_total_cents: 1 }), null, now);
    expect(result).toMatchObject({ kind: 'rejected', status: 409, code: 'price_changed' });
    if (result.kind === 'rejected') expect(result.errors.map((error) => error.pointer)).toEqual(['/items/0/expected_unit_price_cents', '/expected_total_cents']);
    expect(await writtenState(testStore.db)).toEqual(before);
  });

  it('shows the deals in the product detail (and nothing new on a product without terms)', async () => {
    await clearDeals();
    const p = product(0);
    const written = await deal({ kind: 'case', title: 'Three cases', minCases: 3, discount: { type: 'case_price', case_price_cents: p.casePriceCents - 100 }, productIds: [p.id] });
    const detail = Product.strict().parse(await testStore.store.getProduct(p.id));
    expect(detail.deals).toEqual([written]);
    const plain = await testStore.store.getProduct(product(3).id);
    expect(plain).not.toHaveProperty('deals');
    expect(plain).not.toHaveProperty('split_case');
  });
});

describe('split cases', () => {
  it('refuses bottles where the supplier does not split cases (422 split_case_not_allowed at /items/0/unit), storing nothing', async () => {
    await setSplitCaseFee(testStore.db, product(0).supplierId, null);
    const before = await writtenState(testStore.db);
    const result = await testStore.store.placeOrder(a, body([{ product_id: product(0).id, quantity: 3, unit: 'bottle' }]), null, now);
    expect(result).toMatchObject({ kind: 'rejected', status: 422, code: 'split_case_not_allowed' });
    if (result.kind === 'rejected') expect(result.errors.map((error) => error.pointer)).toEqual(['/items/0/unit']);
    expect(await writtenState(testStore.db)).toEqual(before);
  });

  it('sells bottles at the bottle price plus the fee per line, takes them from stock in bottles, and gives them back on a cancel', async () => {
    await clearDeals();
    const p = product(1);
    await testStore.db.update(products).set({ inventoryAvailable: 500, looseBottles: 0 }).where(eq(products.id, p.id));
    await setSplitCaseFee(testStore.db, p.supplierId, 3_000);
    const detail = await testStore.store.getProduct(p.id);
    expect(detail?.split_case).toEqual({ fee_cents: 3_000, bottles_available: 500 * p.packSize });
    const order = await placed(body([{ product_id: p.id, quantity: 2 }, { product_id: p.id, quantity: 3, unit: 'bottle' }]));
    expect(order.items[1]).toMatchObject({ unit: 'bottle', quantity: 3, unit_price_cents: p.bottlePriceCents, total_cents: p.bottlePriceCents * 3, split_case_fee_cents: 3_000 });
    expect(order.split_case_fees_cents).toBe(3_000);
    const subtotal = p.casePriceCents * 2 + p.bottlePriceCents * 3;
    expect(order.subtotal_cents).toBe(subtotal);
    expect(order.total_cents).toBe(order.subtotal_cents + order.shipping_cents + order.platform_fee_cents);
    const after = await productRow(testStore.db, p.id);
    // Two cases, and one case opened for three bottles: its other bottles stay loose.
    expect([after.inventoryAvailable, after.looseBottles]).toEqual([497, p.packSize - 3]);
    expect((await testStore.store.getProduct(p.id))?.split_case?.bottles_available).toBe(497 * p.packSize + p.packSize - 3);
    await testStore.store.cancelOrder(a.accountId, order.id, now);
    const back = await productRow(testStore.db, p.id);
    expect([back.inventoryAvailable, back.looseBottles]).toEqual([500, 0]);
  });

  it('refuses a line of bottles of a case or more, and bottles beyond the stock counted in bottles', async () => {
    const p = product(1);
    await setSplitCaseFee(testStore.db, p.supplierId, 3_000);
    const tooLarge = await testStore.store.placeOrder(a, body([{ product_id: p.id, quantity: p.packSize, unit: 'bottle' }]), null, now);
    expect(tooLarge).toMatchObject({ kind: 'rejected', status: 422, code: 'split_case_too_large' });
    await testStore.db.update(products).set({ inventoryAvailable: 0, looseBottles: 2 }).where(eq(products.id, p.id));
    const short = await testStore.store.placeOrder(a, body([{ product_id: p.id, quantity: 3, unit: 'bottle' }]), null, now);
    expect(short).toMatchObject({ kind: 'rejected', status: 409, code: 'insufficient_inventory' });
    if (short.kind === 'rejected') expect(short.errors).toEqual([{ pointer: '/items/0/quantity', detail: 'only 2 bottles available' }]);
    expect((await placed(body([{ product_id: p.id, quantity: 2, unit: 'bottle' }]))).items[0]?.quantity).toBe(2);
    expect((await productRow(testStore.db, p.id)).looseBottles).toBe(0);
    await testStore.db.update(products).set({ inventoryAvailable: 500, looseBottles: 0 }).where(eq(products.id, p.id));
  });
});

describe('the estimate equals the service’s price (property)', () => {
  const discount: fc.Arbitrary<DealDiscount> = fc.oneof(
    fc.record({ type: fc.constant('amount_off' as const), amount_off_cents: fc.integer({ min: 1, max: 40_000 }) }),
    fc.record({ type: fc.constant('percent_off' as const), percent_off_basis_points: fc.integer({ min: 1, max: 9_999 }) }),
    fc.record({ type: fc.constant('case_price' as const), case_price_cents: fc.integer({ min: 1, max: 40_000 }) }),
  );
  const dealArb = fc.record({
    kind: fc.constantFrom('case' as const, 'mix' as const),
    products: fc.uniqueArray(fc.integer({ min: 0, max: 3 }), { minLength: 2, maxLength: 4 }),
    minCases: fc.integer({ min: 1, max: 12 }),
    discount,
    // Days from now: some running, some to come, some that end before the order.
    startDay: fc.integer({ min: -5, max: 2 }),
    length: fc.integer({ min: 1, max: 8 }),
  });
  const lineArb = fc.record({ product: fc.integer({ min: 0, max: 3 }), cases: fc.integer({ min: 0, max: 14 }), bottles: fc.integer({ min: 0, max: 11 }) });

  it('for random deals, carts of cases and bottles, and split-case fees, the order placed costs what shared priceOrder and the cart’s estimate worked out from the product details, to the cent', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(dealArb, { maxLength: 4 }), fc.array(lineArb, { minLength: 1, maxLength: 4 }), fc.option(fc.integer({ min: 0, max: 4_000 }), { nil: null }), async (dealSpecs, lineSpecs, fee) => {
        await clearDeals();
        await setSplitCaseFee(testStore.db, product(0).supplierId, fee);
        // Deals are written a day before the order, so some end before it is placed.
        const written = new Date(now.getTime() - 6 * DAY);
        for (const spec of dealSpecs) {
          const ids = (spec.kind === 'case' ? spec.products.slice(0, 1) : spec.products).map((index) => product(index).id);
          await createDeal(testStore.db, { supplierId: product(0).supplierId, kind: spec.kind, title: 'Deal', minCases: spec.minCases, discount: spec.discount, productIds: ids, startsAt: new Date(now.getTime() + spec.startDay * DAY), endsAt: new Date(now.getTime() + (spec.startDay + spec.length) * DAY) }, written);
        }
        const items: CreateOrderBody['items'] = [];
        const seen = new Set<number>();
        for (const spec of lineSpecs) {
          if (seen.has(spec.product)) continue;
          seen.add(spec.product);
          if (spec.cases > 0) items.push({ product_id: product(spec.product).id, quantity: spec.cases });
          if (fee !== null && spec.bottles > 0 && spec.bottles < product(spec.product).packSize) items.push({ product_id: product(spec.product).id, quantity: spec.bottles, unit: 'bottle' });
        }
        if (items.length === 0) return;
        // The app's side: the product details as the service gives them, priced by the shared function.
        const details = new Map<string, Product>();
        for (const item of items) details.set(item.product_id, (await testStore.store.getProduct(item.product_id)) as Product);
        const terms: TermsLine[] = items.map((item) => {
          const detail = details.get(item.product_id) as Product;
          return {
            productId: item.product_id,
            unit: item.unit ?? 'case',
            quantity: item.quantity,
            casePriceCents: detail.case_price_cents,
            bottlePriceCents: detail.bottle_price_cents,
            deals: detail.deals ?? [],
            splitCaseFeeCents: detail.split_case?.fee_cents ?? 0,
          };
        });
        const estimate = priceOrder(terms, now.getTime());
        const order = await placed(body(items));
        expect(order.items.map((item) => item.unit_price_cents)).toEqual(estimate.lines.map((line) => line.unit_price_cents));
        expect(order.total_cents).toBe(estimate.totals.total_cents);
        // The cart's own estimate (renderer/features/cart/cartEstimate.ts), from what the cart keeps of each
        // product detail (its split-case fee among it), gives the same, lines of bottles and their fees included.
        const cartLines = items.map((item) => ({ ...toCartProduct(details.get(item.product_id) as Product), quantity: item.quantity, priceWhenAddedCents: 0, ...(item.unit ? { unit: item.unit } : {}) }));
        expect(estimateTotals(cartLines, now.getTime())).toEqual(totalsOf(order));
        await testStore.store.cancelOrder(a.accountId, order.id, now);
      }),
      { numRuns: 40 },
    );
  }, 600_000);
});
