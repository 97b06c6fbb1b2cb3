import { dealHint, priceOrder, type DealHint, type PricedOrder, type TermsLine } from '../../../shared/deals';
import type { OrderTotals } from '../../../shared/pricing';
import type { OrderUnit } from '../../../shared/schemas';
import type { CartProduct } from './cartProduct';

/**
 * The cart's estimate: each supplier's lines priced by the service's own rules (shared/deals.ts,
 * shared/pricing.ts) with the deals the product details gave, at the moment of estimating. The
 * service prices the placed order with the same function, so the two agree to the cent when they
 * know the same deals and split-case fees (test/server/store/terms.test.ts proves it over random
 * carts of cases and bottles, deals and fees).
 */
export type EstimatedLine = CartProduct & { quantity: number; unit?: OrderUnit };

/** A cart line as the shared pricing takes it (shared/deals.ts, the service's own rules). */
const termsLineOf = (line: EstimatedLine): TermsLine => ({
  productId: line.productId,
  unit: line.unit ?? 'case',
  quantity: line.quantity,
  casePriceCents: line.casePriceCents,
  bottlePriceCents: line.bottlePriceCents,
  deals: line.deals ?? [],
  // A line of bottles pays its supplier's split-case fee, as the product's detail last gave it.
  splitCaseFeeCents: line.splitCase?.feeCents ?? 0,
});

/** One supplier's lines priced as the service prices the order placed at `now` (ms since the epoch). */
export function estimateOrder(lines: readonly EstimatedLine[], now: number = Date.now()): PricedOrder {
  return priceOrder(lines.map(termsLineOf), now);
}

export function estimateTotals(lines: readonly EstimatedLine[], now: number = Date.now()): OrderTotals {
  return estimateOrder(lines, now).totals;
}

export function dealHints(lines: readonly EstimatedLine[], now: number): Record<string, DealHint> {
  const terms = lines.map(termsLineOf);
  const hints: Record<string, DealHint> = {};
  for (const [index, line] of lines.entries()) {
    const hint = dealHint(terms, index, now);
    // Lines of bottles never get a hint: deals price cases only.
    if (hint) hints[line.productId] = hint;
  }
  return hints;
}

