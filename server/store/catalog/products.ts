import { sql } from 'drizzle-orm';
import type { CatalogProduct, Paginated, Product, ProductListQuery } from '../../../shared';
import type { Database } from '../../db/database';
import { products, suppliers } from '../../db/schema';
import { paginate } from '../pagination';
import { productImageUrl, type PublicBaseUrl } from './image-url';
import { productCounts } from './suppliers';
import { epochMilliseconds, isoFromMilliseconds, productRowsInOrder } from './rows-in-order';
import type { OrderedIdCache, VersionedValue } from './ordered-ids';
import { stampOf } from './version';
import { PRODUCT_DETAIL_FIELDS, PRODUCT_SUPPLIER_JOIN, productDetail, supplierIdOf, type ProductDetailFields } from './product-detail';
import { listingPage } from './product-listing';

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

/** One page of the catalog: a slice of the listing's ordered ids, loaded in one statement (see listingPage). */
export async function listProducts(
  db: Database,
  publicBaseUrl: PublicBaseUrl,
  orderedIds: OrderedIdCache,
  query: ProductListQuery,
): Promise<Paginated<CatalogProduct>> {
  // A product removed since the ids were read is left out rather than failing the page.
  const { total, rows } = await listingPage(db, orderedIds, query, async (ids) => {
    const page = await productRowsInOrder(db, ids, CATALOG_FIELDS, sql`inner join ${suppliers} on ${suppliers.id} = ${products.supplierId}`);
    return { version: page.version, rows: page.rows as CatalogFields[] };
  });
  const baseUrl = publicBaseUrl();
  const data = rows.map(
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
 * the counts of every supplier, read once per catalog version: the version is read in the same
 * statement as the product, so a detail costs one query (a full download asks for 50,000 of them).
 */
export async function getProduct(
  db: Database,
  publicBaseUrl: PublicBaseUrl,
  supplierCounts: VersionedValue<Map<string, number>>,
  productId: string,
): Promise<Product | null> {
  const { version, rows } = await productRowsInOrder(db, [productId], PRODUCT_DETAIL_FIELDS, PRODUCT_SUPPLIER_JOIN);
  const fields = rows[0] as ProductDetailFields | undefined;
  if (!fields) return null;
  const counts = await supplierCounts.get(stampOf(version), () => productCounts(db, null));
  return productDetail(fields, counts.get(supplierIdOf(fields)) ?? 0, publicBaseUrl());
}
