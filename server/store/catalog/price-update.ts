import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { products } from '../../db/schema';
import { bumpCatalogVersion } from './version';

export interface PriceUpdate {
  /** Every this-many-th product in id order is repriced (100: 1 % of the catalog). */
  every: number;
  /** The change, in percent of the current prices (5: 5 % dearer; -10: 10 % cheaper). */
  percent: number;
  at: Date;
}

/**
 * A supplier price list, as the demo applies it: the case and bottle prices of every `every`-th
 * product (in id order, so the same products each time) change by `percent`, rounded to the cent
 * and never below one, in one transaction that counts a change of the listings. Like every writer
 * of products, it reaches the catalog change feed through the database's triggers. Returns how
 * many products changed.
 */
export async function applyPriceUpdate(db: Database, update: PriceUpdate): Promise<number> {
  const factor = 1 + update.percent / 100;
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(products)
      .set({
        casePriceCents: sql`greatest(1, round(${products.casePriceCents} * ${factor}::float8))::integer`,
        bottlePriceCents: sql`greatest(1, round(${products.bottlePriceCents} * ${factor}::float8))::integer`,
        updatedAt: update.at,
      })
      .where(
        sql`${products.id} in (select id from (select id, row_number() over (order by id) as n from ${products}) as numbered where n % ${update.every} = 0)`,
      )
      .returning({ id: products.id });
    if (changed.length > 0) await bumpCatalogVersion(tx, 'listings');
    return changed.length;
  });
}
