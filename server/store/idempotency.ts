import { lt } from 'drizzle-orm';
import type { Database } from '../db/database';
import { idempotencyRecords } from '../db/schema';

export async function pruneIdempotency(db: Database, olderThan: Date): Promise<number> {
  const deleted = await db
    .delete(idempotencyRecords)
    .where(lt(idempotencyRecords.createdAt, olderThan))
    .returning({ key: idempotencyRecords.key });
  return deleted.length;
}
