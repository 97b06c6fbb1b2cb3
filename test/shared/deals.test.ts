import { describe, expect, it } from 'vitest';
import { dealHint, orderTotals, priceOrder, quantityProblems, type Deal, type TermsLine } from '../../shared';

const NOW = Date.parse('2026-11-22T10:00:00.000Z');
const DAY = 86_400_000;

const deal = (overrides: Partial<Deal>): Deal => ({
  id: 'deal_a',
  kind: 'case',
  title: 'A deal',
  min_cases: 5,
  discount: { type: 'amount_off', amount_off_cents: 1_800 },
  starts_at: new Date(NOW - DAY).toISOString(),
  ends_at: new Date(NOW + DAY).toISOString(),
  product_count: 1,
  ...overrides,
});

const line = (overrides: Partial<TermsLine>): TermsLine => ({
  productId: 'prod_a',
  unit: 'case',
  quantity: 1,
  casePriceCents: 20_000,
  bottlePriceCents: 1_800,
  deals: [],
  splitCaseFeeCents: 0,
  ...overrides,
});

describe('priceOrder (shared/deals.ts)', () => {
  it('applies a case deal from its threshold, and prices total = unit × quantity', () => {
    const four = priceOrder([line({ quantity: 4, deals: [deal({})] })], NOW);
    expect(four.lines[0]).toMatchObject({ unit_price_cents: 20_000, deal: null, saved_cents: 0 });
    const five = priceOrder([line({ quantity: 5, deals: [deal({})] })], NOW);
    expect(five.lines[0]).toMatchObject({ unit_price_cents: 18_200, total_cents: 91_000, deal: { id: 'deal_a' }, saved_cents: 9_000 });
    expect(five.totals).toEqual(orderTotals([{ unit_price_cents: 18_200, quantity: 5 }]));
  });

  it('counts a running deal only: from starts_at included to ends_at excluded', () => {
    const d = deal({ min_cases: 1, starts_at: new Date(NOW).toISOString(), ends_at: new Date(NOW + 1).toISOString() });
    expect(priceOrder([line({ deals: [d] })], NOW).lines[0]?.deal).not.toBeNull();
    expect(priceOrder([line({ deals: [d] })], NOW - 1).lines[0]?.deal).toBeNull();
    expect(priceOrder([line({ deals: [d] })], NOW + 1).lines[0]?.deal).toBeNull();
  });

  it('counts a mix deal over the cases of its set together, and each line takes the lowest price, never two deals', () => {
    const mix = deal({ id: 'deal_mix', kind: 'mix', min_cases: 10, discount: { type: 'percent_off', percent_off_basis_points: 800 }, product_count: 2 });
    const caseDeal = deal({ id: 'deal_case', min_cases: 6, discount: { type: 'amount_off', amount_off_cents: 500 } });
    const priced = priceOrder(
      [line({ quantity: 6, deals: [mix, caseDeal] }), line({ productId: 'prod_b', quantity: 4, casePriceCents: 10_000, deals: [mix] })],
      NOW,
    );
    // 8 % of 20,000 is 1,600 (more than the case deal's 500); 8 % of 10,000 is 800.
    expect(priced.lines.map((l) => [l.unit_price_cents, l.deal?.id])).toEqual([
      [18_400, 'deal_mix'],
      [9_200, 'deal_mix'],
    ]);
    const short = priceOrder([line({ quantity: 6, deals: [mix, caseDeal] }), line({ productId: 'prod_b', quantity: 3, casePriceCents: 10_000, deals: [mix] })], NOW);
    expect(short.lines.map((l) => [l.unit_price_cents, l.deal?.id ?? null])).toEqual([
      [19_500, 'deal_case'],
      [10_000, null],
    ]);
  });

  it('rounds a share off half up to the cent', () => {
    // 12,345 × 5 % = 617.25 → 617; 12,350 × 5 % = 617.5 → 618.
    const pct = deal({ min_cases: 1, discount: { type: 'percent_off', percent_off_basis_points: 500 } });
    expect(priceOrder([line({ casePriceCents: 12_345, deals: [pct] })], NOW).lines[0]?.unit_price_cents).toBe(11_728);
    expect(priceOrder([line({ casePriceCents: 12_350, deals: [pct] })], NOW).lines[0]?.unit_price_cents).toBe(11_732);
  });

  it('ignores a deal that would make the price zero or negative, or not lower it, and says why', () => {
    const negative = deal({ id: 'deal_neg', min_cases: 1, discount: { type: 'amount_off', amount_off_cents: 20_000 } });
    const dearer = deal({ id: 'deal_up', min_cases: 1, discount: { type: 'case_price', case_price_cents: 25_000 } });
    const priced = priceOrder([line({ deals: [negative, dearer] })], NOW);
    expect(priced.lines[0]).toMatchObject({ unit_price_cents: 20_000, deal: null });
    expect(priced.ignored).toEqual([
      { dealId: 'deal_neg', productId: 'prod_a', reason: 'price_not_positive' },
      { dealId: 'deal_up', productId: 'prod_a', reason: 'no_saving' },
    ]);
  });

  it('prices a line of bottles at the bottle price, counts it toward no deal, and adds its split-case fee to shipping once', () => {
    const priced = priceOrder([line({ unit: 'bottle', quantity: 5, deals: [deal({ min_cases: 1 })], splitCaseFeeCents: 3_000 })], NOW);
    expect(priced.lines[0]).toMatchObject({ unit_price_cents: 1_800, total_cents: 9_000, deal: null, split_case_fee_cents: 3_000 });
    expect(priced.splitCaseFeesCents).toBe(3_000);
    expect(priced.totals.shipping_cents).toBe(orderTotals([{ unit_price_cents: 1_800, quantity: 1 }]).shipping_cents + 3_000);
  });
});

describe('dealHint', () => {
  it('names the nearest deal the line does not reach yet and what a case would save', () => {
    const lines = [line({ quantity: 3, deals: [deal({}), deal({ id: 'deal_b', min_cases: 10, discount: { type: 'amount_off', amount_off_cents: 4_000 } })] })];
    expect(dealHint(lines, 0, NOW)).toEqual({ dealId: 'deal_a', title: 'A deal', casesToAdd: 2, casePriceCents: 18_200, savingPerCaseCents: 1_800 });
    expect(dealHint([line({ quantity: 3, deals: [deal({ ends_at: new Date(NOW).toISOString() })] })], 0, NOW)).toBeNull();
    expect(dealHint([line({ unit: 'bottle', quantity: 3, deals: [deal({})] })], 0, NOW)).toBeNull();
  });
});

describe('quantityProblems (shared/split-case.ts)', () => {
  const stock = { minimumOrder: 1, inventoryAvailable: 2, packSize: 12, splitCase: { feeCents: 3_000, bottlesAvailable: 30 } };
  it('allows bottles only where the supplier splits cases, fewer than a case, within the bottles left after the cases', () => {
    expect(quantityProblems({ cases: 0, bottles: 5 }, { ...stock, splitCase: null }).map((p) => p.code)).toEqual(['split_case_not_allowed']);
    expect(quantityProblems({ cases: 0, bottles: 12 }, stock).map((p) => p.code)).toEqual(['split_case_too_large']);
    expect(quantityProblems({ cases: 2, bottles: 7 }, stock).map((p) => [p.code, p.detail])).toEqual([['insufficient_inventory', 'only 6 bottles available besides the cases']]);
    expect(quantityProblems({ cases: 2, bottles: 6 }, stock)).toEqual([]);
  });
  it('counts a split case as one toward the minimum', () => {
    expect(quantityProblems({ cases: 0, bottles: 3 }, { ...stock, minimumOrder: 2 }).map((p) => p.code)).toEqual(['below_minimum_order']);
    expect(quantityProblems({ cases: 1, bottles: 3 }, { ...stock, minimumOrder: 2 })).toEqual([]);
  });
});
