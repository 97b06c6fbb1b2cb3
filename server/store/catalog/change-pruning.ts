import { and, isNotNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { catalogChanges, catalogFeed } from '../../db/schema';
import { runWhenDue } from '../scheduled-job';
import { comparePositions, type FeedPosition } from './change-cursor';

/**
 * Deletes the tombstones of records removed before `olderThan`, and moves the feed's pruned
 * position to the latest of them, in one transaction: from then on a cursor that may have needed
 * one of them answers 410 cursor_expired (see readCatalogChanges). Returns how many were deleted.
 */
export async function pruneCatalogRemovals(db: Database, olderThan: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const pruned = await tx
      .delete(catalogChanges)
      .where(and(isNotNull(catalogChanges.removedAt), lt(catalogChanges.removedAt, olderThan)))
      .returning({ xid: sql<string>`${catalogChanges.xid}::text`, seq: sql<string>`${catalogChanges.seq}::text` });
    const latest = pruned.reduce<FeedPosition | null>((last, row) => {
      const position = { xid: BigInt(row.xid), seq: BigInt(row.seq) };
      return last === null || comparePositions(position, last) > 0 ? position : last;
    }, null);
    if (latest) {
      await tx
        .update(catalogFeed)
        .set({ prunedXid: sql`${latest.xid.toString()}::xid8`, prunedSeq: Number(latest.seq) })
        .where(sql`(${catalogFeed.prunedXid}, ${catalogFeed.prunedSeq}) < (${latest.xid.toString()}::xid8, ${latest.seq.toString()}::bigint)`);
    }
    return pruned.length;
  });
}

/** Prunes as pruneCatalogRemovals when this period's run is due and this instance claims it (see runWhenDue). */
export const pruneCatalogRemovalsWhenDue = (db: Database, now: Date, olderThan: Date, everyMs: number): Promise<number | null> =>
  runWhenDue(db, 'prune_catalog_removals', now, everyMs, (tx) => pruneCatalogRemovals(tx, olderThan));
