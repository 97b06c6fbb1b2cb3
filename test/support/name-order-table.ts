/**
 * The name order (electron/core/search/name-order.ts) over a products table holding only its name
 * index, in memory, with the ranks in an array: what a test or a benchmark of the name order alone
 * writes pages of names into.
 */
import { loadBetterSqlite3, type SqliteStatement } from '../../electron/core/offline/sqlite-driver';
import { createNameOrder, type Named } from '../../electron/core/search/name-order';

/**
 * A name key of a crowd growing in one place: even positions sort right before every earlier even
 * one (each page's land where the last page's did), odd ones spread elsewhere.
 */
export const crowdingNameKey = (position: number) => (position % 2 === 0 ? `m ${1e9 - position}\u0000p${position}` : `a ${position}\u0000p${position}`);

export function nameOrderTable(capacity: number) {
  const db = new (loadBetterSqlite3())(':memory:');
  db.exec('CREATE TABLE products (pos INTEGER PRIMARY KEY, name_key TEXT NOT NULL); CREATE INDEX products_name ON products (name_key);');
  const statements = new Map<string, SqliteStatement>();
  const sql = (text: string) => statements.get(text) ?? statements.set(text, db.prepare(text)).get(text)!;
  const ranks = new Uint32Array(capacity + 1);
  let numbered = 0;
  const order = createNameOrder(sql, {
    rank: (position) => ranks[position]!,
    setRank: (position, rank) => {
      ranks[position] = rank;
      numbered += 1;
    },
  });
  const insert = db.prepare('INSERT INTO products (pos, name_key) VALUES (?, ?)');
  /** Inserts a page of names after `ranked` others and places them, in one transaction. */
  const writePage = db.transaction((page: readonly Named[], ranked: number) => {
    for (const { position, nameKey } of page) insert.run(position, nameKey);
    const before = numbered;
    const started = performance.now();
    order.place(page, ranked);
    return { renumbered: numbered - before - page.length, placingMs: performance.now() - started };
  });
  return {
    /** Writes a page: how many products already ranked it numbered again, and the time placing took. */
    write: (page: readonly Named[], ranked: number): { renumbered: number; placingMs: number } => writePage(page, ranked),
    /** Whether the ranks follow the name index's order. */
    inIndexOrder(): boolean {
      const byIndex = db.prepare('SELECT pos FROM products ORDER BY name_key').pluck().all() as number[];
      return byIndex.every((position, index) => index === 0 || ranks[byIndex[index - 1]!]! < ranks[position]!);
    },
  };
}
