import type { OrderDraft } from '../../../shared/bridge';
import type { OrderTotals } from '../../../shared/pricing';
import type { DealHint, PricedTermsLine } from '../../../shared/deals';
import { dealHints, estimateOrder } from './cartEstimate';
import type { ShippingAddressInput } from '../../../shared/schemas';
import type { CartLine } from './cartStore';
import { checkQuantity } from '../../lib/quantityRules';
import type { DeliveryOption } from '../../../shared/delivery-days';

/** One supplier's part of the cart: it becomes one order, because the service takes one supplier per order. */
export interface CartGroup {
  supplierId: string;
  supplierName: string;
  lines: CartLine[];
  totals: OrderTotals;
  /** Each line as the estimate prices it (its unit price with a deal, what the deal saves), in the order of `lines`. */
  priced: PricedTermsLine[];
  /** Per product id: the nearest deal a few more cases would reach. */
  hints: Record<string, DealHint>;
  /** Problems per product id that stop this group from being placed. */
  problems: Record<string, string>;
}

/** Groups by supplier; `drafts` are typed quantities not yet accepted, which block their group. */
export function groupCart(lines: readonly CartLine[], drafts: Readonly<Record<string, string>> = {}, now: number = Date.now()): CartGroup[] {
  const bySupplier = new Map<string, CartLine[]>();
  for (const line of lines) {
    const group = bySupplier.get(line.supplierId);
    if (group) group.push(line);
    else bySupplier.set(line.supplierId, [line]);
  }
  return [...bySupplier.entries()]
    .map(([supplierId, groupLines]) => {
      const estimate = estimateOrder(groupLines, now);
      return {
        supplierId,
        supplierName: groupLines[0]?.supplierName ?? supplierId,
        lines: groupLines,
        totals: estimate.totals,
        priced: estimate.lines,
        hints: dealHints(groupLines, now),
        problems: lineProblems(groupLines, drafts),
      };
    })
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

/** `delivery`: the delivery date chosen for this order and its cutoff (issue 26); absent, the order asks for none. */
export function buildDraft(group: CartGroup, shipTo: ShippingAddressInput, notes: string | undefined, delivery?: DeliveryOption | null): OrderDraft {
  const trimmedNotes = notes?.trim();
  return {
    order: {
      supplier_id: group.supplierId,
      items: group.lines.map((line) => ({ product_id: line.productId, quantity: line.quantity })),
      shipping_address: shipTo,
      ...(trimmedNotes ? { buyer_notes: trimmedNotes } : {}),
      ...(delivery ? { requested_delivery_date: delivery.date } : {}),
    },
    supplierName: group.supplierName,
    estimatedTotalCents: group.totals.total_cents,
    ...(delivery ? { deliveryCutoffAt: delivery.cutoffAt } : {}),
  };
}
