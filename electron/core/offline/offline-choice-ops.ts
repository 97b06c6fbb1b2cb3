/**
 * The offline worker's operations on what a service's offline copy carries (offline-choice.ts):
 * read it with each supplier's estimated size, change it, and say what a search covered.
 */
import type { OfflineChoice, OfflineChoiceView, SearchCoverage } from '../../../shared/bridge/offline-choice';
import type { Supplier } from '../../../shared';
import { VACUUM_SHARE, choiceView, coverageOf, narrows, widenedPending, widens } from './offline-choice';
import { PUBLIC } from './offline-schema';
import type { ServiceDatabase } from './service-database';

/** What changing the choice did. */
export interface ChoiceChange {
  view: OfflineChoiceView;
  /** Products removed from the offline copy (their suppliers were left out). */
  removed: number;
  /** The database's used bytes before less after: given back to the disk when `vacuumed`, else reused by later writes. */
  freedBytes: number;
  vacuumed: boolean;
  /** A supplier was added: the next sync reads the catalog again in full (the feed from nothing, or every list page). */
  widened: boolean;
}

export function createOfflineChoiceOps(database: Pick<ServiceDatabase, 'db' | 'sql' | 'index' | 'choice' | 'removeProduct' | 'catalogTransaction' | 'readList'>) {
  const { db, sql, choice } = database;

  const usedBytes = () => {
    const pages = db.pragma('page_count', { simple: true }) as number;
    const free = db.pragma('freelist_count', { simple: true }) as number;
    return (pages - free) * (db.pragma('page_size', { simple: true }) as number);
  };
  const suppliers = () => database.readList<Supplier>('suppliers', PUBLIC);

  function offlineChoiceView(): OfflineChoiceView {
    return choiceView({ choice: choice.current(), suppliers: suppliers(), usedBytes: usedBytes(), productsKept: database.index.live });
  }

  /**
   * Saves the choice and, in the same transaction, removes the products (and details) of the
   * suppliers it leaves out; when it adds one, forgets the feed's cursor and the list pages'
   * ETags so the next sync reads the whole catalog again and keeps the new suppliers' products.
   */
  const apply = database.catalogTransaction((next: OfflineChoice) => {
    const before = choice.current();
    choice.save(next);
    let removed = 0;
    if (narrows(before, next)) {
      const keptIds = next.keep === 'all' ? [] : next.supplierIds;
      const rows = sql("SELECT pos, id FROM products WHERE json_extract(json, '$.supplier.id') NOT IN (SELECT value FROM json_each(?))").raw().all(JSON.stringify(keptIds)) as [number, string][];
      const dropDetail = sql('DELETE FROM product_details WHERE id = ?');
      for (const [pos, id] of rows) {
        database.removeProduct(pos);
        dropDetail.run(id);
      }
      removed = rows.length;
      const count = (table: string) => sql(`SELECT count(*) FROM ${table}`).pluck().get() as number;
      sql('UPDATE datasets SET count = ? WHERE account = ? AND name = ?').run(count('products'), PUBLIC, 'catalog');
      sql('UPDATE datasets SET count = ? WHERE account = ? AND name = ?').run(count('product_details'), PUBLIC, 'productDetails');
    }
    const widened = widens(before, next);
    if (widened) {
      sql('UPDATE datasets SET cursor = NULL WHERE account = ? AND name = ?').run(PUBLIC, 'catalog');
      sql('DELETE FROM list_pages WHERE account = ? AND dataset = ?').run(PUBLIC, 'catalog');
      widenedPending.mark(sql);
    }
    return { removed, widened };
  });

  function setOfflineChoice(next: OfflineChoice): ChoiceChange {
    const before = usedBytes();
    let outcome: { removed: number; widened: boolean };
    try {
      outcome = apply(next);
    } catch (error) {
      if (!db.inTransaction) choice.reload();
      throw error;
    }
    const after = usedBytes();
    const freedBytes = Math.max(0, before - after);
    // Give the space back when a large part went; WAL mode writes the copy to the log, so it is truncated after.
    const vacuumed = outcome.removed > 0 && before > 0 && freedBytes / before > VACUUM_SHARE;
    if (vacuumed) {
      db.exec('VACUUM');
      db.pragma('wal_checkpoint(TRUNCATE)');
    }
    return { view: offlineChoiceView(), removed: outcome.removed, freedBytes, vacuumed, widened: outcome.widened };
  }

  function searchCoverage(): SearchCoverage | null {
    return coverageOf({ choice: choice.current(), productsKept: database.index.live, suppliers: suppliers() });
  }

  return { offlineChoice: () => choice.current(), offlineChoiceView, setOfflineChoice, searchCoverage };
}
export type OfflineChoiceOps = ReturnType<typeof createOfflineChoiceOps>;
