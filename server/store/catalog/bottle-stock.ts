import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { products } from '../../db/schema';

/**
 * Bottles of a split case come out of stock counted in bottles (issue 26): first the bottles of cases
 * already opened (`loose_bottles`), then as many whole cases as the rest needs, opened, their
 * remaining bottles kept loose. One conditional update, so concurrent orders never take more
 * bottles than there are (the condition is checked against the latest committed row). Returns
 * false, taking nothing, when fewer than `bottles` are in stock.
 */
export async function takeBottles(tx: Database, productId: string, bottles: number, now: Date): Promise<boolean> {
  const casesToOpen = sql`greatest(0, (${bottles} - ${products.looseBottles} + ${products.packSize} - 1) / ${products.packSize})`;
  const updated = await tx
    .update(products)
    .set({
      inventoryAvailable: sql`${products.inventoryAvailable} - ${casesToOpen}`,
      looseBottles: sql`${products.looseBottles} + ${casesToOpen} * ${products.packSize} - ${bottles}`,
      updatedAt: now,
    })
    .where(and(eq(products.id, productId), sql`${products.inventoryAvailable} * ${products.packSize} + ${products.looseBottles} >= ${bottles}`))
    .returning({ id: products.id });
  return updated.length > 0;
}

/** Bottles back to stock (a cancelled split case): loose, and every full case of loose bottles back as a whole case. */
export async function returnBottles(tx: Database, productId: string, bottles: number, now: Date): Promise<void> {
  await tx
    .update(products)
    .set({
      inventoryAvailable: sql`${products.inventoryAvailable} + (${products.looseBottles} + ${bottles}) / ${products.packSize}`,
      looseBottles: sql`(${products.looseBottles} + ${bottles}) % ${products.packSize}`,
      updatedAt: now,
    })
    .where(eq(products.id, productId));
}

/** Bottles in stock: the whole cases times the pack size, plus the loose bottles. */
export async function bottlesInStock(tx: Database, productId: string): Promise<number> {
  const [row] = await tx
    .select({ bottles: sql<number>`(${products.inventoryAvailable} * ${products.packSize} + ${products.looseBottles})::int` })
    .from(products)
    .where(eq(products.id, productId));
  return Number(row?.bottles ?? 0);
}
