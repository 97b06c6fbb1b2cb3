import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { CATALOG_VERSION_SLOTS, catalogVersions } from '../../db/schema';

/**
 * What a catalog change touched: `stock` only (an order, a cancellation), or `listings`: anything
 * that can change which products a listing holds or their order (products added, removed, renamed,
 * repriced, moved to another supplier…). When unsure, it is `listings`.
 */
export type CatalogChange = 'stock' | 'listings';

/**
 * Counts one change of the catalog; call it inside the transaction that makes the change, as late
 * as possible (the slot's row stays locked until commit). Each connection bumps its own slot.
 */
export async function bumpCatalogVersion(tx: Database, change: CatalogChange): Promise<void> {
  const listings = change === 'listings' ? 1 : 0;
  await tx
    .insert(catalogVersions)
    .values({ slot: sql`pg_backend_pid() % ${CATALOG_VERSION_SLOTS}`, version: 1, listingVersion: listings })
    .onConflictDoUpdate({
      target: catalogVersions.slot,
      set: { version: sql`${catalogVersions.version} + 1`, listingVersion: sql`${catalogVersions.listingVersion} + ${listings}` },
    });
}

/**
 * The catalog's version: the number of committed catalog changes. It follows commit order, so a
 * reader that saw version v has seen every change counted in v, and any later commit changes it.
 */
export async function catalogStamp(db: Database): Promise<string> {
  const [row] = await db.select({ version: sql<string | null>`sum(${catalogVersions.version})::text` }).from(catalogVersions);
  return stampOf(row?.version ?? null);
}

/** The listings' version: like catalogStamp, counting only `listings` changes (stock changes leave it). */
export async function listingStamp(db: Database): Promise<string> {
  const [row] = await db.select({ version: sql<string | null>`sum(${catalogVersions.listingVersion})::text` }).from(catalogVersions);
  return stampOf(row?.version ?? null);
}

/** The catalog's version as a scalar subquery, to read it in the same statement (snapshot) as other rows. */
export const catalogVersionColumn = () => sql<string | null>`(select sum(${catalogVersions.version})::text from ${catalogVersions})`;

/** The listings' version as a scalar subquery (see catalogVersionColumn). */
export const listingVersionColumn = () => sql<string | null>`(select sum(${catalogVersions.listingVersion})::text from ${catalogVersions})`;

/** The stamp of a version read by catalogVersionColumn or listingVersionColumn. */
export function stampOf(version: string | null): string {
  return `v${version ?? '0'}`;
}
