import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { products, suppliers } from '../db/schema';
import { createDeal, type NewDeal } from '../store/catalog/deals';

/**
 * The demo marketplace's commercial terms (issue 26), written after its past orders. Deterministic: the suppliers and products are taken in id and
 * name order, so the same catalog gets the same terms.
 *
 * - Split cases: every third supplier sells by the bottle, at a fee per line of $30, $33 or $36
 *   (New York wholesalers' range).
 * - Case deals: on the first products of every other supplier (up to DEMO_DEAL_SUPPLIERS), "5+
 *   cases" at $18 off a case, running from 10 days ago for 30 days; and on the next product a
 *   "3+ cases" 5 % off that starts in 7 days (a deal still to come).
 * - Mix deals: the same suppliers' first four products together, "any 10 cases" 8 % off.
 */
export const DEMO_DEAL_SUPPLIERS = 40;
export const DEMO_SPLIT_CASE_FEES_CENTS = [3_000, 3_300, 3_600] as const;

const DAY_MS = 86_400_000;

const suppliersInIdOrder = (db: Database) => db.select({ id: suppliers.id }).from(suppliers).orderBy(asc(suppliers.id));

/**
 * The split-case fees, written after the past orders, inside the seeding transaction and after the
 * change feed's log was written for the whole catalog (`withCatalogLogAfter`). So they are written
 * straight to the suppliers, in one statement, without putting each product of those suppliers on
 * the feed again as `setSplitCaseFee` does: the feed reads a product's detail when it is read, so
 * the log rows written a moment before in this same transaction already give the products with
 * their terms; re-logged, a third of the catalog was written to the log twice, out of the table's
 * order. Written before the products instead, the e2e journey that places an order with
 * the keyboard alone failed (its cart showed no ship-to address); the cause was not found, so they
 * stay after the orders. Returns the number of suppliers that sell by the bottle.
 */
export async function seedDemoSplitCases(db: Database): Promise<number> {
  const fees = (await suppliersInIdOrder(db))
    .filter((_supplier, position) => position % 3 === 0)
    .map((supplier, index) => ({ id: supplier.id, fee: DEMO_SPLIT_CASE_FEES_CENTS[index % DEMO_SPLIT_CASE_FEES_CENTS.length] as number }));
  if (fees.length === 0) return 0;
  const values = sql.join(fees.map(({ id, fee }) => sql`(${id}, ${fee}::integer)`), sql`, `);
  await db.execute(sql`
    update ${suppliers} set ${sql.identifier(suppliers.splitCaseFeeCents.name)} = fees.fee
    from (values ${values}) as fees(id, fee) where ${suppliers.id} = fees.id`);
  return fees.length;
}

/**
 * A supplier's first `count` products in name then id order, with their case prices. The order is
 * worked out from products_supplier_idx alone (supplier, name, id: an index-only scan, the seeded
 * table's pages being all-visible) and only those products are then read from the table: ordered
 * by name and id straight from the table, every product of the supplier was read to sort them,
 * about 0.3 s of the seeding thread's CPU for each of the 20 suppliers at a million products
 * (36,833 products, 31,506 table pages read for one of them) against 35 ms this way.
 */
export function firstProductsOfSupplier(db: Database, supplierId: string, count: number) {
  const first = db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(eq(products.supplierId, supplierId))
    .orderBy(asc(products.name), asc(products.id))
    .limit(count)
    .as('first');
  return db
    .select({ id: products.id, casePriceCents: products.casePriceCents })
    .from(first)
    .innerJoin(products, eq(products.id, first.id))
    .orderBy(asc(first.name), asc(first.id));
}

/** The deals, written after the past orders so those keep the prices they were placed at. Returns how many. */
export async function seedDemoDeals(db: Database, now: Date): Promise<number> {
  let dealCount = 0;
  for (const [position, supplier] of (await suppliersInIdOrder(db)).entries()) {
    if (position % 2 !== 0 || position / 2 >= DEMO_DEAL_SUPPLIERS) continue;
    const range = await firstProductsOfSupplier(db, supplier.id, 5);
    const planned: NewDeal[] = [];
    const running = { startsAt: new Date(now.getTime() - 10 * DAY_MS), endsAt: new Date(now.getTime() + 20 * DAY_MS) };
    const [first, second] = range;
    if (first && first.casePriceCents > 3_600) {
      planned.push({ supplierId: supplier.id, kind: 'case', title: '5+ cases: $18 off each', minCases: 5, discount: { type: 'amount_off', amount_off_cents: 1_800 }, productIds: [first.id], ...running });
    }
    if (second) {
      planned.push({
        supplierId: supplier.id,
        kind: 'case',
        title: '3+ cases: 5% off',
        minCases: 3,
        discount: { type: 'percent_off', percent_off_basis_points: 500 },
        productIds: [second.id],
        startsAt: new Date(now.getTime() + 7 * DAY_MS),
        endsAt: new Date(now.getTime() + 37 * DAY_MS),
      });
    }
    if (range.length >= 4) {
      planned.push({
        supplierId: supplier.id,
        kind: 'mix',
        title: 'Any 10 cases of the portfolio: 8% off',
        minCases: 10,
        discount: { type: 'percent_off', percent_off_basis_points: 800 },
        productIds: range.slice(0, 4).map((product) => product.id),
        ...running,
      });
    }
    for (const deal of planned) {
      const result = await createDeal(db, deal, now);
      if (result.kind !== 'created') throw new Error(`demo deal "${deal.title}" refused: ${result.detail}`);
      dealCount += 1;
    }
  }
  return dealCount;
}
