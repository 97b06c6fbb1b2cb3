import { orderableProblem } from './quantityRules';
import { formatBottlePrices, formatCases, formatNumber, formatSize, vintageLabel } from '../../shared/format';

interface BottleFacts {
  vintage: number | null;
  size_ml: number;
  pack_size: number;
}

export { formatSize, vintageLabel };

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

/** The bottle price by the case against a single bottle, for a catalog item or a product detail. */
export function bottlePricesOf(product: { case_price_cents: number; bottle_price_cents: number; pack_size: number }): string {
  return formatBottlePrices({ casePriceCents: product.case_price_cents, bottlePriceCents: product.bottle_price_cents, packSize: product.pack_size });
}
