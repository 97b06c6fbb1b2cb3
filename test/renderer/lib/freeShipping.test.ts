import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FREE_SHIPPING_THRESHOLD_CENTS, orderTotals } from '../../../shared/pricing';
import {
  casesToFreeShipping,
  freeShippingShortfallCents,
  rankCandidates,
  type CandidateSource,
  type FreeShippingCandidate,
} from '../../../renderer/lib/freeShipping';
import { addableCases, checkQuantity } from '../../../renderer/lib/quantityRules';

const wine = (productId: string, casePriceCents: number, more: Partial<FreeShippingCandidate> = {}): FreeShippingCandidate => ({
  productId,
  casePriceCents,
  minimumOrder: 1,
  inventoryAvailable: 100,
  source: 'catalog',
  ...more,
});

const total = (additions: { addedCents: number }[] | null) => (additions ?? []).reduce((sum, addition) => sum + addition.addedCents, 0);
const cases = (additions: { cases: number }[] | null) => (additions ?? []).reduce((sum, addition) => sum + addition.cases, 0);

describe('the free-shipping shortfall', () => {
  it('is the threshold less the subtotal, and 0 from the threshold on', () => {
    expect(freeShippingShortfallCents(0)).toBe(FREE_SHIPPING_THRESHOLD_CENTS);
    expect(freeShippingShortfallCents(FREE_SHIPPING_THRESHOLD_CENTS - 1)).toBe(1);
    expect(freeShippingShortfallCents(FREE_SHIPPING_THRESHOLD_CENTS)).toBe(0);
    expect(freeShippingShortfallCents(FREE_SHIPPING_THRESHOLD_CENTS + 5_000)).toBe(0);
    // The same threshold the service charges by: shipping is free exactly when the shortfall is 0.
    for (const subtotal of [FREE_SHIPPING_THRESHOLD_CENTS - 100, FREE_SHIPPING_THRESHOLD_CENTS]) {
      expect(orderTotals([{ unit_price_cents: subtotal, quantity: 1 }]).shipping_cents === 0).toBe(freeShippingShortfallCents(subtotal) === 0);
    }
  });
});

describe('the cases that can be added to a line', () => {
  it('are exactly the ones checkQuantity then accepts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 15 }), (inCart, minimum, stock) => {
        const range = addableCases(inCart, { minimum, stock });
        for (let add = 1; add <= 20; add += 1) {
          const accepted = checkQuantity(inCart + add, { minimum, stock }).ok;
          expect(range !== null && add >= range.low && add <= range.high, `${inCart}+${add} min ${minimum} stock ${stock}`).toBe(accepted);
        }
      }),
    );
  });
});

describe('the fewest cases to free shipping', () => {
  it('nothing when shipping is already free, or when nothing gets there', () => {
    expect(casesToFreeShipping({ shortfallCents: 0, candidates: [wine('a', 10_000)] })).toBeNull();
    expect(casesToFreeShipping({ shortfallCents: 50_000, candidates: [wine('a', 10_000, { inventoryAvailable: 4 })] })).toBeNull();
    expect(casesToFreeShipping({ shortfallCents: 50_000, candidates: [] })).toBeNull();
  });

  it('one case of the cheapest wine that covers the gap, rather than a dearer one', () => {
    const plan = casesToFreeShipping({ shortfallCents: 10_000, candidates: [wine('dear', 80_000), wine('fits', 12_000), wine('short', 9_000)] });
    expect(plan).toEqual([{ productId: 'fits', cases: 1, source: 'catalog', addedCents: 12_000 }]);
  });

  it('respects the minimum order of a new line, and not again for a line already in the cart', () => {
    const candidates = [wine('min5', 30_000, { minimumOrder: 5 }), wine('other', 20_000, { minimumOrder: 1 })];
    // 5 cases of min5 would be 5 cases; 3 of other (60,000) do it in 3.
    expect(casesToFreeShipping({ shortfallCents: 55_000, candidates })).toEqual([{ productId: 'other', cases: 3, source: 'catalog', addedCents: 60_000 }]);
    // With 5 of min5 in the cart already, 2 more of it do it in 2.
    expect(casesToFreeShipping({ shortfallCents: 55_000, candidates, inCart: { min5: 5 } })).toEqual([
      { productId: 'min5', cases: 2, source: 'catalog', addedCents: 60_000 },
    ]);
  });

  it('never adds beyond stock (counting what the cart holds) and mixes wines when one alone cannot', () => {
    const plan = casesToFreeShipping({
      // 4 of b reach only 100,000; the one case of a left in stock and 3 of b do it in 4 cases.
      shortfallCents: 110_000,
      candidates: [wine('a', 40_000, { inventoryAvailable: 3 }), wine('b', 25_000, { inventoryAvailable: 10 })],
      inCart: { a: 2 },
    });
    expect(plan).toEqual([
      { productId: 'a', cases: 1, source: 'catalog', addedCents: 40_000 },
      { productId: 'b', cases: 3, source: 'catalog', addedCents: 75_000 },
    ]);
  });

  it('takes the favourites alone when they get there, even in more cases than the catalog would', () => {
    const candidates = rankCandidates({
      favourite: [wine('fav', 20_000)],
      catalog: [wine('big', 90_000), wine('fav', 20_000)],
    });
    expect(candidates.map((candidate) => [candidate.productId, candidate.source])).toEqual([
      ['fav', 'favourite'],
      ['big', 'catalog'],
    ]);
    expect(casesToFreeShipping({ shortfallCents: 50_000, candidates })).toEqual([{ productId: 'fav', cases: 3, source: 'favourite', addedCents: 60_000 }]);
  });

  it('then the guides with the favourites, then the whole catalog', () => {
    const favourite = wine('fav', 10_000, { inventoryAvailable: 1 });
    const guide = wine('guide', 10_000, { inventoryAvailable: 2 });
    const catalog = wine('cat', 50_000);
    const ranked = rankCandidates({ favourite: [favourite], guide: [guide], catalog: [catalog] });
    expect(casesToFreeShipping({ shortfallCents: 30_000, candidates: ranked })?.map((addition) => [addition.productId, addition.cases, addition.source])).toEqual([
      ['fav', 1, 'favourite'],
      ['guide', 2, 'guide'],
    ]);
    expect(casesToFreeShipping({ shortfallCents: 40_000, candidates: ranked })).toEqual([{ productId: 'cat', cases: 1, source: 'catalog', addedCents: 50_000 }]);
  });

  it('finds the fewest cases, then the least spent, as trying every way does', () => {
    const candidate = fc.record({
      price: fc.integer({ min: 1, max: 60 }).map((dollars) => dollars * 1_000),
      minimumOrder: fc.integer({ min: 1, max: 4 }),
      inventoryAvailable: fc.integer({ min: 0, max: 6 }),
      inCart: fc.integer({ min: 0, max: 3 }),
    });
    fc.assert(
      fc.property(fc.array(candidate, { minLength: 1, maxLength: 5 }), fc.integer({ min: 1, max: 200 }).map((dollars) => dollars * 1_000), (wines, shortfallCents) => {
        const candidates = wines.map((item, index) =>
          wine(`p${index}`, item.price, { minimumOrder: item.minimumOrder, inventoryAvailable: item.inventoryAvailable, source: 'catalog' as CandidateSource }),
        );
        const inCart = Object.fromEntries(wines.map((item, index) => [`p${index}`, Math.min(item.inCart, item.inventoryAvailable)]));
        const plan = casesToFreeShipping({ shortfallCents, candidates, inCart });
        const best = bruteForce(candidates, inCart, shortfallCents);
        if (!best) {
          expect(plan).toBeNull();
          return;
        }
        expect(plan).not.toBeNull();
        expect([cases(plan), total(plan)]).toEqual(best);
        for (const addition of plan ?? []) {
          const line = candidates.find((item) => item.productId === addition.productId)!;
          expect(checkQuantity((inCart[addition.productId] ?? 0) + addition.cases, { minimum: line.minimumOrder, stock: line.inventoryAvailable }).ok).toBe(true);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('answers quickly for a large supplier (300 wines, cheap cases)', () => {
    const candidates = Array.from({ length: 300 }, (_, index) => wine(`p${index}`, 3_000 + ((index * 7_919) % 40_000), { minimumOrder: 1 + (index % 5) }));
    const started = performance.now();
    const plan = casesToFreeShipping({ shortfallCents: 149_000, candidates });
    const took = performance.now() - started;
    expect(total(plan)).toBeGreaterThanOrEqual(149_000);
    expect(took).toBeLessThan(500);
  });
});

/** [cases, cents added] of the best way, by trying every quantity of every wine; null when none reaches. */
function bruteForce(candidates: readonly FreeShippingCandidate[], inCart: Readonly<Record<string, number>>, target: number): [number, number] | null {
  let best: [number, number] | null = null;
  const walk = (index: number, count: number, value: number) => {
    if (index === candidates.length) {
      if (value >= target && (!best || count < best[0] || (count === best[0] && value < best[1]))) best = [count, value];
      return;
    }
    const item = candidates[index]!;
    walk(index + 1, count, value);
    const held = inCart[item.productId] ?? 0;
    for (let add = 1; add <= 12; add += 1) {
      if (checkQuantity(held + add, { minimum: item.minimumOrder, stock: item.inventoryAvailable }).ok) walk(index + 1, count + add, value + add * item.casePriceCents);
    }
  };
  walk(0, 0, 0);
  return best;
}
