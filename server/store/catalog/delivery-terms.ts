import { eq, sql } from 'drizzle-orm';
import { DeliveryTerms } from '../../../shared';
import type { Database } from '../../db/database';
import { suppliers } from '../../db/schema';
import { bumpCatalogVersion } from './version';

/**
 * A supplier's delivery terms (issue 26): written on its row, so the suppliers' trigger puts the
 * supplier (and none of its products) on the change feed. They change no listing, so only the
 * catalog version that answers ETags moves (`stock`), not the listings index.
 */

/** Sets (or, with null, removes) a supplier's delivery terms. False when no such supplier. Throws on terms the schema refuses. */
export async function setDeliveryTerms(db: Database, supplierId: string, terms: DeliveryTerms | null): Promise<boolean> {
  const checked = terms === null ? null : DeliveryTerms.parse(terms);
  return db.transaction(async (tx) => {
    const updated = await tx.update(suppliers).set({ deliveryTerms: checked }).where(eq(suppliers.id, supplierId)).returning({ id: suppliers.id });
    if (updated.length === 0) return false;
    await bumpCatalogVersion(tx, 'stock');
    return true;
  });
}

/** Sets many suppliers' terms in one statement (the demo's seeding): one change-feed entry per supplier. */
export async function setManyDeliveryTerms(db: Database, terms: ReadonlyArray<{ supplierId: string; terms: DeliveryTerms }>): Promise<void> {
  if (terms.length === 0) return;
  const rows = JSON.stringify(terms.map((entry) => ({ id: entry.supplierId, terms: DeliveryTerms.parse(entry.terms) })));
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`update ${suppliers} set delivery_terms = given.terms from jsonb_to_recordset(${rows}::jsonb) as given(id text, terms jsonb) where ${suppliers.id} = given.id`,
    );
    await bumpCatalogVersion(tx, 'stock');
  });
}
