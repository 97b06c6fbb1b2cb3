import { describe, expect, it } from 'vitest';
import {
  FREE_SHIPPING_THRESHOLD_CENTS,
  SHIPPING_BASE_CENTS,
  SHIPPING_PER_CASE_CENTS,
  orderTotals,
  platformFeeCents,
  shippingCents,
} from '../../shared/pricing';

describe('pricing rules', () => {
  it('charges base plus per-case shipping below the free-shipping threshold', () => {
    expect(shippingCents(10_000, 3)).toBe(SHIPPING_BASE_CENTS + 3 * SHIPPING_PER_CASE_CENTS);
  });

  it('ships free from the threshold on', () => {
    expect(shippingCents(FREE_SHIPPING_THRESHOLD_CENTS - 1, 1)).toBeGreaterThan(0);
    expect(shippingCents(FREE_SHIPPING_THRESHOLD_CENTS, 40)).toBe(0);
  });

  it('rounds the 2.5% platform fee half up to the cent', () => {
    expect(platformFeeCents(100)).toBe(3); // 2.5 → 3
    expect(platformFeeCents(99)).toBe(2); // 2.475 → 2
    expect(platformFeeCents(40_000)).toBe(1_000);
  });

  it('adds up to an integer total of subtotal, shipping and fee', () => {
    const totals = orderTotals([
      { unit_price_cents: 18_999, quantity: 2 },
      { unit_price_cents: 7_450, quantity: 5 },
    ]);
    expect(totals.subtotal_cents).toBe(18_999 * 2 + 7_450 * 5);
    expect(totals.total_cents).toBe(totals.subtotal_cents + totals.shipping_cents + totals.platform_fee_cents);
    for (const value of Object.values(totals)) expect(Number.isInteger(value)).toBe(true);
  });
});
