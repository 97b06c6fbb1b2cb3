import { z } from 'zod';
import { CatalogProduct, PRODUCT_SORTS } from '../schemas';
import { Freshness } from './datasets';
import { SearchCoverage } from './offline-choice';

const filterText = z.string().trim().min(1).max(200);

/**
 * The offline search sorts by everything the service does, and by vintage too (the service's
 * `sort` has no vintage; the local copy answers every catalog search).
 */
export const CATALOG_SORTS = [...PRODUCT_SORTS, 'vintage_desc', 'vintage_asc'] as const;
export const CatalogSort = z.enum(CATALOG_SORTS);
export type CatalogSort = z.infer<typeof CatalogSort>;

/** The vintage filter's value for wines without a vintage; other values are the year, "2019". */
export const NON_VINTAGE = 'NV';

export const CatalogSearchInput = z.strictObject({
  text: z.string().max(200).default(''),
  varietal: filterText.optional(),
  region: filterText.optional(),
  country: filterText.optional(),
  supplierId: filterText.optional(),
  /** A year ("2019") or NON_VINTAGE. */
  vintage: filterText.optional(),
  minPriceCents: z.number().int().nonnegative().optional(),
  maxPriceCents: z.number().int().nonnegative().optional(),
  /** Only products that can be ordered now: stock covering the minimum order (`orderableNow`). */
  inStock: z.boolean().optional(),
  /** Only the account's starred products (main resolves them from the account's favourites). */
  favouritesOnly: z.boolean().optional(),
  /** Without a sort, text searches order by relevance and plain browsing by name. */
  sort: CatalogSort.optional(),
  offset: z.number().int().nonnegative().max(1_000_000).default(0),
  limit: z.number().int().positive().max(500).default(100),
  /** The buyer is typing this search (the catalog's search box): background downloads narrow while that lasts. */
  asYouType: z.boolean().optional(),
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
  /** Newest vintage first, non-vintage last. */
  vintage: z.array(FacetCount),
});
export type CatalogFacets = z.infer<typeof CatalogFacets>;

export const CatalogSearchResult = z.object({
  items: z.array(CatalogProduct),
  total: z.number().int().nonnegative(),
  facets: CatalogFacets,
  tookMs: z.number().nonnegative(),
  freshness: Freshness,
  /** Set when only the suppliers kept offline were searched (a choice of suppliers); null when the whole catalog is offline. */
  coverage: SearchCoverage.nullable().optional(),
});
export type CatalogSearchResult = z.infer<typeof CatalogSearchResult>;
