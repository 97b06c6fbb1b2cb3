import { EMPTY_FILTERS, type CatalogFilters } from './filtersStore';

/** Filters that narrow the list (the sort does not). */
const NARROWING = ['varietal', 'region', 'country', 'supplierId', 'vintage', 'minPrice', 'maxPrice', 'inStock'] as const;

/**
 * Why a search found nothing, in words that fit what the buyer did: "fewer words" only when words
 * were typed, and with the Favourites filter alone, that nothing is starred yet.
 */
export function noMatches(filters: CatalogFilters): { title: string; advice: string } {
  const typed = filters.text.trim() !== '';
  const narrowed = NARROWING.some((key) => filters[key] !== EMPTY_FILTERS[key]);
  if (typed) return { title: 'No products match', advice: narrowed || filters.favouritesOnly ? 'Try fewer words or clear the filters.' : 'Try fewer or other words.' };
  if (filters.favouritesOnly && !narrowed) {
    return { title: 'No favourites to show', advice: 'Star a wine (☆) in the catalog or on its page, and it shows here.' };
  }
  return { title: 'No products match these filters', advice: 'Try other filters, or clear them.' };
}
