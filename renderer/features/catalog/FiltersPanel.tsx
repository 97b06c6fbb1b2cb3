import { memo, useDeferredValue, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { formatNumber } from '../../../shared/format';
import { CATALOG_SORTS, type CatalogFacets, type CatalogSort, type FacetCount } from '../../../shared/bridge';
import { useFiltersStore, type CatalogFilters } from './filtersStore';
import { checkPriceRange } from './searchInput';
import { CheckedInput } from '../../components/CheckedInput';

export const SORT_LABELS: Record<CatalogSort, string> = {
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  name: 'Name',
  newest: 'Newest',
  vintage_desc: 'Vintage: newest first',
  vintage_asc: 'Vintage: oldest first',
};

/**
 * The sorts offered: without text the list is in name order anyway, so "Name" is the default
 * option itself rather than a second entry; with text the default is relevance.
 */
export function sortOptions(hasText: boolean): { value: CatalogSort | ''; label: string }[] {
  const listed = CATALOG_SORTS.filter((sort) => hasText || sort !== 'name').map((sort) => ({ value: sort, label: SORT_LABELS[sort] }));
  return [{ value: '', label: hasText ? 'Best match' : SORT_LABELS.name }, ...listed];
}

type FacetKey = 'varietal' | 'region' | 'country' | 'supplierId' | 'vintage';

const FACETS: readonly { key: FacetKey; facet: keyof CatalogFacets; label: string; all: string }[] = [
  { key: 'varietal', facet: 'varietal', label: 'Varietal', all: 'All varietals' },
  { key: 'region', facet: 'region', label: 'Region', all: 'All regions' },
  { key: 'country', facet: 'country', label: 'Country', all: 'All countries' },
  { key: 'supplierId', facet: 'supplier', label: 'Supplier', all: 'All suppliers' },
  { key: 'vintage', facet: 'vintage', label: 'Vintage', all: 'All vintages' },
];

type PanelFilters = Omit<CatalogFilters, 'text'> & { hasText: boolean };

/**
 * Typing in the search box does not render the panel: it reads every filter but the text, and the
 * new counts of each keystroke's results are rendered after the results themselves.
 */
export const FiltersPanel = memo(function FiltersPanel({ facets: latestFacets }: { facets: CatalogFacets | undefined }) {
  const facets = useDeferredValue(latestFacets);
  const filters = useFiltersStore(
    useShallow(({ filters: { text, ...rest } }): PanelFilters => ({ ...rest, hasText: text.trim() !== '' })),
  );
  const setFilter = useFiltersStore((state) => state.setFilter);
  const resetFilters = useFiltersStore((state) => state.resetFilters);
  const priceErrors = useMemo(() => checkPriceRange(filters.minPrice, filters.maxPrice).priceErrors, [filters.minPrice, filters.maxPrice]);
  return (
    <fieldset className="filters">
      <legend>Filters</legend>
      {FACETS.map(({ key, facet, label, all }) => (
        <FacetSelect
          key={key}
          id={`filter-${key}`}
          label={label}
          all={all}
          value={filters[key]}
          options={facets?.[facet] ?? NO_OPTIONS}
          filterKey={key}
          onChange={setFilter}
        />
      ))}
      <PriceField id="filter-min-price" label="Case price from ($)" filterKey="minPrice" filters={filters} error={priceErrors.min} onChange={setFilter} />
      <PriceField id="filter-max-price" label="Case price to ($)" filterKey="maxPrice" filters={filters} error={priceErrors.max} onChange={setFilter} />
      <label className="checkbox">
        <input
          type="checkbox"
          checked={filters.inStock}
          onChange={(event) => setFilter('inStock', event.target.checked)}
          aria-describedby="filter-in-stock-hint"
        />{' '}
        In stock only
      </label>
      <p id="filter-in-stock-hint" className="field-hint">
        At least the minimum order left, so Add works.
      </p>
      <label className="checkbox">
        <input type="checkbox" checked={filters.favouritesOnly} onChange={(event) => setFilter('favouritesOnly', event.target.checked)} /> Favourites
      </label>
      <div className="field">
        <label htmlFor="catalog-sort">Sort by</label>
        <select
          id="catalog-sort"
          value={!filters.hasText && filters.sort === 'name' ? '' : filters.sort}
          onChange={(event) => setFilter('sort', event.target.value as CatalogSort | '')}
        >
          {sortOptions(filters.hasText).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <button type="button" className="ghost" onClick={resetFilters}>
        Clear filters
      </button>
    </fieldset>
  );
});

const NO_OPTIONS: FacetCount[] = [];

const FacetSelect = memo(function FacetSelect(props: {
  id: string;
  label: string;
  all: string;
  value: string;
  options: FacetCount[];
  filterKey: FacetKey;
  onChange(key: FacetKey, value: string): void;
}) {
  const { id, label, all, value, options, filterKey, onChange } = props;
  const selectedMissing = value !== '' && !options.some((option) => option.value === value);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(filterKey, event.target.value)}>
        <option value="">{all}</option>
        {selectedMissing ? <option value={value}>{value} (0)</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label} ({formatNumber(option.count)})
          </option>
        ))}
      </select>
    </div>
  );
});

function PriceField(props: {
  id: string;
  label: string;
  filterKey: 'minPrice' | 'maxPrice';
  filters: PanelFilters;
  error: string | undefined;
  onChange(key: 'minPrice' | 'maxPrice', value: string): void;
}) {
  const { id, label, filterKey, filters, error, onChange } = props;
  return (
    <CheckedInput id={id} label={label} className="field price-field" error={error}>
      {(describedBy) => (
        <input id={id} inputMode="decimal" value={filters[filterKey]} onChange={(event) => onChange(filterKey, event.target.value)} size={8} {...describedBy} />
      )}
    </CheckedInput>
  );
}
