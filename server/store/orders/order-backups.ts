import { asc, inArray } from 'drizzle-orm';
import { quantityProblems, type CreateOrderBody, type SubstitutionReason } from '../../../shared';
import type { Database } from '../../db/database';
import { products } from '../../db/schema';
import type { OrderRejection } from '../types';
import { rejection } from './order-rejection';
import { splitCaseOf, type OrderLine, type TermsProductRow } from './order-terms';

/**
 * Backups (issue 26 point 4): an order line may name a product of the same supplier to send instead
 * when its own product cannot fill it. The rules of what a line may name are here, once; the
 * stock is taken by place-order.ts with the same conditional updates as every line.
 */

/** The backup each line names, by the line's position in the request. */
export function backupsOf(body: CreateOrderBody): Map<number, string> {
  const backups = new Map<number, string>();
  body.items.forEach((item, index) => {
    if (item.backup_product_id !== undefined) backups.set(index, item.backup_product_id);
  });
  return backups;
}

const backupPointer = (index: number) => `/items/${index}/backup_product_id`;

/**
 * Refuses (422 invalid_backup, every line that breaks a rule, each by its pointer) a backup that does
 * not exist, that another supplier sells, that is the line's own product, that another line orders,
 * or that two lines name (both could be sent, and an order lists a product once per unit).
 */
export function checkBackups(
  lines: readonly OrderLine[],
  backups: ReadonlyMap<number, string>,
  found: ReadonlyMap<string, TermsProductRow>,
  supplierId: string,
): OrderRejection | null {
  const ordered = new Set(lines.map((line) => line.productId));
  const named = new Map<string, number>();
  for (const backupId of backups.values()) named.set(backupId, (named.get(backupId) ?? 0) + 1);
  const errors: Array<{ pointer: string; detail: string }> = [];
  for (const line of lines) {
    const backupId = backups.get(line.index);
    if (backupId === undefined) continue;
    const backup = found.get(backupId);
    const detail =
      backupId === line.productId
        ? 'is the product of this line: a backup must be another product'
        : !backup
          ? `no such product ${backupId}`
          : backup.supplierId !== supplierId
            ? `is not sold by ${supplierId}: a backup must come from the order’s supplier`
            : ordered.has(backupId)
              ? 'is ordered by another line of this order: choose another backup or change that line'
              : (named.get(backupId) ?? 0) > 1
                ? 'is the backup of another line too: each line needs its own backup'
                : null;
    if (detail !== null) errors.push({ pointer: backupPointer(line.index), detail });
  }
  if (errors.length === 0) return null;
  return rejection(422, 'invalid_backup', `${errors.length === 1 ? 'A backup product is' : 'Some backup products are'} not allowed.`, errors);
}

/**
 * Locks the rows of the order's products and backups, in product id order, before any stock is
 * taken: a backup is taken in the middle of the lines, and without this two orders could each
 * hold one product the other's backup needs (a deadlock on PostgreSQL). Only orders that name a
 * backup pay for it; the others keep the order of the conditional updates alone.
 */
export async function lockProductRows(tx: Database, productIds: readonly string[]): Promise<void> {
  await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, [...new Set(productIds)]))
    .orderBy(asc(products.id))
    .for('update');
}

/** Why the backup of a line cannot take its quantity, apart from its stock; null when it can. */
export function backupQuantityProblem(line: OrderLine, backup: TermsProductRow, splitCaseFeeCents: number | null): string | null {
  const [problem] = quantityProblems(
    { cases: line.unit === 'bottle' ? 0 : line.quantity, bottles: line.unit === 'bottle' ? line.quantity : 0 },
    {
      minimumOrder: backup.minimumOrder,
      // Stock is the conditional update's to decide; here only the other rules count.
      inventoryAvailable: Number.MAX_SAFE_INTEGER,
      packSize: backup.packSize,
      splitCase: splitCaseOf(backup, splitCaseFeeCents),
    },
  );
  return problem ? `its backup ${backup.name} ${problem.detail}` : null;
}

export const substitutionReason = (available: number): SubstitutionReason => (available === 0 ? 'out_of_stock' : 'not_enough_stock');
