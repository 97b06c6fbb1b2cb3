/**
 * The service's pricing rules, shared so the cart can estimate exactly what the service will charge.
 *
 * - subtotal: the sum over items of unit price × quantity (the case price, or a deal's; the bottle
 *   price on a line of a split case: see shared/deals.ts).
 * - shipping: free when the subtotal reaches FREE_SHIPPING_THRESHOLD_CENTS; otherwise a base charge
 *   per order plus a charge per case, where a line of bottles (a split case) counts as one case. The
 *   split-case fees of the bottle lines are added to shipping whatever the subtotal.
 * - platform fee: PLATFORM_FEE_BASIS_POINTS of the subtotal, rounded half up to the cent.
 * - total: subtotal + shipping + platform fee.
 */
export const FREE_SHIPPING_THRESHOLD_CENTS = 150_000;
export const SHIPPING_BASE_CENTS = 2_500;
export const SHIPPING_PER_CASE_CENTS = 350;
export const PLATFORM_FEE_BASIS_POINTS = 250;

export interface PricedLine {
  unit_price_cents: number;
  quantity: number;
  /** Absent: cases. A line of bottles is one split case for shipping. */
  unit?: 'case' | 'bottle';
  /** The split-case fee of a bottle line. */
  split_case_fee_cents?: number;
}

export interface OrderTotals {
  subtotal_cents: number;
  shipping_cents: number;
  platform_fee_cents: number;
  total_cents: number;
}

export function shippingCents(subtotalCents: number, cases: number): number {
  if (subtotalCents >= FREE_SHIPPING_THRESHOLD_CENTS) return 0;
  return SHIPPING_BASE_CENTS + SHIPPING_PER_CASE_CENTS * cases;
}

export function platformFeeCents(subtotalCents: number): number {
  return Math.floor((subtotalCents * PLATFORM_FEE_BASIS_POINTS + 5_000) / 10_000);
}

export function orderTotals(lines: readonly PricedLine[]): OrderTotals {
  const subtotal_cents = lines.reduce((sum, line) => sum + line.unit_price_cents * line.quantity, 0);
  const cases = lines.reduce((sum, line) => sum + (line.unit === 'bottle' ? 1 : line.quantity), 0);
  const splitCaseFees = lines.reduce((sum, line) => sum + (line.split_case_fee_cents ?? 0), 0);
  const shipping_cents = shippingCents(subtotal_cents, cases) + splitCaseFees;
  const platform_fee_cents = platformFeeCents(subtotal_cents);
  return {
    subtotal_cents,
    shipping_cents,
    platform_fee_cents,
    total_cents: subtotal_cents + shipping_cents + platform_fee_cents,
  };
}
