import { describe, expect, it } from 'vitest';
import { count, sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/database';
import { accounts, catalogChanges, dealProducts, products, supplierProductCounts, suppliers as supplierTable } from '../../../server/db/schema';
import { DEMO_PRODUCT_CHUNK, generateDemoData } from '../../../server/demo/generate';
import { seedDemoData } from '../../../server/demo/seed';
import { searchText } from '../../../server/store/catalog/search-text';
import { withEmptyDatabase } from '../../support/empty-pglite';
import { withEmptyPostgres } from '../../support/empty-postgres';
import { testDatabaseKind } from '../../support/store-fixture';

const now = new Date('2026-11-22T09:00:00.000Z');

/** The seeding ways this run can check: PGlite's always, PostgreSQL's when the tests run on it (DATABASE_URL). */
const SEEDING_WAYS = [
  ['pglite', false],
  ['pglite', true],
  ...(testDatabaseKind() === 'postgres' ? ([['postgres', false], ['postgres', true]] as const) : []),
] as const;

/** The databases whose seeding this run can check (see SEEDING_WAYS). */
const SEEDING_DATABASES = [...new Set(SEEDING_WAYS.map(([database]) => database))];

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The indexes and constraints of the catalog and of the tables that refer to its products. */
async function catalogDefinitions(db: Database): Promise<string[]> {
  const indexes = rowsOf<{ definition: string }>(
    await db.execute(sql`select indexdef as definition from pg_indexes where tablename in ('products', 'favorites', 'order_items', 'catalog_changes')`),
  );
  const constraints = rowsOf<{ definition: string }>(
    await db.execute(sql`select conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) as definition from pg_constraint
      where conrelid in ('products'::regclass, 'favorites'::regclass, 'order_items'::regclass, 'catalog_changes'::regclass)`),
  );
  // The change feed's triggers, and whether each is on ('O').
  const triggers = rowsOf<{ definition: string }>(
    await db.execute(sql`select tgrelid::regclass::text || ' ' || tgname::text || ' ' || tgenabled::text as definition from pg_trigger where not tgisinternal`),
  );
  return [...indexes, ...constraints, ...triggers].map((row) => row.definition).sort();
}

describe('seeding the demo data', () => {
  it.each(SEEDING_WAYS)(
    'writes exactly the generated products, numbered in generation order, with their search documents (on %s, made in a worker: %s)',
    async (database, productWorker) => {
      const withEmpty = database === 'postgres' ? withEmptyPostgres : withEmptyDatabase;
      await withEmpty(async (connection) => {
        const { db } = connection;
        const size = 2 * DEMO_PRODUCT_CHUNK + 321;
        // Under the setup lock, as the service seeds (on PostgreSQL, a session of its own).
        expect(await connection.underSetupLock((locked) => seedDemoData(locked, { catalogSize: size, now, database, productWorker }))).not.toBeNull();
        const data = generateDemoData({ catalogSize: size, now });
        const rows = await db
          .select({
            ordinal: products.ordinal,
            id: products.id,
            supplierId: products.supplierId,
            name: products.name,
            brand: products.brand,
            varietal: products.varietal,
            vintage: products.vintage,
            region: products.region,
            appellation: products.appellation,
            country: products.country,
            abv: products.abv,
            sizeMl: products.sizeMl,
            packSize: products.packSize,
            casePriceCents: products.casePriceCents,
            bottlePriceCents: products.bottlePriceCents,
            inventoryAvailable: products.inventoryAvailable,
            minimumOrder: products.minimumOrder,
            sku: products.sku,
            upc: products.upc,
            description: products.description,
            tastingNotes: products.tastingNotes,
            createdAt: products.createdAt,
            updatedAt: products.updatedAt,
          })
          .from(products)
          .orderBy(products.ordinal);
        expect(rows.map((row) => row.ordinal)).toEqual(Array.from({ length: size }, (_, index) => index + 1));

        // The past orders took stock (cancelled ones gave it back) and touched what they ordered.
        const taken = new Map<string, number>();
        const ordered = new Set<string>();
        for (const order of data.orders) {
          for (const item of order.items) {
            ordered.add(item.productId);
            if (order.status !== 'cancelled') taken.set(item.productId, (taken.get(item.productId) ?? 0) + item.quantity);
          }
        }
        expect(rows.map(({ ordinal: _ordinal, updatedAt: _updatedAt, ...product }) => product)).toEqual(
          data.products.map((product) => ({ ...product, inventoryAvailable: product.inventoryAvailable - (taken.get(product.id) ?? 0) })),
        );
        expect(rows.filter((row) => !ordered.has(row.id) && row.updatedAt.getTime() !== row.createdAt.getTime())).toEqual([]);

        const suppliers = new Map(data.suppliers.map((supplier) => [supplier.id, supplier]));
        const texts = data.products.map((product) => {
          const supplier = suppliers.get(product.supplierId)!;
          return searchText([product.name, product.brand, product.varietal, product.region, product.appellation, product.sku, supplier.name, supplier.dbaName]);
        });
        const [differing] = rowsOf<{ n: number }>(
          await db.execute(sql`select count(*)::int as n from ${products} p
            join unnest(${`{${data.products.map((product) => product.id).join(',')}}`}::text[], ${`{${texts.map((text) => `"${text}"`).join(',')}}`}::text[]) as t(id, text) on t.id = p.id
            where p.search_document is distinct from to_tsvector('simple'::regconfig, t.text)`),
        );
        expect(differing!.n).toBe(0);

        // The change feed's log has each product and supplier once, the products in their order (the
        // table's pages) but those the past orders or the demo's deals changed since (the split-case
        // fees are written without logging their suppliers' products again); every supplier's count right.
        const withDeals = new Set((await db.select({ id: dealProducts.productId }).from(dealProducts)).map((row) => row.id));
        const splitCaseSuppliers = new Set((await db.select({ id: supplierTable.id }).from(supplierTable).where(sql`${supplierTable.splitCaseFeeCents} is not null`)).map((row) => row.id));
        expect(data.products.filter((product) => splitCaseSuppliers.has(product.supplierId)).length).toBeGreaterThan(0);
        const changedSince = (id: string) => ordered.has(id) || withDeals.has(id);
        const logged = await db
          .select({ kind: catalogChanges.kind, id: catalogChanges.recordId })
          .from(catalogChanges)
          .where(sql`${catalogChanges.removedAt} is null`)
          .orderBy(catalogChanges.xid, catalogChanges.seq);
        const loggedProducts = logged.filter((row) => row.kind === 'product').map((row) => row.id);
        expect([...loggedProducts].sort()).toEqual(data.products.map((product) => product.id).sort());
        expect(loggedProducts.filter((id) => !changedSince(id))).toEqual(data.products.filter((product) => !changedSince(product.id)).map((product) => product.id));
        expect(logged.filter((row) => row.kind === 'supplier').map((row) => row.id).sort()).toEqual(data.suppliers.map((supplier) => supplier.id).sort());
        const perSupplier = new Map<string, number>();
        for (const product of data.products) perSupplier.set(product.supplierId, (perSupplier.get(product.supplierId) ?? 0) + 1);
        const counted = await db.select({ supplierId: supplierProductCounts.supplierId, total: supplierProductCounts.total }).from(supplierProductCounts);
        expect(new Map(counted.filter((row) => row.total !== 0).map((row) => [row.supplierId, row.total]))).toEqual(perSupplier);
      });
    },
    // Seeding ten thousand products and reading them back: a minute and more on a loaded 2-core machine.
    240_000,
  );

  it('keeps every index and constraint of the catalog as the schema makes them', { timeout: 240_000 }, async () => {
    await withEmptyDatabase(async ({ db }) => {
      const before = await catalogDefinitions(db);
      expect(before.some((definition) => definition.includes('PRIMARY KEY'))).toBe(true);
      await seedDemoData(db, { catalogSize: 500, now, database: 'pglite' });
      expect(await catalogDefinitions(db)).toEqual(before);
    });
  });

  it('copies the products frozen on PGlite, their pages all-visible, so no first read after seeding checks their commit status (no vacuum runs there)', { timeout: 240_000 }, async () => {
    await withEmptyDatabase(async ({ db }) => {
      await seedDemoData(db, { catalogSize: 3_000, now, database: 'pglite', productWorker: false });
      // Seeding's ANALYZE counts the visibility map's all-visible pages; the demo orders' stock
      // changes leave new, unfrozen versions on the few pages they touch.
      const [row] = rowsOf<{ visible: number; pages: number }>(
        await db.execute(sql`select relallvisible as visible, relpages as pages from pg_class where oid = 'products'::regclass`),
      );
      expect(row?.pages).toBeGreaterThan(0);
      expect(row?.visible).toBeGreaterThan((row?.pages ?? 0) * 0.5);
    });
  });

  it.each(SEEDING_DATABASES)('leaves nothing when interrupted midway, so the next start seeds it whole (on %s)', { timeout: 240_000 }, async (database) => {
    const withEmpty = database === 'postgres' ? withEmptyPostgres : withEmptyDatabase;
    await withEmpty(async (connection) => {
      const { db } = connection;
      const seed = (options: Parameters<typeof seedDemoData>[1]) => connection.underSetupLock((locked) => seedDemoData(locked, options));
      const before = await catalogDefinitions(db);
      const size = 3 * DEMO_PRODUCT_CHUNK;
      await expect(
        seed({
          catalogSize: size,
          now,
          database,
          onProgress: (written) => {
            if (written >= DEMO_PRODUCT_CHUNK) throw new Error('the machine went away');
          },
        }),
      ).rejects.toThrow('the machine went away');
      expect((await db.select({ n: count() }).from(products))[0]!.n).toBe(0);
      expect((await db.select({ n: count() }).from(accounts))[0]!.n).toBe(0);
      expect(await catalogDefinitions(db)).toEqual(before);

      expect(await seed({ catalogSize: size, now, database })).not.toBeNull();
      expect((await db.select({ n: count() }).from(products))[0]!.n).toBe(size);
      const [range] = await db.select({ low: sql<number>`min(${products.ordinal})`, high: sql<number>`max(${products.ordinal})` }).from(products);
      expect(range).toEqual({ low: 1, high: size });
    });
  });
});
