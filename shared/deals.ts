import { orderTotals, type OrderTotals } from './pricing';
import type { Deal } from './schemas/terms';

/**
 * How an order with one supplier is priced with its deals and split cases (issue 26). The service
 * prices every order with `priceOrder`, and the cart estimates with the same function on what it
 * knows of the products, so an estimate equals the service's price to the cent when both know the
 * same deals at the same moment.
 *
 * The rules:
 * - A deal counts while it runs: `starts_at` ≤ now < `ends_at`. Deals only price lines of cases; a
 *   line of bottles (a split case) costs the bottle price and counts toward no deal.
 * - A case deal applies to its product's line of cases from `min_cases` cases on that line. A mix deal
 *   applies to every line of cases of its products once the order's cases of all its products
 *   together reach `min_cases` (every case of those products counts, whichever deal its line ends up
 *   priced with).
 * - A deal's case price: its `case_price_cents`; or the list case price less `amount_off_cents`; or
 *   less `percent_off_basis_points` of it, that amount rounded half up to the cent.
 * - Deals never stack: each line takes the lowest case price among the deals it qualifies for; on a
 *   tie, the deal whose id sorts first. A deal that would not lower the line's price, or would bring
 *   it to zero or below, is ignored for that line (with the reason, `IgnoredDeal`): no price is ever
 *   raised by a deal, and none is ever zero or negative.
 * - Totals: `orderTotals` of shared/pricing.ts, with each bottle line's split-case fee.
 */

export interface TermsLine {
  productId: string;
  /** Cases (the seed's unit) or bottles of a split case. */
  unit: 'case' | 'bottle';
  quantity: number;
  casePriceCents: number;
  bottlePriceCents: number;
  /** The product's deals as known; those not running at the moment priced are left out here. */
  deals: readonly Deal[];
  /** The split-case fee a bottle line pays (the supplier's); not used on a line of cases. */
  splitCaseFeeCents: number;
}

export interface PricedTermsLine {
  productId: string;
  unit: 'case' | 'bottle';
  quantity: number;
  /** The price paid for one unit (case or bottle). */
  unit_price_cents: number;
  /** unit_price_cents × quantity. */
  total_cents: number;
  /** The price of one unit without any deal. */
  list_price_cents: number;
  /** The deal the line is priced with, or null. */
  deal: { id: string; title: string } | null;
  /** (list − unit price) × quantity. */
  saved_cents: number;
  /** The split-case fee of a bottle line; 0 on a line of cases. */
  split_case_fee_cents: number;
}

export type IgnoredDealReason =
  /** The deal's case price is not below the list price. */
  | 'no_saving'
  /** The deal would bring the case price to zero or below. */
  | 'price_not_positive';

export interface IgnoredDeal {
  dealId: string;
  productId: string;
  reason: IgnoredDealReason;
}

export interface PricedOrder {
  lines: PricedTermsLine[];
  totals: OrderTotals;
  /** The split-case fees of the bottle lines (a part of totals.shipping_cents). */
  splitCaseFeesCents: number;
  /** Deals a line qualified for but that could not price it, and why. */
  ignored: IgnoredDeal[];
}

const at = (iso: string): number => Date.parse(iso);

/** Whether a deal runs at `now` (milliseconds since the epoch): from its start, included, to its end, excluded. */
export function dealRunning(deal: Pick<Deal, 'starts_at' | 'ends_at'>, now: number): boolean {
  return at(deal.starts_at) <= now && now < at(deal.ends_at);
}

/** Whether a deal is over at `now`. */
export const dealEnded = (deal: Pick<Deal, 'ends_at'>, now: number): boolean => now >= at(deal.ends_at);

/** The case price a deal asks for a case listed at `listPriceCents`; it may be unusable (see `usableDealPrice`). */
export function dealCasePrice(deal: Pick<Deal, 'discount'>, listPriceCents: number): number {
  const discount = deal.discount;
  switch (discount.type) {
    case 'case_price':
      return discount.case_price_cents;
    case 'amount_off':
      return listPriceCents - discount.amount_off_cents;
    case 'percent_off':
      return listPriceCents - Math.floor((listPriceCents * discount.percent_off_basis_points + 5_000) / 10_000);
  }
}

/** The deal's case price for this list price, or why it cannot be used. */
export function usableDealPrice(deal: Pick<Deal, 'discount'>, listPriceCents: number): { ok: true; price: number } | { ok: false; reason: IgnoredDealReason } {
  const price = dealCasePrice(deal, listPriceCents);
  if (price <= 0) return { ok: false, reason: 'price_not_positive' };
  if (price >= listPriceCents) return { ok: false, reason: 'no_saving' };
  return { ok: true, price };
}

/** Cases of the order's lines of cases whose product has a running deal with this id, by deal id. */
export function casesPerDeal(lines: readonly TermsLine[], now: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of lines) {
    if (line.unit !== 'case') continue;
    const seen = new Set<string>();
    for (const deal of line.deals) {
      if (seen.has(deal.id) || !dealRunning(deal, now)) continue;
      seen.add(deal.id);
      counts.set(deal.id, (counts.get(deal.id) ?? 0) + line.quantity);
    }
  }
  return counts;
}

/** The cases that count toward a deal on this line: the line's own for a case deal, the set's for a mix deal. */
export function casesTowardDeal(deal: Pick<Deal, 'id' | 'kind'>, line: Pick<TermsLine, 'quantity'>, perDeal: ReadonlyMap<string, number>): number {
  return deal.kind === 'case' ? line.quantity : (perDeal.get(deal.id) ?? 0);
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Prices the lines of one order at `now` (milliseconds since the epoch) by the rules above. */
export function priceOrder(lines: readonly TermsLine[], now: number): PricedOrder {
  const perDeal = casesPerDeal(lines, now);
  const ignored: IgnoredDeal[] = [];
  const priced = lines.map((line): PricedTermsLine => {
    if (line.unit === 'bottle') {
      return {
        productId: line.productId,
        unit: 'bottle',
        quantity: line.quantity,
        unit_price_cents: line.bottlePriceCents,
        total_cents: line.bottlePriceCents * line.quantity,
        list_price_cents: line.bottlePriceCents,
        deal: null,
        saved_cents: 0,
        split_case_fee_cents: line.splitCaseFeeCents,
      };
    }
    let best: { deal: Deal; price: number } | null = null;
    for (const deal of [...line.deals].sort(byId)) {
      if (!dealRunning(deal, now) || casesTowardDeal(deal, line, perDeal) < deal.min_cases) continue;
      const usable = usableDealPrice(deal, line.casePriceCents);
      if (!usable.ok) {
        ignored.push({ dealId: deal.id, productId: line.productId, reason: usable.reason });
        continue;
      }
      if (best === null || usable.price < best.price) best = { deal, price: usable.price };
    }
    const unit = best?.price ?? line.casePriceCents;
    return {
      productId: line.productId,
      unit: 'case',
      quantity: line.quantity,
      unit_price_cents: unit,
      total_cents: unit * line.quantity,
      list_price_cents: line.casePriceCents,
      deal: best ? { id: best.deal.id, title: best.deal.title } : null,
      saved_cents: (line.casePriceCents - unit) * line.quantity,
      split_case_fee_cents: 0,
    };
  });
  const totals = orderTotals(priced);
  const splitCaseFeesCents = priced.reduce((sum, line) => sum + line.split_case_fee_cents, 0);
  return { lines: priced, totals, splitCaseFeesCents, ignored };
}

/** What a line of cases would gain from a few more cases: the deal, how many cases to add, and the price a case would then cost. */
export interface DealHint {
  dealId: string;
  title: string;
  casesToAdd: number;
  /** The line's case price once the deal applies. */
  casePriceCents: number;
  /** Less per case than the line pays now. */
  savingPerCaseCents: number;
}

/**
 * The nearest deal a line of cases does not reach yet ("add 2 more cases for $18 off each"): among
 * the deals running at `now` that would price the line below what it pays now, the one needing the
 * fewest more cases on this line (then the lowest price). Null on a line of bottles, or when none.
 */
export function dealHint(lines: readonly TermsLine[], index: number, now: number): DealHint | null {
  const line = lines[index];
  if (!line || line.unit !== 'case') return null;
  const paid = priceOrder(lines, now).lines[index]?.unit_price_cents ?? line.casePriceCents;
  const perDeal = casesPerDeal(lines, now);
  let best: DealHint | null = null;
  for (const deal of [...line.deals].sort(byId)) {
    if (!dealRunning(deal, now)) continue;
    const casesToAdd = deal.min_cases - casesTowardDeal(deal, line, perDeal);
    if (casesToAdd <= 0) continue;
    const usable = usableDealPrice(deal, line.casePriceCents);
    if (!usable.ok || usable.price >= paid) continue;
    if (best === null || casesToAdd < best.casesToAdd || (casesToAdd === best.casesToAdd && usable.price < best.casePriceCents)) {
      best = { dealId: deal.id, title: deal.title, casesToAdd, casePriceCents: usable.price, savingPerCaseCents: paid - usable.price };
    }
  }
  return best;
}
