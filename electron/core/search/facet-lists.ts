import { NON_VINTAGE, type CatalogFacets, type FacetCount } from '../../../shared/bridge/search';
import type { Facet, FacetDictionary } from './facet-dictionary';

/** How many values of a facet an answer lists at most. */
const FACET_VALUES_LIMIT = 200;

/**
 * The facets as an answer lists them, from how many products hold each value id (`counts`): each
 * facet's values with products, most first (ties by label), vintages newest first with non-vintage
 * last, at most FACET_VALUES_LIMIT of each.
 */
export function facetLists(dictionaries: Record<Facet, FacetDictionary>, counts: Record<Facet, ArrayLike<number>>): CatalogFacets {
  const list = (facet: Facet): FacetCount[] => {
    const dictionary = dictionaries[facet];
    const entries: FacetCount[] = [];
    const values = counts[facet];
    for (let id = 1; id < Math.min(values.length, dictionary.size); id += 1) {
      const count = values[id] ?? 0;
      if (count > 0) entries.push({ value: dictionary.value(id), label: dictionary.label(id), count });
    }
    entries.sort(
      facet === 'vintage'
        ? (a, b) => (b.value === NON_VINTAGE ? 0 : Number(b.value)) - (a.value === NON_VINTAGE ? 0 : Number(a.value))
        : (a, b) => b.count - a.count || a.label.localeCompare(b.label),
    );
    return entries.slice(0, FACET_VALUES_LIMIT);
  };
  return { varietal: list('varietal'), region: list('region'), country: list('country'), supplier: list('supplier'), vintage: list('vintage') };
}
