import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { storageProbes } from '../db/schema';
import { randomBase62 } from './ids';

/** About 256 KB of hard-to-compress text: more than an order writes, so a probe that fits means orders fit too. */
const FILLER = sql`(select string_agg(md5(random()::text), '') from generate_series(1, 8192))`;

/**
 * A real write that needs new space, undone in the same transaction: it commits (so the write-ahead
 * log is flushed) and leaves nothing behind. Fails with SQLSTATE 53100 (or ENOSPC) while the disk
 * under the database is full.
 */
export async function probeStorage(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    const id = randomBase62(22);
    await tx.insert(storageProbes).values({ id, filler: FILLER });
    await tx.delete(storageProbes).where(sql`${storageProbes.id} = ${id}`);
  });
}
