import { formatCases } from '../../shared/format';
import { orderableNow } from '../../shared/orderable';

/** The service's own ceiling on one order line, from `OrderLineInput`. */
export const MAX_CASES_PER_LINE = 100_000;

export interface QuantityLimits {
  /** Minimum order in cases. */
  minimum: number;
  /** Cases in stock, as last known. */
  stock: number;
}

export type QuantityCheck = { ok: true; value: number } | { ok: false; message: string };

/** Checks a quantity of cases as typed (string) or computed (number) against a product's minimum and stock. */
export function checkQuantity(raw: string | number, limits: QuantityLimits): QuantityCheck {
  const text = typeof raw === 'number' ? String(raw) : raw.trim();
  if (text === '') return { ok: false, message: 'Enter how many cases you want.' };
  if (!/^-?[0-9]+$/.test(text)) return { ok: false, message: 'Enter a whole number of cases (no decimals or letters).' };
  const value = Number(text);
  if (value <= 0) return { ok: false, message: `Enter at least ${formatCases(Math.max(1, limits.minimum))}.` };
  if (limits.stock <= 0) return { ok: false, message: 'This product is out of stock.' };
  if (value > limits.stock || value > MAX_CASES_PER_LINE) {
    const available = Math.min(limits.stock, MAX_CASES_PER_LINE);
    return { ok: false, message: `Only ${formatCases(available)} available.` };
  }
  if (value < limits.minimum) {
    return { ok: false, message: `The minimum order is ${formatCases(limits.minimum)}.` };
  }
  return { ok: true, value };
}

/** Why a product cannot be ordered at all, by the one rule the catalog's "In stock only" filter uses too (`orderableNow`); null when it can. */
export function orderableProblem(limits: QuantityLimits): string | null {
  if (orderableNow({ inventory_available: limits.stock, minimum_order: limits.minimum })) return null;
  if (limits.stock <= 0) return 'Out of stock.';
  return `Only ${formatCases(limits.stock)} in stock, below the minimum order of ${limits.minimum}.`;
}

/**
 * How many cases can be added to a line that holds `inCart` (0: a new line) so that the line then
 * passes `checkQuantity`: any number from `low` to `high`; null when none can (out of stock, or the
 * stock is below the minimum).
 */
export function addableCases(inCart: number, limits: QuantityLimits): { low: number; high: number } | null {
  const low = Math.max(1, limits.minimum - inCart);
  const high = Math.min(limits.stock, MAX_CASES_PER_LINE) - inCart;
  return limits.stock > 0 && low <= high ? { low, high } : null;
}
