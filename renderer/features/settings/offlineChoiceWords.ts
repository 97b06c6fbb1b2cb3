import { formatCount } from '../../../shared/format';
import type { OfflineChoice, OfflineChoiceView, SupplierSize } from '../../../shared/bridge';
import { formatBytes } from '../../lib/formatBytes';

/** Whether a choice keeps a supplier's products. */
const keeps = (choice: OfflineChoice, id: string) => choice.keep === 'all' || choice.supplierIds.includes(id);

/** "2 suppliers, 3,400 products: about 5.6 MB (all of the catalog: about 81 MB)". */
export function choiceSummary(view: OfflineChoiceView, draft: OfflineChoice): string {
  if (view.suppliers.length === 0) return 'The supplier list has not been downloaded yet: suppliers and sizes show after the first sync.';
  if (draft.keep === 'all') return `All ${formatCount(view.suppliers.length, 'supplier', 'suppliers')}, ${formatCount(total(view.suppliers, 'products'), 'product', 'products')}: about ${formatBytes(view.allBytes)} on disk.`;
  const chosen = view.suppliers.filter((supplier) => keeps(draft, supplier.id));
  return `Chosen: ${formatCount(chosen.length, 'supplier', 'suppliers')}, ${formatCount(total(chosen, 'products'), 'product', 'products')}: about ${formatBytes(total(chosen, 'estimatedBytes'))} on disk (all of the catalog: about ${formatBytes(view.allBytes)}).`;
}

/** How the sizes were estimated, in plain words. */
export function sizeBasisNote(view: OfflineChoiceView): string {
  const each = formatBytes(view.bytesPerProduct);
  return view.basis === 'stored'
    ? `Sizes are estimates: each supplier's number of products × ${each}, the space a product takes in this offline copy now.`
    : `Sizes are estimates: each supplier's number of products × ${each}, the space a product typically takes (nothing is stored yet to measure).`;
}

/** Suppliers the saved choice keeps that the draft leaves out: their offline data would be deleted. */
export function removedSuppliers(view: OfflineChoiceView, draft: OfflineChoice): SupplierSize[] {
  return view.suppliers.filter((supplier) => keeps(view.choice, supplier.id) && !keeps(draft, supplier.id));
}

function total(list: readonly SupplierSize[], field: 'products' | 'estimatedBytes'): number {
  return list.reduce((sum, supplier) => sum + supplier[field], 0);
}
