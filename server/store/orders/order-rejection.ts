import { TransactionRollbackError } from 'drizzle-orm';
import type { FieldError } from '../../../shared';
import type { Database } from '../../db/database';
import type { OrderRejection } from '../types';

/** Why an order is refused, as a value: returned up to the HTTP handler, which answers it as a problem. */
export const rejection = (
  status: OrderRejection['status'],
  code: OrderRejection['code'],
  detail: string,
  errors: FieldError[],
): OrderRejection => ({ kind: 'rejected', status, code, detail, errors });

export const isRejection = (value: unknown): value is OrderRejection =>
  typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'rejected';

/**
 * Runs `work` in one transaction and commits what it returns, unless that is a rejection: then
 * everything it wrote is rolled back and the rejection returned as it is. drizzle rolls a
 * transaction back only on a throw, so that throw is here, once, and never leaves this function.
 */
export async function transactionUnlessRejected<T>(db: Database, work: (tx: Database) => Promise<T | OrderRejection>): Promise<T | OrderRejection> {
  let rejected: OrderRejection | null = null;
  try {
    return await db.transaction(async (tx) => {
      const result = await work(tx);
      if (isRejection(result)) {
        rejected = result;
        tx.rollback();
      }
      return result;
    });
  } catch (error) {
    if (rejected !== null && error instanceof TransactionRollbackError) return rejected;
    throw error;
  }
}
