import { formatCases, formatCount } from './format';

/**
 * The quantity rules of one product in one order when it may be bought by the bottle (issue 26),
 * shared by the service (which refuses an order breaking them) and the cart (which says so before
 * anything is placed). An order holds at most one line of cases and one line of bottles of a product.
 *
 * - Bottles only where the supplier splits cases (the product has split-case terms) and a case holds
 *   more than one bottle; fewer bottles than make a case (1 to `pack_size` − 1): whole cases are
 *   ordered as cases.
 * - The minimum order counts cases, and a split case counts as one: cases + (bottles > 0 ? 1 : 0) ≥
 *   the minimum. So a product with a minimum of one case can be bought as 3 bottles, and one with a
 *   minimum of 3 as 2 cases and 5 bottles, never as 5 bottles alone.
 * - Stock: the cases come out of the whole cases in stock; the bottles out of what is left, counted
 *   in bottles (the whole cases left times the pack size, plus the bottles of cases already opened).
 */
export interface ProductStock {
  minimumOrder: number;
  /** Whole cases in stock. */
  inventoryAvailable: number;
  packSize: number;
  /** Null when the product is not sold by the bottle. */
  splitCase: { feeCents: number; bottlesAvailable: number } | null;
}

export interface ProductQuantity {
  cases: number;
  bottles: number;
}

/** The rules in the order they are checked; the service answers the first one any line breaks. */
export const QUANTITY_PROBLEM_CODES = ['split_case_not_allowed', 'split_case_too_large', 'below_minimum_order', 'insufficient_inventory'] as const;
export type QuantityProblemCode = (typeof QUANTITY_PROBLEM_CODES)[number];

export interface QuantityProblem {
  code: QuantityProblemCode;
  /** Which line of the product the problem is on. */
  on: 'cases' | 'bottles';
  /** Plain words, as the service's field error and the cart both say them. */
  detail: string;
}

export const formatBottles = (count: number): string => formatCount(count, 'bottle', 'bottles');

/** Whether this product can be ordered by the bottle at all. */
export function sellsByTheBottle(stock: Pick<ProductStock, 'packSize' | 'splitCase'>): boolean {
  return stock.splitCase !== null && stock.packSize > 1;
}

/** Bottles left for a bottle line once `cases` whole cases are taken. */
export function bottlesLeftAfter(stock: ProductStock, cases: number): number {
  if (!stock.splitCase) return 0;
  return Math.max(0, stock.splitCase.bottlesAvailable - Math.max(0, cases) * stock.packSize);
}

/** Every rule the quantity of one product breaks, in the order of QUANTITY_PROBLEM_CODES. */
export function quantityProblems(quantity: ProductQuantity, stock: ProductStock): QuantityProblem[] {
  const problems: QuantityProblem[] = [];
  const { cases, bottles } = quantity;
  if (bottles > 0 && !sellsByTheBottle(stock)) {
    problems.push({
      code: 'split_case_not_allowed',
      on: 'bottles',
      detail: stock.packSize <= 1 ? 'is sold by the case only: a case holds one bottle' : 'is sold by the case only: its supplier does not split cases',
    });
    return problems;
  }
  if (bottles >= stock.packSize && bottles > 0) {
    problems.push({
      code: 'split_case_too_large',
      on: 'bottles',
      detail: `must be fewer than ${formatBottles(stock.packSize)}, which make a case: order whole cases as cases`,
    });
  }
  const counted = cases + (bottles > 0 ? 1 : 0);
  if (counted < stock.minimumOrder) {
    problems.push({
      code: 'below_minimum_order',
      on: cases > 0 || bottles === 0 ? 'cases' : 'bottles',
      detail: bottles > 0
        ? `must come to at least ${formatCases(stock.minimumOrder)} (a split case counts as one)`
        : `must be at least ${formatCases(stock.minimumOrder)}`,
    });
  }
  if (cases > stock.inventoryAvailable) {
    problems.push({ code: 'insufficient_inventory', on: 'cases', detail: `only ${formatCases(stock.inventoryAvailable)} available` });
  } else if (bottles > 0 && bottles > bottlesLeftAfter(stock, cases)) {
    const left = bottlesLeftAfter(stock, cases);
    problems.push({
      code: 'insufficient_inventory',
      on: 'bottles',
      detail: cases > 0 ? `only ${formatBottles(left)} available besides the cases` : `only ${formatBottles(left)} available`,
    });
  }
  return problems;
}
