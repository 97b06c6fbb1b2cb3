import { and, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Paginated, PageQuery, Supplier, SupplierListQuery, SupplierProduct } from '../../../shared';
import type { Database } from '../../db/database';
import { products, suppliers } from '../../db/schema';
import { pageOffset, paginate } from '../pagination';
import { prefixTsQuery } from './search-text';
import { productImageUrl, type PublicBaseUrl } from './image-url';
import { listingPage, type CatalogListings } from './product-listing';
import type { ListingIndexKeeper } from './listing-index-keeper';
import { listingVersionColumn, stampOf } from './version';

/** `region` matches a supplier's wine region, or the city or the state of its "City, ST" location. */
function regionCondition(region: string): SQL {
  const wanted = sql`lower(${region})`;
  return or(
    sql`lower(${suppliers.region}) = ${wanted}`,
    sql`lower(split_part(${suppliers.location}, ', ', 1)) = ${wanted}`,
    sql`lower(split_part(${suppliers.location}, ', ', 2)) = ${wanted}`,
    sql`lower(${suppliers.location}) = ${wanted}`,
  ) as SQL;
}

/** Products per supplier, of the suppliers named, or of every supplier when `supplierIds` is null. */
export async function productCounts(db: Database, supplierIds: string[] | null): Promise<ReadonlyMap<string, number>> {
  if (supplierIds !== null && supplierIds.length === 0) return new Map();
  const rows = await db
    .select({ supplierId: products.supplierId, total: count() })
    .from(products)
    .where(supplierIds === null ? undefined : inArray(products.supplierId, supplierIds))
    .groupBy(products.supplierId);
  return new Map(rows.map((row) => [row.supplierId, Number(row.total)]));
}

/** Suppliers by name; each one's product count from the listings index when it is current, else counted. */
export async function listSuppliers(db: Database, listingIndex: ListingIndexKeeper, query: SupplierListQuery): Promise<Paginated<Supplier>> {
  const conditions: SQL[] = [];
  if (query.q !== undefined) {
    const tsQuery = prefixTsQuery(query.q);
    if (tsQuery === null) return paginate([], 0, query);
    conditions.push(sql`${suppliers.searchDocument} @@ ${tsQuery}`);
  }
  if (query.region !== undefined) conditions.push(regionCondition(query.region));
  const where = conditions.length > 0 ? and(...conditions) : undefined;

  const [totalRow] = await db.select({ total: count() }).from(suppliers).where(where);
  const rows = await db
    .select({
      id: suppliers.id,
      name: suppliers.name,
      dbaName: suppliers.dbaName,
      location: suppliers.location,
      createdAt: suppliers.createdAt,
      deliveryTerms: suppliers.deliveryTerms,
      version: listingVersionColumn(),
    })
    .from(suppliers)
    .where(where)
    .orderBy(sql`${suppliers.name} COLLATE "C"`, suppliers.id)
    .limit(query.per_page)
    .offset(pageOffset(query));
  const index = listingIndex.current;
  const counts =
    rows.length > 0 && index?.stamp === stampOf(rows[0]!.version)
      ? index.productsPerSupplier()
      : await productCounts(
          db,
          rows.map((row) => row.id),
        );
  const data = rows.map((row) => ({
    id: row.id,
    name: row.name,
    dba_name: row.dbaName,
    location: row.location,
    total_products: counts.get(row.id) ?? 0,
    created_at: row.createdAt.toISOString(),
    // Extension (issue 26): only a supplier with delivery terms carries them.
    ...(row.deliveryTerms === null ? {} : { delivery_terms: row.deliveryTerms }),
  }));
  return paginate(data, Number(totalRow?.total ?? 0), query);
}

export async function supplierExists(db: Database, supplierId: string): Promise<boolean> {
  const rows = await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, supplierId)).limit(1);
  return rows.length > 0;
}

/** The fields of a supplier's product, in the order productRowsInOrder returns them. */
const SUPPLIER_PRODUCT_FIELDS = [
  sql`${products.id}`,
  sql`${products.name}`,
  sql`${products.varietal}`,
  sql`${products.vintage}`,
  sql`${products.casePriceCents}`,
  sql`${products.inventoryAvailable}`,
];
type SupplierProductFields = [string, string, string, number | null, number, number];

const SUPPLIER_PRODUCT_PAGE = { fields: SUPPLIER_PRODUCT_FIELDS };

/**
 * One page of a supplier's products, by name: the catalog's listing filtered by the supplier (see
 * listingPage), so neither a count nor an OFFSET once the listings index is read.
 * Null when no such supplier exists.
 */
export async function listSupplierProducts(
  listings: CatalogListings,
  publicBaseUrl: PublicBaseUrl,
  supplierId: string,
  query: PageQuery,
): Promise<Paginated<SupplierProduct> | null> {
  const { total, rows } = await listingPage(listings, { ...query, supplier_id: supplierId }, SUPPLIER_PRODUCT_PAGE);
  // Every product has its supplier, so only a supplier without products needs looking up.
  if (total === 0 && !(await supplierExists(listings.db, supplierId))) return null;
  const baseUrl = publicBaseUrl();
  const data = (rows as SupplierProductFields[]).map(([id, name, varietal, vintage, casePrice, inventory]) => ({
    id,
    name,
    varietal,
    vintage,
    case_price_cents: casePrice,
    inventory_available: inventory,
    image_url: productImageUrl(baseUrl, id),
  }));
  return paginate(data, total, query);
}
