import type { OrderDraft } from '../../../shared/bridge';
import { orderTotals, type OrderTotals } from '../../../shared/pricing';
import type { ShippingAddressInput } from '../../../shared/schemas';
import type { CartLine } from './cartStore';
import { checkQuantity } from '../../lib/quantityRules';

/** One supplier's part of the cart: it becomes one order, because the service takes one supplier per order. */
export interface CartGroup {
  supplierId: string;
  supplierName: string;
  lines: CartLine[];
  totals: OrderTotals;
  /** Problems per product id that stop this group from being placed. */
  problems: Record<string, string>;
}

export function estimateTotals(lines: readonly CartLine[]): OrderTotals {
  return orderTotals(lines.map((line) => ({ unit_price_cents: line.casePriceCents, quantity: line.quantity })));
}

/** Groups by supplier; `drafts` are typed quantities not yet accepted, which block their group. */
export function groupCart(lines: readonly CartLine[], drafts: Readonly<Record<string, string>> = {}): CartGroup[] {
  const bySupplier = new Map<string, CartLine[]>();
  for (const line of lines) {
    const group = bySupplier.get(line.supplierId);
    if (group) group.push(line);
    else bySupplier.set(line.supplierId, [line]);
  }
  return [...bySupplier.entries()]
    .map(([supplierId, groupLines]) => ({
      supplierId,
      supplierName: groupLines[0]?.supplierName ?? supplierId,
      lines: groupLines,
      totals: estimateTotals(groupLines),
      problems: lineProblems(groupLines, drafts),
    }))
    .sort((a, b) => a.supplierName.localeCompare(b.supplierName));
}

function lineProblems(lines: readonly CartLine[], drafts: Readonly<Record<string, string>>): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const line of lines) {
    const check = checkQuantity(drafts[line.productId] ?? line.quantity, { minimum: line.minimumOrder, stock: line.inventoryAvailable });
    if (!check.ok) problems[line.productId] = check.message;
  }
  return problems;
}

export const groupIsPlaceable = (group: CartGroup) => Object.keys(group.problems).length === 0;

export function buildDraft(group: CartGroup, shipTo: ShippingAddressInput, notes: string | undefined): OrderDraft {
  const trimmedNotes = notes?.trim();
  return {
    order: {
      supplier_id: group.supplierId,
      items: group.lines.map((line) => ({ product_id: line.productId, quantity: line.quantity })),
      shipping_address: shipTo,
      ...(trimmedNotes ? { buyer_notes: trimmedNotes } : {}),
    },
    supplierName: group.supplierName,
    estimatedTotalCents: group.totals.total_cents,
  };
}
