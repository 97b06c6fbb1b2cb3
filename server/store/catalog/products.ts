import { and, asc, count, desc, eq, getTableColumns, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { CatalogProduct, Paginated, Product, ProductListQuery } from '../../../shared';
import type { Database } from '../../db/database';
import { products, suppliers } from '../../db/schema';
import { pageOffset, paginate } from '../pagination';
import { prefixTsQuery, splitVintageWords } from './search-text';
import { productImageUrl, type PublicBaseUrl } from './image-url';
import { productCounts } from './suppliers';

const sameText = (column: AnyColumn, value: string): SQL => sql`lower(${column}) = lower(${value})`;

/**
 * Sorts end with the id so pages never overlap or skip rows. Without `sort`, a text search is
 * ordered by relevance and a plain listing by name.
 */
function productOrder(query: ProductListQuery, tsQuery: SQL | null): SQL[] {
  switch (query.sort) {
    case 'price_asc':
      return [asc(products.casePriceCents), asc(products.id)];
    case 'price_desc':
      return [desc(products.casePriceCents), desc(products.id)];
    case 'newest':
      return [desc(products.createdAt), desc(products.id)];
    case 'name':
      return [sql`${products.name} COLLATE "C"`, asc(products.id)];
    case undefined:
      return tsQuery === null
        ? [sql`${products.name} COLLATE "C"`, asc(products.id)]
        : [sql`ts_rank(${products.searchDocument}, ${tsQuery}) DESC`, asc(products.id)];
  }
}

export async function listProducts(
  db: Database,
  publicBaseUrl: PublicBaseUrl,
  query: ProductListQuery,
): Promise<Paginated<CatalogProduct>> {
  const conditions: SQL[] = [];
  let tsQuery: SQL | null = null;
  if (query.q !== undefined) {
    const { years, words } = splitVintageWords(query.q);
    tsQuery = prefixTsQuery(words);
    if (tsQuery === null && years.length === 0) return paginate([], 0, query);
    if (tsQuery !== null) conditions.push(sql`${products.searchDocument} @@ ${tsQuery}`);
    for (const year of years) {
      conditions.push(sql`(${products.vintage} = ${year} or ${products.searchDocument} @@ ${prefixTsQuery(String(year))})`);
    }
  }
  if (query.varietal !== undefined) conditions.push(sameText(products.varietal, query.varietal));
  if (query.region !== undefined) conditions.push(sameText(products.region, query.region));
  if (query.country !== undefined) conditions.push(sameText(products.country, query.country));
  if (query.supplier_id !== undefined) conditions.push(eq(products.supplierId, query.supplier_id));
  const where = conditions.length > 0 ? and(...conditions) : undefined;

  const [totalRow] = await db.select({ total: count() }).from(products).where(where);
  const total = Number(totalRow?.total ?? 0);
  if (total === 0 || pageOffset(query) >= total) return paginate([], total, query);

  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      brand: products.brand,
      varietal: products.varietal,
      vintage: products.vintage,
      region: products.region,
      appellation: products.appellation,
      abv: products.abv,
      sizeMl: products.sizeMl,
      packSize: products.packSize,
      casePriceCents: products.casePriceCents,
      bottlePriceCents: products.bottlePriceCents,
      inventoryAvailable: products.inventoryAvailable,
      minimumOrder: products.minimumOrder,
      createdAt: products.createdAt,
      supplierId: suppliers.id,
      supplierName: suppliers.name,
      supplierLocation: suppliers.location,
    })
    .from(products)
    .innerJoin(suppliers, eq(suppliers.id, products.supplierId))
    .where(where)
    .orderBy(...productOrder(query, tsQuery))
    .limit(query.per_page)
    .offset(pageOffset(query));

  const baseUrl = publicBaseUrl();
  const data = rows.map(
    (row): CatalogProduct => ({
      id: row.id,
      name: row.name,
      brand: row.brand,
      varietal: row.varietal,
      vintage: row.vintage,
      region: row.region,
      appellation: row.appellation,
      abv: row.abv,
      size_ml: row.sizeMl,
      pack_size: row.packSize,
      case_price_cents: row.casePriceCents,
      bottle_price_cents: row.bottlePriceCents,
      inventory_available: row.inventoryAvailable,
      minimum_order: row.minimumOrder,
      supplier: { id: row.supplierId, name: row.supplierName, location: row.supplierLocation },
      image_url: productImageUrl(baseUrl, row.id),
      created_at: row.createdAt.toISOString(),
    }),
  );
  return paginate(data, total, query);
}

const { searchDocument: _searchDocument, ...productColumns } = getTableColumns(products);

export async function getProduct(db: Database, publicBaseUrl: PublicBaseUrl, productId: string): Promise<Product | null> {
  const [row] = await db
    .select({ product: productColumns, supplier: { id: suppliers.id, name: suppliers.name, location: suppliers.location } })
    .from(products)
    .innerJoin(suppliers, eq(suppliers.id, products.supplierId))
    .where(eq(products.id, productId))
    .limit(1);
  if (!row) return null;
  const { product, supplier } = row;
  const counts = await productCounts(db, [supplier.id]);
  return {
    id: product.id,
    name: product.name,
    brand: product.brand,
    varietal: product.varietal,
    vintage: product.vintage,
    region: product.region,
    appellation: product.appellation,
    country: product.country,
    abv: product.abv,
    size_ml: product.sizeMl,
    pack_size: product.packSize,
    case_price_cents: product.casePriceCents,
    bottle_price_cents: product.bottlePriceCents,
    inventory_available: product.inventoryAvailable,
    minimum_order: product.minimumOrder,
    sku: product.sku,
    upc: product.upc,
    description: product.description,
    tasting_notes: product.tastingNotes,
    supplier: { ...supplier, total_products: counts.get(supplier.id) ?? 0 },
    image_url: productImageUrl(publicBaseUrl(), product.id),
    created_at: product.createdAt.toISOString(),
    updated_at: product.updatedAt.toISOString(),
  };
}
