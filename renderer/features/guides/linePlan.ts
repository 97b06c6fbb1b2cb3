import { readCaseCount } from '../../../shared/bridge/guides';
import { formatCases } from '../../../shared/format';
import type { CatalogProduct } from '../../../shared/schemas';
import { checkQuantity, MAX_CASES_PER_LINE, orderableProblem } from '../../lib/quantityRules';

/** One line of a guide as counted: its par, its product as the offline catalog knows it, what was typed as on hand. */
export interface CountedLine {
  productId: string;
  par: number;
  product: CatalogProduct | null;
  onHand: string;
}

/**
 * What "Count and order" does with one line:
 * - `order`: put `quantity` cases in the cart; `note` says when it is not simply par − on hand
 *   (rounded up to the minimum order, or cut to the stock);
 * - `enough`: on hand is at or above the par, nothing to order;
 * - `unfilled`: nothing can be ordered, `message` says why (not counted, no longer in the catalog,
 *   out of stock, stock below the minimum);
 * - `invalid`: the count typed is not a whole number ≥ 0; it must be fixed first.
 */
export type LinePlan =
  | { kind: 'order'; quantity: number; note: string | null }
  | { kind: 'enough'; message: string }
  | { kind: 'unfilled'; message: string }
  | { kind: 'invalid'; message: string };

/**
 * The rounding rule, in one place: order par − on hand, rounded up to the product's minimum order,
 * then capped by the stock (and the service's ceiling on one line). The quantity rules themselves
 * (what is orderable, the minimum, the stock) are the cart's (`lib/quantityRules`).
 */
export function planLine(line: CountedLine): LinePlan {
  if (line.onHand.trim() === '') return { kind: 'unfilled', message: 'Not counted: enter what is on hand to order it.' };
  const count = readCaseCount(line.onHand, 'On hand');
  if (!count.ok) return { kind: 'invalid', message: count.message };
  const onHand = count.value;
  if (onHand > line.par) return { kind: 'enough', message: `On hand (${onHand}) is more than the par (${line.par}): nothing to order.` };
  if (onHand === line.par) return { kind: 'enough', message: 'At par: nothing to order.' };
  if (!line.product) return { kind: 'unfilled', message: 'No longer in the catalog on this computer.' };
  const limits = { minimum: line.product.minimum_order, stock: line.product.inventory_available };
  const unorderable = orderableProblem(limits);
  if (unorderable) return { kind: 'unfilled', message: unorderable };

  const need = line.par - onHand;
  const rounded = Math.max(need, limits.minimum);
  const cap = Math.min(limits.stock, MAX_CASES_PER_LINE);
  const quantity = Math.min(rounded, cap);
  const check = checkQuantity(quantity, limits);
  if (!check.ok) return { kind: 'unfilled', message: check.message };
  const note =
    quantity < need
      ? `Only ${formatCases(cap)} available: ${formatCases(need - quantity)} short of the par.`
      : quantity > need
        ? `Rounded up from ${need} to the minimum order of ${formatCases(limits.minimum)}.`
        : null;
  return { kind: 'order', quantity: check.value, note };
}
