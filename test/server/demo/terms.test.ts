import { describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { openPglite } from '../../../server/db/connection';
import { products, suppliers } from '../../../server/db/schema';
import { seedDemoData } from '../../../server/demo/seed';
import { firstProductsOfSupplier } from '../../../server/demo/terms';

const now = new Date('2026-11-22T09:00:00.000Z');

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

/** Rows the plan read from the products table itself (an index-only scan reads its index). */
function productRowsRead(node: PlanNode): number {
  const own = node['Relation Name'] === 'products' && node['Node Type'] !== 'Index Only Scan' ? node['Actual Rows'] * node['Actual Loops'] : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + productRowsRead(child), 0);
}

describe("the demo deals' first products of a supplier", () => {
  it('are the first by name then id, read from the table only for those few, not for every product of the supplier', { timeout: 240_000 }, async () => {
    const connection = await openPglite({});
    try {
      const { db } = connection;
      await seedDemoData(db, { catalogSize: 6_000, now, database: 'pglite' });
      const supplierIds = (await db.select({ id: suppliers.id }).from(suppliers).orderBy(asc(suppliers.id))).map((row) => row.id);
      expect(supplierIds.length).toBeGreaterThan(10);
      for (const supplierId of supplierIds) {
        const expected = await db
          .select({ id: products.id, casePriceCents: products.casePriceCents })
          .from(products)
          .where(eq(products.supplierId, supplierId))
          .orderBy(asc(products.name), asc(products.id))
          .limit(5);
        expect(await firstProductsOfSupplier(db, supplierId, 5)).toEqual(expected);
      }
      const busiest = (await db.select({ id: products.supplierId, n: sql<number>`count(*)::int` }).from(products).groupBy(products.supplierId).orderBy(sql`2 desc`).limit(1))[0]!;
      expect(busiest.n).toBeGreaterThan(200);
      const result = await db.execute(sql`explain (analyze, format json) ${firstProductsOfSupplier(db, busiest.id, 5)}`);
      const [row] = (result as unknown as { rows: Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }> }).rows;
      expect(productRowsRead(row!['QUERY PLAN'][0]!.Plan)).toBeLessThanOrEqual(5);
    } finally {
      await connection.close();
    }
  });
});
