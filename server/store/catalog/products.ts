import { and, asc, desc, eq, getTableColumns, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { CatalogProduct, Paginated, Product, ProductListQuery } from '../../../shared';
import type { Database } from '../../db/database';
import { products, suppliers } from '../../db/schema';
import { pageOffset, paginate } from '../pagination';
import { prefixTsQuery, splitVintageWords } from './search-text';
import { productImageUrl, type PublicBaseUrl } from './image-url';
import { productCounts } from './suppliers';
import type { OrderedIdCache, VersionedValue } from './ordered-ids';
import { catalogStamp, catalogVersionColumn, stampOf } from './version';

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

/** What makes two listings the same list of ids: the filters and the sort, not the page. */
function listingKey(query: ProductListQuery): string {
  return JSON.stringify([query.q ?? null, query.varietal ?? null, query.region ?? null, query.country ?? null, query.supplier_id ?? null, query.sort ?? null]);
}

/**
 * One page of the catalog. The ordered ids of the whole listing are read once per catalog version
 * (an index scan, see OrderedIdCache) and every page is then its slice loaded by primary key, so
 * page 500 costs what page 1 does and no page counts the table.
 */
export async function listProducts(
  db: Database,
  publicBaseUrl: PublicBaseUrl,
  orderedIds: OrderedIdCache,
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

  // The stamp first: the ids read after it are at least as new as the version they are kept under.
  const stamp = await catalogStamp(db);
  const ids = await orderedIds.get(`${stamp}\u0000${listingKey(query)}`, async () => {
    // One row holding every id: PGlite hands 50,000 rows to JavaScript far slower than one string.
    const [row] = await db
      .select({ ids: sql<string | null>`string_agg(${products.id}, ',' ORDER BY ${sql.join(productOrder(query, tsQuery), sql`, `)})` })
      .from(products)
      .where(where);
    // Ids are a prefix, `_` and base62 (server/store/ids.ts), so a comma never occurs in one.
    return row?.ids ? row.ids.split(',') : [];
  });
  const total = ids.length;
  const offset = pageOffset(query);
  if (total === 0 || offset >= total) return paginate([], total, query);
  const pageIds = ids.slice(offset, offset + query.per_page);

  const loaded = await db
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
    .where(inArray(products.id, pageIds));
  const byId = new Map(loaded.map((row) => [row.id, row]));
  // A product removed since the ids were read is left out rather than failing the page.
  const rows = pageIds.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });

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

/**
 * One product with its supplier. The supplier's product count comes from the counts of every
 * supplier, read once per catalog version: the version is read in the same statement as the
 * product, so a detail costs one query (a full download asks for 50,000 of them).
 */
export async function getProduct(
  db: Database,
  publicBaseUrl: PublicBaseUrl,
  supplierCounts: VersionedValue<Map<string, number>>,
  productId: string,
): Promise<Product | null> {
  const [row] = await db
    .select({
      product: productColumns,
      supplier: { id: suppliers.id, name: suppliers.name, location: suppliers.location },
      version: catalogVersionColumn(),
    })
    .from(products)
    .innerJoin(suppliers, eq(suppliers.id, products.supplierId))
    .where(eq(products.id, productId))
    .limit(1);
  if (!row) return null;
  const { product, supplier } = row;
  const counts = await supplierCounts.get(stampOf(row.version), () => productCounts(db, null));
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
