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

/** The sum of one version column over every slot: what a reader takes as that version. */
const versionSum = (column: typeof catalogVersions.version | typeof catalogVersions.listingVersion) =>
  sql<string | null>`sum(${column})::text`;

async function readStamp(db: Database, column: Parameters<typeof versionSum>[0]): Promise<string> {
  const [row] = await db.select({ version: versionSum(column) }).from(catalogVersions);
  return stampOf(row?.version ?? null);
}

/**
 * The catalog's version: the number of committed catalog changes. It follows commit order, so a
 * reader that saw version v has seen every change counted in v, and any later commit changes it.
 */
export const catalogStamp = (db: Database): Promise<string> => readStamp(db, catalogVersions.version);

/** The listings' version: like catalogStamp, counting only `listings` changes (stock changes leave it). */
export const listingStamp = (db: Database): Promise<string> => readStamp(db, catalogVersions.listingVersion);

/** The listings' version as a scalar subquery, to read it in the same statement (snapshot) as other rows. */
export const listingVersionColumn = () => sql<string | null>`(select ${versionSum(catalogVersions.listingVersion)} from ${catalogVersions})`;

/** The stamp of a version read by listingVersionColumn, catalogStamp or listingStamp. */
export function stampOf(version: string | null): string {
  return `v${version ?? '0'}`;
}
