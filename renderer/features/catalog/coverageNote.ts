import { formatCount, formatNumber } from '../../../shared/format';
import type { SearchCoverage } from '../../../shared/bridge';

/**
 * What a search covered, in plain words, when only chosen suppliers are kept offline; null when the
 * whole catalog is (nothing to say).
 */
export function coverageNote(coverage: SearchCoverage | null | undefined): string | null {
  if (!coverage) return null;
  if (coverage.suppliersKept === 0) return 'No supplier is kept offline, so there was nothing to search. Choose suppliers in Settings → What to keep offline.';
  const suppliers = coverage.suppliersKept === 1 ? 'the 1 supplier kept offline' : `the ${formatNumber(coverage.suppliersKept)} suppliers kept offline`;
  const products =
    coverage.productsInCatalog === null
      ? `${formatCount(coverage.productsKept, 'product', 'products')}`
      : `${formatNumber(coverage.productsKept)} of ${formatCount(coverage.productsInCatalog, 'product', 'products')}`;
  return `Searched only ${suppliers} — ${products}.`;
}
