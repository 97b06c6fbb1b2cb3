import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/database';
import { products } from '../../db/schema';

/**
 * Whether the database orders the products' ids as their bytes do, which the listings index made
 * while seeding (listing-index-handover.ts) assumes where two products tie on an order's key: the
 * name is compared COLLATE "C" in both places, but the id in the database's own collation, which
 * on PostgreSQL need not be bytes ("C" and C.UTF-8 are; en_US.UTF-8 puts `a` before `B`). Asked of
 * the ids themselves, in the primary key's order (one index-only scan, no sort): true when each
 * is below the next in "C" as well.
 */
export async function idsInByteOrder(db: Database): Promise<boolean> {
  const id = sql.identifier(products.id.name);
  const [row] = rowsOf<{ out_of_order: number }>(
    await db.execute(sql`
      select count(*)::integer as out_of_order
      from (select ${id} as id, lead(${id}) over (order by ${id}) as next from ${products}) as ordered
      where next is not null and not (id collate "C" < next collate "C")`),
  );
  return Number(row?.out_of_order) === 0;
}
