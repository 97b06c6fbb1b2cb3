import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/database';
import { favorites, orderItems, products, suppliers } from '../../../server/db/schema';
import { newId } from '../../../server/store/ids';
import { searchDocument } from '../../../server/store/catalog/search-text';
import { bumpCatalogVersion } from '../../../server/store/catalog/version';

/**
 * Edits of the catalog the HTTP interface does not offer (an operator's SQL, an import), each in
 * one transaction that counts a change of the listings, as every writer must. The change feed
 * learns of them from the database's triggers alone.
 */

export async function repriceProduct(db: Database, productId: string, casePriceCents: number, at = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(products).set({ casePriceCents, updatedAt: at }).where(eq(products.id, productId));
    await bumpCatalogVersion(tx, 'listings');
  });
}

/** A new product like `templateId` (same supplier unless given), with a fresh id, SKU and UPC. */
export async function insertProductLike(db: Database, templateId: string, options: { supplierId?: string; name?: string } = {}): Promise<string> {
  const id = newId('prod');
  await db.transaction(async (tx) => {
    const [template] = await tx.select().from(products).where(eq(products.id, templateId));
    if (!template) throw new Error(`no product ${templateId}`);
    // The ordinal is the database's to give (an identity column).
    const { ordinal: _ordinal, ...fields } = template;
    const name = options.name ?? `${template.name} Reserve`;
    const now = new Date();
    await tx.insert(products).values({
      ...fields,
      id,
      name,
      supplierId: options.supplierId ?? template.supplierId,
      sku: `T-${id.slice(5, 15)}`,
      upc: null,
      createdAt: now,
      updatedAt: now,
      searchDocument: searchDocument([name, template.brand, template.varietal, template.region]),
    });
    await bumpCatalogVersion(tx, 'listings');
  });
  return id;
}

/** Removes a product (one nobody has ordered or kept as a favourite). */
export async function removeProduct(db: Database, productId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(products).where(eq(products.id, productId));
    await bumpCatalogVersion(tx, 'listings');
  });
}

export async function renameSupplier(db: Database, supplierId: string, name: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(suppliers).set({ name }).where(eq(suppliers.id, supplierId));
    await bumpCatalogVersion(tx, 'listings');
  });
}

/** Moves a product to another supplier. */
export async function moveProduct(db: Database, productId: string, supplierId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(products).set({ supplierId, updatedAt: new Date() }).where(eq(products.id, productId));
    await bumpCatalogVersion(tx, 'listings');
  });
}

export async function insertSupplier(db: Database, name: string): Promise<string> {
  const id = newId('sup');
  await db.transaction(async (tx) => {
    await tx.insert(suppliers).values({
      id,
      name,
      dbaName: null,
      location: 'Napa, CA',
      region: 'Napa Valley',
      address: '1 Vineyard Road, Napa, CA 94558',
      createdAt: new Date(),
      searchDocument: searchDocument([name, 'Napa, CA', 'Napa Valley']),
    });
    await bumpCatalogVersion(tx, 'listings');
  });
  return id;
}

/** Removes a supplier that has no products left. */
export async function removeSupplier(db: Database, supplierId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(suppliers).where(eq(suppliers.id, supplierId));
    await bumpCatalogVersion(tx, 'listings');
  });
}

/** Products nothing refers to (no order line, no favourite), which may be removed. */
export async function removableProducts(db: Database, wanted: number): Promise<string[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(
      sql`not exists (select 1 from ${orderItems} where ${orderItems.productId} = ${products.id}) and not exists (select 1 from ${favorites} where ${favorites.productId} = ${products.id})`,
    )
    .orderBy(products.id)
    .limit(wanted);
  return rows.map((row) => row.id);
}
