import { z } from 'zod';
import { CatalogProduct, ProductSort } from '../schemas';
import { Freshness } from './datasets';

const filterText = z.string().trim().min(1).max(200);

export const CatalogSearchInput = z.strictObject({
  text: z.string().max(200).default(''),
  varietal: filterText.optional(),
  region: filterText.optional(),
  country: filterText.optional(),
  supplierId: filterText.optional(),
  minPriceCents: z.number().int().nonnegative().optional(),
  maxPriceCents: z.number().int().nonnegative().optional(),
  inStock: z.boolean().optional(),
  /** Only the account's starred products (main resolves them from the account's favourites). */
  favouritesOnly: z.boolean().optional(),
  /** Without a sort, text searches order by relevance and plain browsing by name. */
  sort: ProductSort.optional(),
  offset: z.number().int().nonnegative().max(1_000_000).default(0),
  limit: z.number().int().positive().max(500).default(100),
});
export type CatalogSearchInput = z.input<typeof CatalogSearchInput>;
/** What the search index answers: the input, with `favouritesOnly` resolved by main into the products to keep. */
export type CatalogSearchQuery = z.output<typeof CatalogSearchInput> & { onlyIds?: readonly string[] };

export const FacetCount = z.object({ value: z.string(), label: z.string(), count: z.number().int().nonnegative() });
export type FacetCount = z.infer<typeof FacetCount>;

export const CatalogFacets = z.object({
  varietal: z.array(FacetCount),
  region: z.array(FacetCount),
  country: z.array(FacetCount),
  supplier: z.array(FacetCount),
});
export type CatalogFacets = z.infer<typeof CatalogFacets>;

export const CatalogSearchResult = z.object({
  items: z.array(CatalogProduct),
  total: z.number().int().nonnegative(),
  facets: CatalogFacets,
  tookMs: z.number().nonnegative(),
  freshness: Freshness,
});
export type CatalogSearchResult = z.infer<typeof CatalogSearchResult>;
