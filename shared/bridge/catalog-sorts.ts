import { PRODUCT_SORTS } from '../schemas/product-sorts';

/**
 * The offline search sorts by everything the service does, and by vintage too (the service's
 * `sort` has no vintage; the local copy answers every catalog search). A plain list in a module
 * that builds no schema, for the catalog's sort menu at start; `CatalogSort` (search.ts) is its schema.
 */
export const CATALOG_SORTS = [...PRODUCT_SORTS, 'vintage_desc', 'vintage_asc'] as const;
