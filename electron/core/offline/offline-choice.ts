/**
 * What the offline copy carries (see docs/offline-database.md, "Choosing what to carry"): the whole
 * catalog, or only the products of chosen suppliers. Runs in the offline worker, beside the
 * service's database: the choice is kept in its `meta` table (one choice per service, as the
 * catalog it governs is one per service), the catalog writes of a sync ask `keeps` before they
 * store a product, and a narrower choice removes the products of the suppliers left out at once.
 */
import { rmSync } from 'node:fs';
import { OfflineChoice, keepsSupplier, type OfflineChoiceView, type SearchCoverage, type SizeBasis } from '../../../shared/bridge/offline-choice';
import type { Supplier } from '../../../shared';
import type { SqliteConstructor, SqliteDatabase, SqliteStatement } from './sqlite-driver';

const CHOICE_KEY = 'offline_choice';
const ALL: OfflineChoice = { keep: 'all' };

/**
 * The bytes a product takes in the offline database, used before anything is stored to measure:
 * 2,000 products of the test catalog synced through the change feed (each with its detail and
 * search index), the database's used pages over its products: 1,688 (the test "measures the bytes
 * a product takes" in test/electron/offline/offline-choice.test.ts prints it). Once products are
 * stored, the copy's own figure is used instead.
 */
export const TYPICAL_BYTES_PER_PRODUCT = 1_700;

/**
 * Removing more than this share of the database's used pages gives the file's space back to the
 * disk at once (VACUUM); below it the free pages are reused by the next writes.
 */
export const VACUUM_SHARE = 0.2;

/**
 * VACUUM rebuilds the database from what is kept and holds the offline worker (searches wait) while
 * it does: only when what is kept is at most this size (measured: see docs/offline-database.md).
 * Above it the free pages stay in the file, reused by later syncs; "Clear offline copy" frees all.
 */
export const VACUUM_MAX_KEPT_BYTES = 64 * 1024 * 1024;

/** Products removed per transaction when a supplier is left out: searches are answered between batches. */
export const REMOVAL_BATCH = 500;

type Sql = (text: string) => SqliteStatement;

/** The stored choice; a row that cannot be read keeps everything (what the app did before choices). */
export function readChoice(sql: Sql): OfflineChoice {
  const text = sql('SELECT value FROM meta WHERE key = ?').pluck().get(CHOICE_KEY) as string | undefined;
  if (text === undefined) return ALL;
  try {
    const parsed = OfflineChoice.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : ALL;
  } catch {
    return ALL;
  }
}

export function writeChoice(sql: Sql, choice: OfflineChoice): void {
  if (choice.keep === 'all') sql('DELETE FROM meta WHERE key = ?').run(CHOICE_KEY);
  else sql('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(CHOICE_KEY, JSON.stringify(choice));
}

/**
 * The narrowed choice kept in a database file that was set aside as damaged, read from the file
 * alone (its write-ahead log is not kept with it), so the copy rebuilt in its place carries the same
 * suppliers and not the whole catalog. Null when it kept everything, or when the damage reaches what
 * this reads: the rebuilt copy then keeps everything until the buyer chooses again. The log and
 * shared-memory files SQLite makes beside a file it opens in WAL mode go once it is read.
 */
export function narrowedChoiceInFile(Driver: SqliteConstructor, file: string): OfflineChoice | null {
  let db: SqliteDatabase | null = null;
  try {
    db = new Driver(file, { readonly: true, fileMustExist: true });
    const opened = db;
    const choice = readChoice((text) => opened.prepare(text));
    return choice.keep === 'all' ? null : choice;
  } catch {
    // Damaged where the choice is kept: nothing to carry.
    return null;
  } finally {
    db?.close();
    for (const suffix of ['-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  }
}

const WIDENED_KEY = 'offline_choice_widened';

/**
 * A supplier was added while a feed read may be under way: the pages that read writes keep the
 * new choice, but those it wrote before did not, so its cursor must not be kept. Set when the choice
 * widens, cleared when a read of the feed from nothing starts (it brings every product again).
 */
export const widenedPending = {
  mark: (sql: Sql) => void sql('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(WIDENED_KEY, '1'),
  isSet: (sql: Sql) => sql('SELECT value FROM meta WHERE key = ?').pluck().get(WIDENED_KEY) !== undefined,
  clear: (sql: Sql) => void sql('DELETE FROM meta WHERE key = ?').run(WIDENED_KEY),
};

/** Whether `after` keeps a supplier `before` did not: their products must then be downloaded. */
export function widens(before: OfflineChoice, after: OfflineChoice): boolean {
  if (after.keep === 'all') return before.keep !== 'all';
  if (before.keep === 'all') return false;
  return after.supplierIds.some((id) => !before.supplierIds.includes(id));
}

/** Whether `after` leaves out a supplier `before` kept: their products are then removed. */
export function narrows(before: OfflineChoice, after: OfflineChoice): boolean {
  return widens(after, before);
}

/** The choice as the catalog writes read it: asked once per product, so kept as a set. */
export function createChoiceHolder(sql: Sql) {
  let choice = readChoice(sql);
  let kept = choice.keep === 'all' ? null : new Set(choice.supplierIds);
  return {
    current: () => choice,
    keeps: (supplierId: string) => kept === null || kept.has(supplierId),
    /** Saves the choice (inside the caller's transaction) and applies it to the writes that follow. */
    save(next: OfflineChoice) {
      writeChoice(sql, next);
      choice = next;
      kept = next.keep === 'all' ? null : new Set(next.supplierIds);
    },
    /** Read again from the database (after a transaction that saved it was rolled back). */
    reload() {
      choice = readChoice(sql);
      kept = choice.keep === 'all' ? null : new Set(choice.supplierIds);
    },
  };
}
export type ChoiceHolder = ReturnType<typeof createChoiceHolder>;

/**
 * Each supplier's size offline, estimated as its product count (as the service counts them) ×
 * the bytes a product takes: measured in this database when it holds products, else typical.
 */
export function choiceView(input: { choice: OfflineChoice; suppliers: Pick<Supplier, 'id' | 'name' | 'total_products'>[]; usedBytes: number; productsKept: number }): OfflineChoiceView {
  const basis: SizeBasis = input.productsKept > 0 ? 'stored' : 'typical';
  const bytesPerProduct = basis === 'stored' ? Math.round(input.usedBytes / input.productsKept) : TYPICAL_BYTES_PER_PRODUCT;
  const suppliers = input.suppliers.map((supplier) => ({
    id: supplier.id,
    name: supplier.name,
    products: supplier.total_products,
    kept: keepsSupplier(input.choice, supplier.id),
    estimatedBytes: supplier.total_products * bytesPerProduct,
  }));
  const sum = (list: typeof suppliers) => list.reduce((total, supplier) => total + supplier.estimatedBytes, 0);
  return {
    choice: input.choice,
    suppliers,
    bytesPerProduct,
    basis,
    allBytes: sum(suppliers),
    choiceBytes: sum(suppliers.filter((supplier) => supplier.kept)),
    productsKept: input.productsKept,
  };
}

/**
 * What a search covered: null when the whole catalog is kept. `productsKept` and `suppliers` are
 * read only after that, once each: a caller may pass them as getters, so every search that keeps
 * the whole catalog reads neither.
 */
export function coverageOf(input: { choice: OfflineChoice; productsKept: number; suppliers: Pick<Supplier, 'total_products'>[] }): SearchCoverage | null {
  if (input.choice.keep === 'all') return null;
  const { productsKept, suppliers } = input;
  return {
    suppliersKept: input.choice.supplierIds.length,
    productsKept,
    productsInCatalog: suppliers.length > 0 ? suppliers.reduce((total, supplier) => total + supplier.total_products, 0) : null,
  };
}
