import { orderableProblem } from '../cart/quantityRules';
import { formatCases, formatNumber } from '../../../shared/format';

interface BottleFacts {
  vintage: number | null;
  size_ml: number;
  pack_size: number;
}

export const vintageLabel = (vintage: number | null) => (vintage === null ? 'NV' : String(vintage));

export function formatSize(sizeMl: number): string {
  return sizeMl >= 1000 ? `${formatNumber(sizeMl / 1000)} L` : `${sizeMl} ml`;
}

/** "2019 · 750 ml · 12 per case" */
export function bottleFacts(product: BottleFacts): string {
  return `${vintageLabel(product.vintage)} · ${formatSize(product.size_ml)} · ${product.pack_size} per case`;
}

export function stockLabel(cases: number, compact = false): string {
  if (cases <= 0) return 'Out of stock';
  if (compact) return `${formatNumber(cases)} in stock`;
  return `${formatCases(cases)} in stock`;
}

export function orderProblemOf(product: { minimum_order: number; inventory_available: number }): string | null {
  return orderableProblem({ minimum: product.minimum_order, stock: product.inventory_available });
}
