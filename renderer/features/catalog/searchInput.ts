import type { CatalogSearchInput } from '../../../shared/bridge';
import type { CatalogFilters } from './filtersStore';

export type PriceCheck = { ok: true; cents: number | undefined } | { ok: false; message: string };

/** "12", "12.5", "$12.50" → cents; empty means no bound. */
export function parsePrice(raw: string): PriceCheck {
  const text = raw.trim().replace(/^\$/, '').replace(/,/g, '');
  if (text === '') return { ok: true, cents: undefined };
  if (!/^[0-9]+(\.[0-9]{1,2})?$/.test(text)) return { ok: false, message: 'Enter a price in dollars, like 120 or 89.50.' };
  return { ok: true, cents: Math.round(Number(text) * 100) };
}

export type CatalogQuery = Omit<CatalogSearchInput, 'offset' | 'limit'>;
export interface PriceErrors {
  min?: string;
  max?: string;
}

/** The price bounds as cents, and what is wrong with the ones that cannot be used. */
export function checkPriceRange(minPrice: string, maxPrice: string) {
  const min = parsePrice(minPrice);
  const max = parsePrice(maxPrice);
  const priceErrors: PriceErrors = {};
  if (!min.ok) priceErrors.min = min.message;
  if (!max.ok) priceErrors.max = max.message;
  const minCents = min.ok ? min.cents : undefined;
  let maxCents = max.ok ? max.cents : undefined;
  if (minCents !== undefined && maxCents !== undefined && maxCents < minCents) {
    priceErrors.max = 'The highest price is below the lowest.';
    maxCents = undefined;
  }
  return { minCents, maxCents, priceErrors };
}

/** Turns the filter panel's state into a search input; bad price bounds are reported and left out. */
export function toSearchInput(filters: CatalogFilters): CatalogQuery {
  const { minCents, maxCents } = checkPriceRange(filters.minPrice, filters.maxPrice);
  const input: CatalogQuery = { text: filters.text.trim() };
  if (filters.varietal) input.varietal = filters.varietal;
  if (filters.region) input.region = filters.region;
  if (filters.country) input.country = filters.country;
  if (filters.supplierId) input.supplierId = filters.supplierId;
  if (filters.vintage) input.vintage = filters.vintage;
  if (minCents !== undefined) input.minPriceCents = minCents;
  if (maxCents !== undefined) input.maxPriceCents = maxCents;
  if (filters.inStock) input.inStock = true;
  if (filters.favouritesOnly) input.favouritesOnly = true;
  if (filters.sort) input.sort = filters.sort;
  return input;
}
