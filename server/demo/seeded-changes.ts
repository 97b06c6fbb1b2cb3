import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { catalogChanges, products } from '../db/schema';
import { withoutIndexes } from './bulk-insert';

/**
 * Runs `load` (seeding the products) with the products' insert trigger (migration 0005,
 * `catalog_products_inserted`) switched off in the caller's transaction, then does once for the
 * whole catalog what the trigger does for each statement: a change-feed log row per product, the
 * suppliers' product counts, and a log row per supplier whose count changed. Per chunk of 5,000
 * products the trigger's upsert into the log's two indexes cost about a third of the COPY's CPU
 * (PGlite, 100,000 products); here the log is written in one statement and its indexes are built
 * after it. The products' log rows take the products' order (their ordinals, the order of the
 * table's pages), so a client reading the feed from the start reads the table in order.
 */
export async function withCatalogLogAfter(tx: Database, load: () => Promise<void>): Promise<void> {
  await tx.execute(sql`alter table ${products} disable trigger catalog_products_inserted`);
  await load();
  await tx.execute(sql`alter table ${products} enable trigger catalog_products_inserted`);
  await withoutIndexes(tx, catalogChanges, async () => {
    await tx.execute(sql`insert into ${catalogChanges} (kind, record_id) select 'product', ${products.id} from ${products} order by ${products.ordinal}`);
  });
  await tx.execute(sql`
    select catalog_count_products(array_agg(supplier_id), array_agg(added))
    from (select ${products.supplierId} as supplier_id, count(*)::integer as added from ${products} group by ${products.supplierId}) as counted`);
  await tx.execute(sql`select catalog_log_changes('supplier', array(select distinct ${products.supplierId} from ${products}), false)`);
}
