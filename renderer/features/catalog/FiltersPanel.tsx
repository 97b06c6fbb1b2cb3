import { memo, useDeferredValue, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { formatNumber } from '../../../shared/format';
import { PRODUCT_SORTS, type ProductSort } from '../../../shared/schemas';
import type { CatalogFacets, FacetCount } from '../../../shared/bridge';
import { useFiltersStore, type CatalogFilters } from './filtersStore';
import { checkPriceRange } from './searchInput';

export const SORT_LABELS: Record<ProductSort, string> = {
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  name: 'Name',
  newest: 'Newest',
};

type FacetKey = 'varietal' | 'region' | 'country' | 'supplierId';

const FACETS: readonly { key: FacetKey; facet: keyof CatalogFacets; label: string; all: string }[] = [
  { key: 'varietal', facet: 'varietal', label: 'Varietal', all: 'All varietals' },
  { key: 'region', facet: 'region', label: 'Region', all: 'All regions' },
  { key: 'country', facet: 'country', label: 'Country', all: 'All countries' },
  { key: 'supplierId', facet: 'supplier', label: 'Supplier', all: 'All suppliers' },
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
        <input type="checkbox" checked={filters.inStock} onChange={(event) => setFilter('inStock', event.target.checked)} /> In stock only
      </label>
      <label className="checkbox">
        <input type="checkbox" checked={filters.favouritesOnly} onChange={(event) => setFilter('favouritesOnly', event.target.checked)} /> Favourites
      </label>
      <div className="field">
        <label htmlFor="catalog-sort">Sort by</label>
        <select id="catalog-sort" value={filters.sort} onChange={(event) => setFilter('sort', event.target.value as ProductSort | '')}>
          <option value="">{filters.hasText ? 'Best match' : 'Name (default)'}</option>
          {PRODUCT_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
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
    <div className="field price-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        inputMode="decimal"
        value={filters[filterKey]}
        onChange={(event) => onChange(filterKey, event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        size={8}
      />
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
