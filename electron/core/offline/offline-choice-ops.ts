/**
 * The offline worker's operations on what a service's offline copy carries (offline-choice.ts):
 * read it with each supplier's estimated size, change it, and say what a search covered.
 */
import type { OfflineChoice, OfflineChoiceView, SearchCoverage } from '../../../shared/bridge/offline-choice';
import type { Supplier } from '../../../shared';
import { VACUUM_MAX_KEPT_BYTES, VACUUM_SHARE, choiceView, coverageOf, narrows, widenedPending, widens } from './offline-choice';
import { PUBLIC } from './offline-schema';
import type { ServiceDatabase } from './service-database';
import { inlineCheckpoints, type WalCheckpoints } from './wal-checkpoints';

const REMOVAL_KEY = 'offline_choice_removing';

/** What saving a choice started. */
export interface ChoiceSaved {
  /** Products of suppliers left out are to be removed (`removeLeftOut` until done, then `finishChoiceRemoval`). */
  removing: boolean;
  /** A supplier was added: the next sync reads the catalog again in full (the feed from nothing, or every list page). */
  widened: boolean;
}

/** One batch of a removal. */
export interface RemovalStep {
  removed: number;
  /** The position to go on after. */
  lastPos: number;
  done: boolean;
}

/**
 * `exclusive` runs what must not meet a checkpoint of the checkpoint thread (wal-checkpoints.ts):
 * the log's truncation after a VACUUM, which a checkpoint under way would leave undone.
 */
export function createOfflineChoiceOps(
  database: Pick<ServiceDatabase, 'db' | 'sql' | 'transaction' | 'index' | 'choice' | 'removeProduct' | 'countDetails' | 'catalogTransaction' | 'readList'>,
  exclusive: WalCheckpoints['exclusive'] = inlineCheckpoints.exclusive,
) {
  const { db, sql, choice } = database;
  /** A removal under way, kept in `meta` (with the used bytes before it) so one cut short goes on. */
  const removal = {
    pending: () => {
      const value = sql('SELECT value FROM meta WHERE key = ?').pluck().get(REMOVAL_KEY) as string | undefined;
      return value === undefined ? null : Number(value);
    },
    mark: (usedBefore: number) => void sql('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(REMOVAL_KEY, String(usedBefore)),
    clear: () => void sql('DELETE FROM meta WHERE key = ?').run(REMOVAL_KEY),
  };

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
   * Saves the choice; when it leaves out a supplier, marks the removal of its products as pending
   * (with the used bytes before it, to say how much it freed); when it adds one, forgets the feed's
   * cursor and the list pages' ETags so the next sync reads the whole catalog again.
   */
  const saveChoice = database.transaction((next: OfflineChoice): ChoiceSaved => {
    const before = choice.current();
    choice.save(next);
    const removing = narrows(before, next) || removal.pending() !== null;
    if (removing && removal.pending() === null) removal.mark(usedBytes());
    const widened = widens(before, next);
    if (widened) {
      sql('UPDATE datasets SET cursor = NULL WHERE account = ? AND name = ?').run(PUBLIC, 'catalog');
      sql('DELETE FROM list_pages WHERE account = ? AND dataset = ?').run(PUBLIC, 'catalog');
      widenedPending.mark(sql);
    }
    return { removing, widened };
  });
  function setOfflineChoice(next: OfflineChoice): ChoiceSaved {
    try {
      return saveChoice(next);
    } catch (error) {
      // Rolled back: the writes that follow go on with the choice as it was.
      choice.reload();
      throw error;
    }
  }

  /**
   * One batch of the pending removal, in one transaction: up to `limit` products (with their
   * details) of suppliers the choice leaves out, after position `afterPos`. Batches keep the worker
   * free for searches between them; the last one saves the datasets' sizes.
   */
  const removeLeftOut = database.catalogTransaction((afterPos: number, limit: number): RemovalStep => {
    const current = choice.current();
    const keptIds = current.keep === 'all' ? null : current.supplierIds;
    const rows = (
      keptIds === null
        ? []
        : sql("SELECT pos, id FROM products WHERE pos > ? AND json_extract(json, '$.supplier.id') NOT IN (SELECT value FROM json_each(?)) ORDER BY pos LIMIT ?").raw().all(afterPos, JSON.stringify(keptIds), limit)
    ) as [number, string][];
    // Through the database, which removes each product's detail with it and keeps its count of details.
    for (const [pos] of rows) database.removeProduct(pos);
    const done = rows.length < limit;
    if (done) {
      const count = (table: string) => sql(`SELECT count(*) FROM ${table}`).pluck().get() as number;
      sql('UPDATE datasets SET count = ? WHERE account = ? AND name = ?').run(count('products'), PUBLIC, 'catalog');
      sql('UPDATE datasets SET count = ? WHERE account = ? AND name = ?').run(database.countDetails(), PUBLIC, 'productDetails');
    }
    return { removed: rows.length, lastPos: rows.at(-1)?.[0] ?? afterPos, done };
  });

  /**
   * After the last batch: how much the removal freed, and the space given back to the disk
   * (VACUUM) when it freed a large share of a database small enough to rebuild quickly.
   */
  function finishChoiceRemoval(): { freedBytes: number; vacuumed: boolean } {
    const before = removal.pending();
    if (before === null) return { freedBytes: 0, vacuumed: false };
    const after = usedBytes();
    const freedBytes = Math.max(0, before - after);
    const vacuumed = before > 0 && freedBytes / before > VACUUM_SHARE && after <= VACUUM_MAX_KEPT_BYTES;
    if (vacuumed) {
      db.exec('VACUUM');
      // WAL mode writes the rebuilt database through the log: truncated, so the disk gets the space
      // back. Not while the thread checkpoints: the truncation would find the log busy and leave it.
      exclusive(() => db.pragma('wal_checkpoint(TRUNCATE)'));
    }
    removal.clear();
    return { freedBytes, vacuumed };
  }

  function searchCoverage(): SearchCoverage | null {
    // Read only when a choice of suppliers is kept: the whole catalog offline needs no count, so a
    // start's first search does not wait for the search index (first-browse.ts).
    return coverageOf({
      choice: choice.current(),
      get productsKept() {
        return database.index.live;
      },
      // Read only when a choice of suppliers is kept, as the count: every search asks.
      get suppliers() {
        return suppliers();
      },
    });
  }

  return {
    offlineChoice: () => choice.current(),
    offlineChoiceView,
    setOfflineChoice,
    removeLeftOut,
    finishChoiceRemoval,
    choiceRemovalPending: () => removal.pending() !== null,
    searchCoverage,
  };
}
export type OfflineChoiceOps = ReturnType<typeof createOfflineChoiceOps>;
