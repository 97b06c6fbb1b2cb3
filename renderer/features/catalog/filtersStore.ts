import { create } from 'zustand';
import type { CatalogSort } from '../../../shared/bridge';

export interface CatalogFilters {
  text: string;
  varietal: string;
  region: string;
  country: string;
  supplierId: string;
  /** A year, "NV", or '' for every vintage. */
  vintage: string;
  /** Dollar amounts as typed; checked before they reach the search. */
  minPrice: string;
  maxPrice: string;
  inStock: boolean;
  /** Only the products the buyer starred. */
  favouritesOnly: boolean;
  sort: CatalogSort | '';
}

export const EMPTY_FILTERS: CatalogFilters = {
  text: '',
  varietal: '',
  region: '',
  country: '',
  supplierId: '',
  vintage: '',
  minPrice: '',
  maxPrice: '',
  inStock: false,
  favouritesOnly: false,
  sort: '',
};

interface FiltersState {
  filters: CatalogFilters;
  setFilter<K extends keyof CatalogFilters>(key: K, value: CatalogFilters[K]): void;
  resetFilters(): void;
}

export const useFiltersStore = create<FiltersState>()((set) => ({
  filters: EMPTY_FILTERS,
  setFilter(key, value) {
    set((state) => ({ filters: { ...state.filters, [key]: value } }));
  },
  resetFilters() {
    set((state) => ({ filters: { ...EMPTY_FILTERS, text: state.filters.text } }));
  },
}));
