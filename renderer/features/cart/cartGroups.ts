import type { OrderDraft } from '../../../shared/bridge';
import type { OrderTotals } from '../../../shared/pricing';
import type { DealHint, PricedTermsLine } from '../../../shared/deals';
import { dealHints, estimateOrder } from './cartEstimate';
import type { ShippingAddressInput } from '../../../shared/schemas';
import type { CartLine } from './cartStore';
import { cartLineKey, checkLineQuantity, unitOf } from './cartQuantities';
import { MAX_CASES_PER_LINE } from '../../lib/quantityRules';
import { backupConflict, backupField } from './cartBackup';
import type { DeliveryOption } from '../../../shared/delivery-days';

/** One supplier's part of the cart: it becomes one order, because the service takes one supplier per order. */
export interface CartGroup {
  supplierId: string;
  supplierName: string;
  lines: CartLine[];
  totals: OrderTotals;
  /** The split-case fees of the lines of bottles, a part of `totals.shipping_cents`. */
  splitCaseFeesCents: number;
  /** Each line as the estimate prices it (its unit price with a deal, what the deal saves), in the order of `lines`. */
  priced: PricedTermsLine[];
  /** Per product id: the nearest deal a few more cases would reach (for its line of cases). */
  hints: Record<string, DealHint>;
  /** Problems per line (`cartLineKey`: the product id for a line of cases) that stop this group from being placed. */
  problems: Record<string, string>;
}

/**
 * Groups by supplier; `drafts` are typed quantities not yet accepted, which block their group.
 * `backupsOffered`: the service fills a short line with its backup (issue 26), so a line with one
 * is not held back for its stock.
 */
export function groupCart(
  lines: readonly CartLine[],
  drafts: Readonly<Record<string, string>> = {},
  now: number = Date.now(),
  backupsOffered = false,
): CartGroup[] {
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
        splitCaseFeesCents: estimate.splitCaseFeesCents,
        priced: estimate.lines,
        hints: dealHints(groupLines, now),
        problems: lineProblems(groupLines, drafts, backupsOffered),
      };
    })
    .sort((a, b) => a.supplierName.localeCompare(b.supplierName));
}

/**
 * Each line checked next to the product's other line (cases and bottles of one product are checked
 * together). A line of cases with a backup the service takes may ask for more than is in stock.
 */
function lineProblems(lines: readonly CartLine[], drafts: Readonly<Record<string, string>>, backupsOffered: boolean): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const line of lines) {
    const key = cartLineKey(line);
    const other = lines.find((candidate) => candidate.productId === line.productId && unitOf(candidate) !== unitOf(line))?.quantity ?? 0;
    const backedUp = unitOf(line) === 'case' && backupsOffered && line.backup !== undefined && backupConflict(line, lines) === null;
    const check = checkLineQuantity(drafts[key] ?? line.quantity, unitOf(line), backedUp ? { ...line, inventoryAvailable: MAX_CASES_PER_LINE } : line, other);
    if (!check.ok) problems[key] = check.message;
  }
  return problems;
}

export const groupIsPlaceable = (group: CartGroup) => Object.keys(group.problems).length === 0;

/**
 * `backupsOffered`: the service takes a backup on an order's items (issue 26); a service without it
 * refuses the field. `delivery`: the delivery date chosen for this order and its cutoff (issue 26);
 * absent, the order asks for none.
 */
export function buildDraft(group: CartGroup, shipTo: ShippingAddressInput, notes: string | undefined, backupsOffered = false, delivery?: DeliveryOption | null): OrderDraft {
  const trimmedNotes = notes?.trim();
  return {
    order: {
      supplier_id: group.supplierId,
      items: group.lines.map((line) => ({
        product_id: line.productId,
        quantity: line.quantity,
        ...(unitOf(line) === 'bottle' ? { unit: 'bottle' as const } : backupField(line, group.lines, backupsOffered)),
      })),
      shipping_address: shipTo,
      ...(trimmedNotes ? { buyer_notes: trimmedNotes } : {}),
      ...(delivery ? { requested_delivery_date: delivery.date } : {}),
    },
    supplierName: group.supplierName,
    estimatedTotalCents: group.totals.total_cents,
    ...(delivery ? { deliveryCutoffAt: delivery.cutoffAt } : {}),
  };
}
