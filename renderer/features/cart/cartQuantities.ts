import { formatCases } from '../../../shared/format';
import { formatBottles, quantityProblems, sellsByTheBottle, bottlesLeftAfter, type ProductStock, type QuantityProblem } from '../../../shared/split-case';
import type { OrderUnit } from '../../../shared/schemas';
import { checkQuantity, type QuantityCheck } from '../../lib/quantityRules';
import type { CartProduct } from './cartProduct';

/**
 * The quantities of the cart's lines (issue 26, split cases). A product may have two lines in the
 * cart, as in an order: one of cases and one of bottles. A product with a line of cases alone is
 * checked as it always was (`checkQuantity`); once it has a line of bottles, its two lines are
 * checked together by the service's own rules (`quantityProblems`, shared/split-case.ts): bottles
 * only where the supplier splits cases, 1 to pack size − 1 of them, the minimum counting a split
 * case as one case, the bottles' stock what the cases leave, counted in bottles.
 */

/** What a cart line counts; a line kept from before split cases has no unit and counts cases. */
export const unitOf = (line: { unit?: OrderUnit }): OrderUnit => line.unit ?? 'case';

/** A cart line's key: the product id for its line of cases (as before split cases), with `:bottles` for its line of bottles. */
export const cartLineKey = (line: { productId: string; unit?: OrderUnit }): string =>
  unitOf(line) === 'bottle' ? `${line.productId}:bottles` : line.productId;

/** The product's line of cases among these lines (not its line of bottles), if any. */
export const caseLineOf = <Line extends { productId: string; unit?: OrderUnit }>(lines: readonly Line[], productId: string): Line | undefined =>
  lines.find((line) => line.productId === productId && unitOf(line) === 'case');

/** The product as the shared rules take it; a product whose split-case terms are not known yet is not sold by the bottle. */
export function stockOf(product: CartProduct): ProductStock {
  return {
    minimumOrder: product.minimumOrder,
    inventoryAvailable: product.inventoryAvailable,
    packSize: product.packSize,
    splitCase: product.splitCase ?? null,
  };
}

/** Whether the cart may add bottles of this product (its detail says its supplier splits its cases). */
export const canOrderBottles = (product: CartProduct): boolean => sellsByTheBottle(stockOf(product));

/** The most bottles one line of this product may hold next to `cases` cases: below a case, within the bottles in stock. */
export function maxBottles(product: CartProduct, cases: number): number {
  if (!canOrderBottles(product)) return 0;
  return Math.min(product.packSize - 1, bottlesLeftAfter(stockOf(product), cases));
}

/** A shared rule broken, in the cart's words (decided by its code; the service's detail is for its field errors). */
function problemMessage(problem: QuantityProblem, product: CartProduct, quantity: { cases: number; bottles: number }): string {
  switch (problem.code) {
    case 'split_case_not_allowed':
      return product.packSize <= 1
        ? 'A case of this wine holds one bottle: order it by the case.'
        : 'Its supplier does not sell this wine by the bottle (no split cases): order it by the case.';
    case 'split_case_too_large':
      return `A split case is 1 to ${formatBottles(product.packSize - 1)}; ${formatBottles(product.packSize)} make a case: order whole cases as cases.`;
    case 'below_minimum_order':
      return `The minimum order is ${formatCases(product.minimumOrder)}, a split case counting as one: add cases too.`;
    case 'insufficient_inventory': {
      if (problem.on === 'cases') return `Only ${formatCases(product.inventoryAvailable)} available.`;
      const left = bottlesLeftAfter(stockOf(product), quantity.cases);
      return quantity.cases > 0 ? `Only ${formatBottles(left)} available besides the cases.` : `Only ${formatBottles(left)} available.`;
    }
  }
}

/** A number of bottles as typed (string) or computed (number): a whole number, at least one. */
function parseBottles(raw: string | number): QuantityCheck {
  const text = typeof raw === 'number' ? String(raw) : raw.trim();
  if (text === '') return { ok: false, message: 'Enter how many bottles you want.' };
  if (!/^-?[0-9]+$/.test(text)) return { ok: false, message: 'Enter a whole number of bottles (no decimals or letters).' };
  const value = Number(text);
  if (value <= 0) return { ok: false, message: 'Enter at least 1 bottle.' };
  return { ok: true, value };
}

/**
 * Checks the quantity of one line of a product, as typed or computed, next to the other line of the
 * same product (`otherLine`: its accepted quantity, 0 when there is none). Accepts the quantity
 * unless a rule is broken on this line; a rule broken on the other line is that line's problem.
 */
export function checkLineQuantity(raw: string | number, unit: OrderUnit, product: CartProduct, otherLine: number): QuantityCheck {
  if (unit === 'case' && otherLine === 0) return checkQuantity(raw, { minimum: product.minimumOrder, stock: product.inventoryAvailable });
  const parsed = unit === 'bottle' ? parseBottles(raw) : checkQuantity(raw, { minimum: 1, stock: Number.MAX_SAFE_INTEGER });
  if (!parsed.ok) return parsed;
  const quantity = unit === 'bottle' ? { cases: otherLine, bottles: parsed.value } : { cases: parsed.value, bottles: otherLine };
  const problem = quantityProblems(quantity, stockOf(product)).find((candidate) => candidate.on === (unit === 'bottle' ? 'bottles' : 'cases'));
  return problem ? { ok: false, message: problemMessage(problem, product, quantity) } : parsed;
}
