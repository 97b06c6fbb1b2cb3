/**
 * An order checked and priced by its supplier's terms: each line's minimum, stock and split case
 * (shared/split-case.ts), the deals running when it is placed (shared/deals.ts), the prices the
 * buyer was shown, and the delivery date it asks for (the supplier's delivery terms).
 */
import {
  QUANTITY_PROBLEM_CODES,
  checkDeliveryDate,
  describeDeliveryRefusal,
  formatCents,
  priceOrder,
  quantityProblems,
  type CreateOrderBody,
  type DeliveryDateReason,
  type DeliveryTerms,
  type OrderTotals,
  type PricedTermsLine,
  type ProductStock,
  type QuantityProblem,
} from '../../../shared';
import type { Database } from '../../db/database';
import { dealsOfProducts, splitCaseTerms } from '../catalog/deals';
import type { OrderRejection } from '../types';
import { rejection } from './order-rejection';

/** One item of an order request; `unit` bottle is a line of a split case (issue 26). */
export type OrderLine = { index: number; productId: string; quantity: number; unit: 'case' | 'bottle' };

export const itemPointer = (line: Pick<OrderLine, 'index'>, field: 'product_id' | 'quantity' | 'unit' | 'expected_unit_price_cents') =>
  `/items/${line.index}/${field}`;

/** What pricing and the quantity rules need of a product row. */
export interface TermsProductRow {
  id: string;
  name: string;
  supplierId: string;
  casePriceCents: number;
  bottlePriceCents: number;
  packSize: number;
  inventoryAvailable: number;
  looseBottles: number;
  minimumOrder: number;
}

const STATUS_OF: Record<QuantityProblem['code'], 409 | 422> = {
  split_case_not_allowed: 422,
  split_case_too_large: 422,
  below_minimum_order: 422,
  insufficient_inventory: 409,
};

const TITLE_OF: Record<QuantityProblem['code'], string> = {
  split_case_not_allowed: 'Some products are not sold by the bottle.',
  split_case_too_large: 'Some lines of bottles hold a case or more.',
  below_minimum_order: 'Some quantities are below the minimum order of their product.',
  insufficient_inventory: 'Not enough inventory for some items.',
};

export function splitCaseOf(product: TermsProductRow, splitCaseFeeCents: number | null): ProductStock['splitCase'] {
  const terms = splitCaseTerms({ ...product, splitCaseFeeCents });
  return terms ? { feeCents: terms.fee_cents, bottlesAvailable: terms.bottles_available } : null;
}

/**
 * The minimums and stock of every product of the order, cases and bottles together, by the rules of
 * shared/split-case.ts; refuses with every line that breaks the first rule any of them breaks
 * (split case not allowed, too many bottles, below the minimum, short of stock), each named by its
 * pointer (`/items/2/unit` where the product is not sold by the bottle, `/items/2/quantity` else).
 */
export function checkQuantities(
  lines: readonly OrderLine[],
  found: ReadonlyMap<string, TermsProductRow>,
  splitCaseFeeCents: number | null,
  // A line with a backup (issue 26) may be short: its backup fills it when the stock is taken.
  hasBackup: (line: OrderLine) => boolean = () => false,
): OrderRejection | null {
  const byProduct = new Map<string, { cases?: OrderLine; bottles?: OrderLine }>();
  for (const line of lines) {
    const entry = byProduct.get(line.productId) ?? {};
    if (line.unit === 'bottle') entry.bottles = line;
    else entry.cases = line;
    byProduct.set(line.productId, entry);
  }
  const found_: Array<{ problem: QuantityProblem; line: OrderLine }> = [];
  for (const [productId, entry] of byProduct) {
    const product = found.get(productId) as TermsProductRow;
    const problems = quantityProblems(
      { cases: entry.cases?.quantity ?? 0, bottles: entry.bottles?.quantity ?? 0 },
      {
        minimumOrder: product.minimumOrder,
        inventoryAvailable: product.inventoryAvailable,
        packSize: product.packSize,
        splitCase: splitCaseOf(product, splitCaseFeeCents),
      },
    );
    for (const problem of problems) {
      const line = problem.on === 'bottles' ? entry.bottles : entry.cases;
      if (line && !(problem.code === 'insufficient_inventory' && hasBackup(line))) found_.push({ problem, line });
    }
  }
  for (const code of QUANTITY_PROBLEM_CODES) {
    const broken = found_.filter(({ problem }) => problem.code === code).sort((a, b) => a.line.index - b.line.index);
    if (broken.length === 0) continue;
    return rejection(
      STATUS_OF[code],
      code,
      TITLE_OF[code],
      broken.map(({ problem, line }) => ({ pointer: itemPointer(line, code === 'split_case_not_allowed' ? 'unit' : 'quantity'), detail: problem.detail })),
    );
  }
  return null;
}

export interface PricedOrderLine {
  line: OrderLine;
  product: TermsProductRow;
  price: PricedTermsLine;
}

/** Prices the order's lines with the deals running at `now` and the supplier's split-case fee (shared/deals.ts). */
export async function priceWithTerms(
  tx: Database,
  lines: readonly OrderLine[],
  found: ReadonlyMap<string, TermsProductRow>,
  splitCaseFeeCents: number,
  now: Date,
): Promise<{ priced: PricedOrderLine[]; totals: OrderTotals }> {
  const dealsOf = await dealsOfProducts(tx, [...new Set(lines.map((line) => line.productId))]);
  const priced = priceOrder(
    lines.map((line) => {
      const product = found.get(line.productId) as TermsProductRow;
      return {
        productId: line.productId,
        unit: line.unit,
        quantity: line.quantity,
        casePriceCents: product.casePriceCents,
        bottlePriceCents: product.bottlePriceCents,
        deals: dealsOf.get(line.productId) ?? [],
        splitCaseFeeCents,
      };
    }),
    now.getTime(),
  );
  return {
    priced: lines.map((line, position) => ({ line, product: found.get(line.productId) as TermsProductRow, price: priced.lines[position] as PricedTermsLine })),
    totals: priced.totals,
  };
}

/**
 * The buyer's price check (an extension): where the request says what the buyer saw
 * (`expected_unit_price_cents` on items, `expected_total_cents` on the order) and the service
 * would charge something else, the order is refused with 409 price_changed naming each line and
 * the total that differ, in plain words, before anything is taken or stored.
 */
export function checkExpectedPrices(body: CreateOrderBody, priced: readonly PricedOrderLine[], totals: OrderTotals): OrderRejection | null {
  const errors: Array<{ pointer: string; detail: string }> = [];
  for (const { line, price } of priced) {
    const expected = body.items[line.index]?.expected_unit_price_cents;
    if (expected === undefined || expected === price.unit_price_cents) continue;
    const per = line.unit === 'bottle' ? 'a bottle' : 'a case';
    const why = price.deal ? ` with the deal "${price.deal.title}"` : price.list_price_cents === price.unit_price_cents && line.unit === 'case' ? ' (no deal applies)' : '';
    errors.push({
      pointer: itemPointer(line, 'expected_unit_price_cents'),
      detail: `costs ${formatCents(price.unit_price_cents)} ${per} now${why}, not ${formatCents(expected)}`,
    });
  }
  const expectedTotal = body.expected_total_cents;
  if (expectedTotal !== undefined && expectedTotal !== totals.total_cents) {
    errors.push({ pointer: '/expected_total_cents', detail: `the order comes to ${formatCents(totals.total_cents)} now, not ${formatCents(expectedTotal)}` });
  }
  if (errors.length > 0) {
    return rejection(409, 'price_changed', 'The prices changed since the order was written; nothing was ordered. Review the new prices and send it again.', errors);
  }
  return null;
}

/**
 * The delivery date an order asks for (issue 26), checked with the rule the app uses offline
 * (shared/delivery-days.ts) at the moment the order is placed. Null when the order asks for none
 * or the date can be had; else a 422 delivery_date_unavailable naming the next possible date.
 */
export function refuseDeliveryDate(body: CreateOrderBody, supplierName: string, terms: DeliveryTerms | null, now: Date): OrderRejection | null {
  const date = body.requested_delivery_date;
  if (date === undefined) return null;
  const state = body.shipping_address.state;
  const check = checkDeliveryDate(terms, state, date, now);
  if (check.ok) return null;
  const detail = describeDeliveryRefusal(check, date, terms, state, supplierName);
  return {
    ...rejection(422, 'delivery_date_unavailable', detail, [{ pointer: '/requested_delivery_date', detail: REASON_WORDS[check.reason] }]),
    delivery: { delivery_date_reason: check.reason, next_delivery_date: check.next?.date ?? null },
  };
}

/** The field error's short words, beside the problem's full detail. */
const REASON_WORDS: Record<DeliveryDateReason, string> = {
  no_terms: 'the supplier has no delivery days; leave the date out',
  no_route: 'the supplier has no delivery days for this state; leave the date out',
  past: 'is in the past',
  too_far: 'is too far ahead',
  closed_day: 'is not a delivery day of the supplier',
  closed_date: 'the supplier is closed that day',
  past_cutoff: 'its order cutoff has passed',
};
