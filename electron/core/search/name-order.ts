/**
 * Every product's place in name order as a 32-bit number (the `rank` column), so sorting by name
 * (and breaking ties of any other sort by name) compares numbers instead of reading names. The
 * names themselves are ordered by SQLite's index on `products.name_key`; a product added or renamed
 * gets a number between its neighbours' in that index. When there is no room between them, a
 * window of neighbours around it is numbered again, evenly, growing until its numbers are sparse
 * enough for its size (`leastSpacing`: the list-labelling of order-maintenance structures): the work
 * is a few index reads a product, and numbering the whole catalog again is rare.
 */
import type { SqliteStatement } from '../offline/sqlite-driver';

type Sql = (text: string) => SqliteStatement;

/** One past the largest rank. */
const RANK_END = 2 ** 32;

/**
 * Orders two name keys as the name index does (SQLite's BINARY collation: their UTF-8 bytes, so
 * code point by code point). JavaScript's `<` compares UTF-16 code units, which puts a character
 * past U+FFFF (two surrogates, U+D800–U+DFFF) before one of U+E000–U+FFFF: past the first unit
 * that differs, both are moved so that surrogates come last.
 */
export function compareNameKeys(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index += 1) {
    const left = a.charCodeAt(index);
    const right = b.charCodeAt(index);
    if (left !== right) return inCodePointOrder(left) - inCodePointOrder(right);
  }
  return a.length - b.length;
}

/** A UTF-16 code unit moved so that code units compare as the code points they belong to. */
const inCodePointOrder = (unit: number) => (unit >= 0xe000 ? unit - 0x800 : unit >= 0xd800 ? unit + 0x2000 : unit);

/**
 * How far apart, on average, the numbers of a window of `size` neighbours (both sides together)
 * numbered again must be in a catalog of `total`: `spacing` (the whole catalog's, with room to
 * double) times √(size / total), so the wider the window, the sparser (the density thresholds of
 * order-maintenance structures: Itai, Konheim and Rodeh; Bender et al.). A window numbered again
 * then leaves room in it and in the narrower windows within it, and the next crowding near it
 * numbers a window of about its size. With one threshold for every size (a quarter of `spacing`),
 * each window was left as crowded as that allowed, the next crowding near it had to number a wider
 * one, and so on: a first sync of a million products numbered about 270,000 again in one write
 * (docs/benchmarks.md, "`bench/name-order.ts`").
 */
const leastSpacing = (size: number, total: number, spacing: number) => Math.max(2, Math.floor(spacing * Math.min(1, Math.sqrt(size / Math.max(total, 1)))));

export interface Named {
  position: number;
  nameKey: string;
}

interface Neighbour {
  position: number;
  nameKey: string;
}

export interface NameOrderColumns {
  rank(position: number): number;
  setRank(position: number, rank: number): void;
}

export function createNameOrder(sql: Sql, columns: NameOrderColumns) {
  /**
   * Ranked neighbours of `key` in name order, nearest first, leaving out `skip` (products being
   * placed): up to `count` of them, and whether the index ended before that.
   */
  function neighbours(key: string, direction: 'before' | 'after', count: number, skip: ReadonlySet<number>): { found: Neighbour[]; ended: boolean } {
    const statement =
      direction === 'before'
        ? sql('SELECT pos, name_key FROM products WHERE name_key < ? ORDER BY name_key DESC LIMIT ?')
        : sql('SELECT pos, name_key FROM products WHERE name_key > ? ORDER BY name_key LIMIT ?');
    const found: Neighbour[] = [];
    let from = key;
    let batch = count;
    for (;;) {
      const rows = statement.raw().all(from, batch) as [number, string][];
      for (const [position, nameKey] of rows) {
        if (skip.has(position)) continue;
        found.push({ position, nameKey });
        if (found.length === count) return { found, ended: false };
      }
      if (rows.length < batch) return { found, ended: true };
      from = rows.at(-1)![1];
      batch *= 2;
    }
  }

  /**
   * The nearest ranked products before and after `key` in name order, leaving out `skip`: both read
   * by one statement (a new product's place is asked for each product a sync writes; two statements
   * of four rows each took a fifth of a bootstrap page's write), the loop above only for a side whose
   * nearest is being placed too.
   */
  function nearest(key: string, skip: ReadonlySet<number>): { before: Neighbour | null; after: Neighbour | null } {
    const rows = sql(
      'SELECT 0, * FROM (SELECT pos, name_key FROM products WHERE name_key < ? ORDER BY name_key DESC LIMIT 1) UNION ALL SELECT 1, * FROM (SELECT pos, name_key FROM products WHERE name_key > ? ORDER BY name_key LIMIT 1)',
    )
      .raw()
      .all(key, key) as [0 | 1, number, string][];
    let before: Neighbour | null | undefined = null;
    let after: Neighbour | null | undefined = null;
    for (const [side, position, nameKey] of rows) {
      const neighbour = skip.has(position) ? undefined : { position, nameKey };
      if (side === 0) before = neighbour;
      else after = neighbour;
    }
    return {
      before: before === undefined ? (neighbours(key, 'before', 1, skip).found[0] ?? null) : before,
      after: after === undefined ? (neighbours(key, 'after', 1, skip).found[0] ?? null) : after,
    };
  }

  /** Ranks `count` products evenly between `low` and `high` (exclusive), at most `spacing` apart. */
  function spread(positions: number[], low: number, high: number, spacing: number) {
    const count = positions.length;
    const step = Math.max(1, Math.min(spacing, Math.floor((high - low) / (count + 1))));
    // At the end of the list the new ones follow the last; at its start they come right before the
    // first; between two they sit in the middle of the gap, leaving room on both sides.
    const start = high === RANK_END ? low : low === -1 ? high - step * (count + 1) : low + Math.floor((high - low - step * (count + 1)) / 2);
    positions.forEach((position, index) => columns.setRank(position, start + step * (index + 1)));
  }

  /**
   * Places products added or renamed (their rows already written, with their new name keys) among
   * the others. `ranked` is how many products are ranked besides them.
   */
  function place(products: readonly Named[], ranked: number) {
    if (products.length === 0) return;
    const sorted = [...products].sort((a, b) => compareNameKeys(a.nameKey, b.nameKey));
    const pending = new Set(sorted.map((product) => product.position));
    const total = ranked + sorted.length;
    /** The spacing the whole catalog would have, numbered evenly with room to double. */
    const spacing = Math.max(1, Math.floor(RANK_END / Math.max(2 * total, 1 << 20)));
    let next = 0;
    while (next < sorted.length) {
      const first = sorted[next]!;
      const { before, after } = nearest(first.nameKey, pending);
      let end = next + 1;
      while (end < sorted.length && (after === null || compareNameKeys(sorted[end]!.nameKey, after.nameKey) < 0)) end += 1;
      const group = sorted.slice(next, end).map((product) => product.position);
      const low = before ? columns.rank(before.position) : -1;
      const high = after ? columns.rank(after.position) : RANK_END;
      if (high - low - 1 >= group.length) spread(group, low, high, spacing);
      else renumberAround(group, first.nameKey, sorted[end - 1]!.nameKey, pending, spacing, total);
      for (const position of group) pending.delete(position);
      next = end;
    }
  }

  /**
   * Numbers again a window of ranked products around `group` (which has no room between its
   * neighbours), widening it until the window's numbers are at least `leastSpacing` apart on
   * average, or it spans the whole catalog.
   */
  function renumberAround(group: number[], firstKey: string, lastKey: string, pending: ReadonlySet<number>, spacing: number, total: number) {
    for (let reach = 8; ; reach *= 2) {
      const left = neighbours(firstKey, 'before', reach + 1, pending);
      const right = neighbours(lastKey, 'after', reach + 1, pending);
      const leftIn = left.found.slice(0, reach);
      const rightIn = right.found.slice(0, reach);
      const low = left.found.length > reach ? columns.rank(left.found[reach]!.position) : -1;
      const high = right.found.length > reach ? columns.rank(right.found[reach]!.position) : RANK_END;
      const window = [...leftIn.reverse().map((item) => item.position), ...group, ...rightIn.map((item) => item.position)];
      const whole = low === -1 && high === RANK_END;
      if (whole || (high - low - 1) / (window.length + 1) >= leastSpacing(2 * reach, total, spacing)) {
        const step = Math.floor((high - low) / (window.length + 1));
        if (step < 1) throw new Error('the catalog has more products than name ranks');
        window.forEach((position, index) => columns.setRank(position, low + step * (index + 1)));
        return;
      }
    }
  }

  return { place };
}
