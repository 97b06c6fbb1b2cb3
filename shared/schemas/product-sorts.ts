/**
 * The service's catalog sorts, as a plain list: a module that builds no schema, so the page can
 * name them (the catalog's sort menu) without evaluating zod's schemas at start. `ProductSort`
 * (product.ts) is the schema built from it.
 */
export const PRODUCT_SORTS = ['price_asc', 'price_desc', 'name', 'newest'] as const;
