import type { CatalogProduct } from '../../../shared';

/** The fields free text is matched against, with how much a hit in each counts. */
export const TEXT_FIELDS = ['name', 'brand', 'varietal', 'region', 'appellation', 'supplier'] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

export const FIELD_BOOST: Partial<Record<TextField, number>> = { name: 3, brand: 2, varietal: 2, appellation: 1.2 };

/** Typos are forgiven only in words of five letters or more: shorter words match too much. */
export const MIN_FUZZY_TERM_LENGTH = 5;
export const FUZZINESS = 0.2;

const MARKS = /\p{M}+/gu;

/** Case- and accent-insensitive: "Rosé" and "rose" are the same word. */
export const foldTerm = (term: string) => term.normalize('NFD').replace(MARKS, '').toLowerCase();

export function textOf(product: CatalogProduct, field: TextField): string {
  switch (field) {
    case 'supplier':
      return product.supplier.name;
    case 'appellation':
      return product.appellation ?? '';
    default:
      return product[field];
  }
}
