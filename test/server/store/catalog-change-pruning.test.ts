import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalogChanges, catalogFeed } from '../../../server/db/schema';
import { createTestStore, type TestStore } from '../../support/store-fixture';
import { insertProductLike, removableProducts, removeProduct } from './catalog-edits';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

let testStore: TestStore;

beforeEach(async () => {
  testStore = await createTestStore({ catalogSize: 200 });
});

afterEach(async () => {
  await testStore.close();
});

async function tombstones() {
  return testStore.db
    .select({ id: catalogChanges.recordId, xid: sql<string>`${catalogChanges.xid}::text`, seq: catalogChanges.seq })
    .from(catalogChanges)
    .where(sql`${catalogChanges.removedAt} is not null`);
}

async function prunedPosition() {
  const [row] = await testStore.db.select({ xid: sql<string>`${catalogFeed.prunedXid}::text`, seq: catalogFeed.prunedSeq }).from(catalogFeed);
  return row;
}

describe('pruning the change feed\'s removals', () => {
  it('keeps a removal for its retention, then deletes it and moves the pruned position to it; only one instance runs each period', async () => {
    const { store, db } = testStore;
    const [first, second] = await removableProducts(db, 2);
    await removeProduct(db, first!);
    await removeProduct(db, second!);
    const removed = await tombstones();
    expect(removed.map((row) => row.id).sort()).toEqual([first, second].sort());
    expect(await prunedPosition()).toEqual({ xid: '0', seq: 0 });

    const now = new Date();
    // Three instances at the same moment, within the retention: one claims the run, nothing is old enough.
    const early = await Promise.all([0, 1, 2].map(() => store.pruneCatalogRemovalsWhenDue(now, new Date(now.getTime() - 30 * DAY_MS), HOUR_MS)));
    expect(early.filter((run) => run !== null)).toEqual([0]);
    expect(await tombstones()).toHaveLength(2);
    expect(await store.pruneCatalogRemovalsWhenDue(new Date(now.getTime() + HOUR_MS - 1), new Date(now.getTime() + DAY_MS), HOUR_MS)).toBeNull();

    // A removal made since stays: it is younger than the cut.
    const later = await insertProductLike(db, (await removableProducts(db, 1))[0]!);
    const cut = new Date(Date.now() + 1_000);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await removeProduct(db, later);
    expect(await store.pruneCatalogRemovalsWhenDue(new Date(now.getTime() + HOUR_MS), cut, HOUR_MS)).toBe(2);
    expect((await tombstones()).map((row) => row.id)).toEqual([later]);
    const latest = removed.reduce((last, row) => (BigInt(row.xid) > BigInt(last.xid) || (row.xid === last.xid && row.seq > last.seq) ? row : last));
    expect(await prunedPosition()).toEqual({ xid: latest.xid, seq: latest.seq });
    // Nothing else of the log is pruned: the 198 products left keep their rows, and the later tombstone.
    const [counted] = await db.select({ rows: sql<string>`count(*)::text` }).from(catalogChanges).where(eq(catalogChanges.kind, 'product'));
    expect(Number(counted?.rows)).toBe(198 + 1);
  });
});
