import { sql, type SQL } from 'drizzle-orm';
import type { Deal, Product } from '../../../shared';
import { products, suppliers } from '../../db/schema';
import { productImageUrl } from './image-url';
import { epochMilliseconds, isoFromMilliseconds } from './rows-in-order';
import { splitCaseTerms } from './deals';

/**
 * The one reader of a product detail (`GET /products/{id}` and the catalog change feed): the
 * fields it selects, in order, from `products` joined with its supplier, and the Product built
 * from them with the product's deals (read for a batch of products by `dealsOfProducts`). Both
 * answers go through productDetail, so a product reads the same bytes in both.
 */
export const PRODUCT_DETAIL_FIELDS: SQL[] = [
  sql`${products.id}`,
  sql`${products.name}`,
  sql`${products.brand}`,
  sql`${products.varietal}`,
  sql`${products.vintage}`,
  sql`${products.region}`,
  sql`${products.appellation}`,
  sql`${products.country}`,
  sql`${products.abv}`,
  sql`${products.sizeMl}`,
  sql`${products.packSize}`,
  sql`${products.casePriceCents}`,
  sql`${products.bottlePriceCents}`,
  sql`${products.inventoryAvailable}`,
  sql`${products.minimumOrder}`,
  sql`${products.sku}`,
  sql`${products.upc}`,
  sql`${products.description}`,
  sql`${products.tastingNotes}`,
  epochMilliseconds(products.createdAt),
  epochMilliseconds(products.updatedAt),
  sql`${suppliers.id}`,
  sql`${suppliers.name}`,
  sql`${suppliers.location}`,
  // Issue 26: the product's split-case terms (server/store/catalog/deals.ts).
  sql`${products.looseBottles}`,
  sql`${suppliers.splitCaseFeeCents}`,
];

/** The values of PRODUCT_DETAIL_FIELDS, as JSON gives them back. */
export type ProductDetailFields = [
  string,
  string,
  string,
  string,
  number | null,
  string,
  string | null,
  string,
  number | null,
  number,
  number,
  number,
  number,
  number,
  number,
  string,
  string | null,
  string | null,
  string | null,
  number,
  number,
  string,
  string,
  string,
  number,
  number | null,
];

/** How a product row reaches its supplier, for PRODUCT_DETAIL_FIELDS. */
export const PRODUCT_SUPPLIER_JOIN = sql`inner join ${suppliers} on ${suppliers.id} = ${products.supplierId}`;

/** The supplier id of a row of PRODUCT_DETAIL_FIELDS. */
export const supplierIdOf = (fields: ProductDetailFields): string => fields[21];

export function productDetail(fields: ProductDetailFields, deals: readonly Deal[], totalProducts: number, baseUrl: string): Product {
  const [
    id,
    name,
    brand,
    varietal,
    vintage,
    region,
    appellation,
    country,
    abv,
    sizeMl,
    packSize,
    casePrice,
    bottlePrice,
    inventory,
    minimumOrder,
    sku,
    upc,
    description,
    tastingNotes,
    createdAt,
    updatedAt,
    supplierId,
    supplierName,
    supplierLocation,
    looseBottles,
    splitCaseFeeCents,
  ] = fields;
  const splitCase = splitCaseTerms({ packSize, inventoryAvailable: inventory, looseBottles, splitCaseFeeCents });
  return {
    id,
    name,
    brand,
    varietal,
    vintage,
    region,
    appellation,
    country,
    abv,
    size_ml: sizeMl,
    pack_size: packSize,
    case_price_cents: casePrice,
    bottle_price_cents: bottlePrice,
    inventory_available: inventory,
    minimum_order: minimumOrder,
    sku,
    upc,
    description,
    tasting_notes: tastingNotes,
    supplier: { id: supplierId, name: supplierName, location: supplierLocation, total_products: totalProducts },
    image_url: productImageUrl(baseUrl, id),
    created_at: isoFromMilliseconds(createdAt),
    updated_at: isoFromMilliseconds(updatedAt),
    // Extension fields (issue 26): only a product with deals, or sold by the bottle, carries them,
    // so any other product reads as it always did.
    ...(deals.length > 0 ? { deals: [...deals] } : {}),
    ...(splitCase ? { split_case: splitCase } : {}),
  };
}
