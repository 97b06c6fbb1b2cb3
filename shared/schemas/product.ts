import { z } from 'zod';
import { Cents, Count, ProductId, Timestamp } from './common';
import { CatalogSupplier, ProductSupplier } from './supplier';
import { ProductDeals, SplitCaseTerms } from './terms';

/**
 * The seed does not say which descriptive fields may be null; the reader tolerates null for those
 * (a non-vintage wine, a product without a UPC) while prices, stock and minimums stay required.
 */
export const Product = z.object({
  id: ProductId,
  name: z.string(),
  brand: z.string(),
  varietal: z.string(),
  vintage: z.number().int().nullable(),
  region: z.string(),
  appellation: z.string().nullable(),
  country: z.string(),
  abv: z.number().nullable(),
  size_ml: z.number().int().positive(),
  pack_size: z.number().int().positive(),
  case_price_cents: Cents,
  bottle_price_cents: Cents,
  inventory_available: Count,
  minimum_order: z.number().int().positive(),
  sku: z.string(),
  upc: z.string().nullable(),
  description: z.string().nullable(),
  tasting_notes: z.string().nullable(),
  supplier: ProductSupplier,
  image_url: z.string().nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
  /** Extensions (issue 26): the product's deals, and its split-case terms where it is sold by the bottle. */
  deals: ProductDeals.optional(),
  split_case: SplitCaseTerms.optional(),
});
export type Product = z.infer<typeof Product>;

export const CatalogProduct = Product.pick({
  id: true,
  name: true,
  brand: true,
  varietal: true,
  vintage: true,
  region: true,
  appellation: true,
  abv: true,
  size_ml: true,
  pack_size: true,
  case_price_cents: true,
  bottle_price_cents: true,
  inventory_available: true,
  minimum_order: true,
  image_url: true,
  created_at: true,
}).extend({ supplier: CatalogSupplier });
export type CatalogProduct = z.infer<typeof CatalogProduct>;

export const SupplierProduct = Product.pick({
  id: true,
  name: true,
  varietal: true,
  vintage: true,
  case_price_cents: true,
  inventory_available: true,
  image_url: true,
});
export type SupplierProduct = z.infer<typeof SupplierProduct>;

export const PRODUCT_SORTS = ['price_asc', 'price_desc', 'name', 'newest'] as const;
export const ProductSort = z.enum(PRODUCT_SORTS);
export type ProductSort = z.infer<typeof ProductSort>;
