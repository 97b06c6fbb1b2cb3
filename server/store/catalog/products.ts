import { sql } from 'drizzle-orm';
import type { CatalogProduct, Paginated, Product, ProductListQuery } from '../../../shared';
import type { Database } from '../../db/database';
import { products, suppliers } from '../../db/schema';
import { paginate } from '../pagination';
import { productImageUrl, type PublicBaseUrl } from './image-url';
import { productCounts } from './suppliers';
import { epochMilliseconds, isoFromMilliseconds, productRowById } from './rows-in-order';
import type { VersionedValue } from './ordered-ids';
import { stampOf } from './version';
import { dealsOfProducts } from './deals';
import { PRODUCT_DETAIL_FIELDS, PRODUCT_SUPPLIER_JOIN, productDetail, supplierIdOf, type ProductDetailFields } from './product-detail';
import { listingPage, type CatalogListings } from './product-listing';
import type { ListingIndexKeeper } from './listing-index-keeper';

/** The fields of a catalog product, in the order productRowsInOrder returns them. */
const CATALOG_FIELDS = [
  sql`${products.id}`,
  sql`${products.name}`,
  sql`${products.brand}`,
  sql`${products.varietal}`,
  sql`${products.vintage}`,
  sql`${products.region}`,
  sql`${products.appellation}`,
  sql`${products.abv}`,
  sql`${products.sizeMl}`,
  sql`${products.packSize}`,
  sql`${products.casePriceCents}`,
  sql`${products.bottlePriceCents}`,
  sql`${products.inventoryAvailable}`,
  sql`${products.minimumOrder}`,
  epochMilliseconds(products.createdAt),
  sql`${suppliers.id}`,
  sql`${suppliers.name}`,
  sql`${suppliers.location}`,
];
type CatalogFields = [string, string, string, string, number | null, string, string | null, number | null, number, number, number, number, number, number, number, string, string, string];

const CATALOG_PAGE = { fields: CATALOG_FIELDS, joins: sql`inner join ${suppliers} on ${suppliers.id} = ${products.supplierId}` };

/** One page of the catalog, loaded in one statement (see listingPage). */
export async function listProducts(listings: CatalogListings, publicBaseUrl: PublicBaseUrl, query: ProductListQuery): Promise<Paginated<CatalogProduct>> {
  // A product removed since the listing was read is left out rather than failing the page.
  const { total, rows } = await listingPage(listings, query, CATALOG_PAGE);
  const baseUrl = publicBaseUrl();
  const data = (rows as CatalogFields[]).map(
    ([id, name, brand, varietal, vintage, region, appellation, abv, sizeMl, packSize, casePrice, bottlePrice, inventory, minimumOrder, createdAt, supplierId, supplierName, supplierLocation]): CatalogProduct => ({
      id,
      name,
      brand,
      varietal,
      vintage,
      region,
      appellation,
      abv,
      size_ml: sizeMl,
      pack_size: packSize,
      case_price_cents: casePrice,
      bottle_price_cents: bottlePrice,
      inventory_available: inventory,
      minimum_order: minimumOrder,
      supplier: { id: supplierId, name: supplierName, location: supplierLocation },
      image_url: productImageUrl(baseUrl, id),
      created_at: isoFromMilliseconds(createdAt),
    }),
  );
  return paginate(data, total, query);
}

/**
 * One product with its supplier (see product-detail.ts). The supplier's product count comes from
 * the counts of every supplier, from the listings index when it is of the catalog's version, else
 * read once per version: the version is read in the same statement as the product, so a detail
 * costs one query (a full download asks for 50,000 of them).
 */
export async function getProduct(
  db: Database,
  publicBaseUrl: PublicBaseUrl,
  supplierCounts: VersionedValue<ReadonlyMap<string, number>>,
  listingIndex: ListingIndexKeeper,
  productId: string,
): Promise<Product | null> {
  const { version, rows } = await productRowById(db, productId, { fields: PRODUCT_DETAIL_FIELDS, joins: PRODUCT_SUPPLIER_JOIN });
  const fields = rows[0] as ProductDetailFields | undefined;
  if (!fields) return null;
  const stamp = stampOf(version);
  // The listings index of this version has them already; else they are read once per version.
  const index = listingIndex.current;
  const counts = index?.stamp === stamp ? index.productsPerSupplier() : await supplierCounts.get(stamp, () => productCounts(db, null));
  const deals = (await dealsOfProducts(db, [productId])).get(productId) ?? [];
  return productDetail(fields, deals, counts.get(supplierIdOf(fields)) ?? 0, publicBaseUrl());
}
