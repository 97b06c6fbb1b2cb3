import type { CartLine } from './cartStore';

/** The backup a cart line names (issue 26): sent instead by the service when the line's wine cannot be filled. */
export interface CartBackup {
  productId: string;
  /** The wine's name as shown (with vintage and size), kept so the line reads offline. */
  name: string;
  casePriceCents: number;
}

/**
 * Why a line's backup cannot go with the order, in plain words; null when it can. The service
 * refuses a backup that another line orders or that two lines name, so such a backup is left out
 * of the order and the line says so until the buyer chooses another.
 */
export function backupConflict(line: CartLine, groupLines: readonly CartLine[]): string | null {
  const backup = line.backup;
  if (!backup) return null;
  if (groupLines.some((other) => other.productId === backup.productId)) {
    return `${backup.name} is in the cart as its own line, so it cannot be this wine's backup: choose another.`;
  }
  const first = groupLines.find((other) => other.backup?.productId === backup.productId);
  if (first && first.productId !== line.productId) {
    return `${backup.name} is already the backup of another line: choose another.`;
  }
  return null;
}

/** The products a line may not take as its backup: the supplier's other lines and the other lines' backups. */
export function backupExclusions(line: CartLine, groupLines: readonly CartLine[]): Set<string> {
  const excluded = new Set<string>();
  for (const other of groupLines) {
    excluded.add(other.productId);
    if (other.productId !== line.productId && other.backup) excluded.add(other.backup.productId);
  }
  return excluded;
}

/** The order item's backup field for a line, when the service takes backups and the line's backup can go. */
export function backupField(line: CartLine, groupLines: readonly CartLine[], offered: boolean): { backup_product_id?: string } {
  if (!offered || !line.backup || backupConflict(line, groupLines) !== null) return {};
  return { backup_product_id: line.backup.productId };
}

const BACKUP_POINTER = /^\/items\/([0-9]+)\/backup_product_id$/;

/**
 * The backup of item `index` of an order sent back for review, to send again with it: kept as the
 * buyer chose it, unless the service refused that backup (a field error at its pointer), which the
 * review shows next to the line.
 */
export function backupToSendAgain(
  item: { backup_product_id?: string | undefined },
  index: number,
  fields: readonly { pointer: string }[],
): { backup_product_id?: string } {
  const refused = fields.some((field) => Number(BACKUP_POINTER.exec(field.pointer)?.[1] ?? -1) === index);
  return item.backup_product_id !== undefined && !refused ? { backup_product_id: item.backup_product_id } : {};
}
