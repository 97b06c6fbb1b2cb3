/**
 * A sorted page read from a kept order (key-orders.ts) instead of a pass over every hit: the
 * order's entries are read best first and the page's heap is full after about `page × catalog /
 * hits` of them, when no entry after can enter it. Also a price range's counts read from its
 * stretch of the price order instead of every product. Both are for queries counted by
 * combinations of facet values (hit-pass.ts `GroupPass`: a hit passes when its combination passes
 * and it passes the price range and favourites).
 *
 * A position changed since the order was made is skipped where the order holds it and read apart,
 * first, with its values of now: the order's other entries still hold their keys and are live.
 */
import { SortKeys, type GroupPass } from './hit-pass';
import type { KeyOrder } from './key-orders';

/** How a page is read from an order. */
export interface OrderWalk {
  order: KeyOrder;
  /** The stretch of `order.positions` read: [from, to). */
  from: number;
  to: number;
  /** Read from `to` back to `from` (a descending sort over an ascending order). */
  descending: boolean;
  /**
   * false: the order is by the sort's key (`keys`, ties by rank), so entries come in the page's
   * order. true: the order is by name rank, and no entry's key is below `bestKey`.
   */
  byRank: boolean;
  bestKey: number;
  /** The column the order is by (for a descending walk's runs of one key). */
  keys: Uint32Array;
}

const hasBit = (bitmap: Uint32Array, position: number) => (bitmap[position >>> 5]! & (1 << (position & 31))) !== 0;

/** Whether the hit at `position` passes every filter of the pass (the test `runGroupPass` makes). */
function passes(pass: GroupPass, groups: number, ownFilters: boolean, position: number): boolean {
  if (position >= pass.groupOf.length || position >= pass.capacity) return false;
  if (pass.match !== null && !hasBit(pass.match, position)) return false;
  const group = pass.groupOf[position]!;
  if (group >= groups || pass.failures[group] !== 0) return false;
  if (ownFilters) {
    const cents = pass.columns.price[position]!;
    if (cents < pass.minPrice || cents > pass.maxPrice || (pass.only !== null && !hasBit(pass.only, position))) return false;
  }
  return true;
}

/**
 * Fills the pass's heap from `walk`: every changed position that passes, then the stretch's entries
 * in turn. Stops when no later entry can enter the full heap, when all `passing` hits (the query's
 * total) were met, or after `maxSteps` entries: then it returns false and the heap holds only part
 * of what it should (the caller fills a new one another way).
 */
export function walkOrder(pass: GroupPass, walk: OrderWalk, passing: number, maxSteps: number): boolean {
  const { top, skip } = pass;
  if (top === null) return true;
  const { rank } = pass.columns;
  const keys = new SortKeys(pass);
  const groups = pass.failures.length;
  const ownFilters = pass.minPrice > 0 || pass.maxPrice !== Number.POSITIVE_INFINITY || pass.only !== null;
  const { positions, changed, changedList } = walk.order;
  let met = 0;
  for (const position of changedList) {
    if (!passes(pass, groups, ownFilters, position)) continue;
    met += 1;
    if (skip === null || !skip.has(position)) top.offer(position, keys.of(position), rank[position]!);
  }
  const { from, to, descending, byRank, bestKey } = walk;
  let steps = 0;
  /** Reads entries [start, end) forwards; true when the walk is over (page full, every hit met, or given up: `gaveUp`). */
  let gaveUp = false;
  const read = (start: number, end: number): boolean => {
    for (let index = start; index < end; index += 1) {
      if (met >= passing) return true;
      if (steps++ >= maxSteps) return (gaveUp = true);
      const position = positions[index]!;
      if (hasBit(changed, position) || !passes(pass, groups, ownFilters, position)) continue;
      met += 1;
      const key = keys.of(position);
      const ranked = rank[position]!;
      // Entries come in the page's order (by key, then rank); by rank alone, none has a key below bestKey.
      const low = byRank ? bestKey : key;
      if (top.full && (low > top.lastKey || (low === top.lastKey && ranked > top.lastRank))) return true;
      if (skip === null || !skip.has(position)) top.offer(position, key, ranked);
    }
    return false;
  };
  if (!descending) {
    read(from, to);
    return !gaveUp;
  }
  // Descending: the runs of one key from the last back, each read forwards (in rank order).
  let end = to;
  while (end > from) {
    let last = end - 1;
    while (last >= from && hasBit(changed, positions[last]!)) last -= 1;
    if (last < from) break;
    const start = firstAtLeast(walk.order, walk.keys, walk.keys[positions[last]!]!, from, last);
    if (read(start, last + 1)) return !gaveUp;
    end = start;
  }
  return true;
}

/** The stretch of the price order [from, to) whose prices are within [min, max] (changed entries inside it are skipped when it is read). */
export function priceStretch(order: KeyOrder, price: Uint32Array, min: number, max: number): { from: number; to: number } {
  const length = order.positions.length;
  return { from: firstAtLeast(order, price, min, 0, length), to: max === Number.POSITIVE_INFINITY ? length : firstAtLeast(order, price, Math.floor(max) + 1, 0, length) };
}

/** The first index in [low, high) of the order whose unchanged entries from there to `high` have a key of at least `least` (`high` when none). */
function firstAtLeast(order: KeyOrder, keys: Uint32Array, least: number, from: number, to: number): number {
  const { positions, changed } = order;
  let low = from;
  let high = to;
  while (low < high) {
    const middle = (low + high) >>> 1;
    let index = middle;
    while (index < high && hasBit(changed, positions[index]!)) index += 1;
    if (index === high) high = middle;
    else if (keys[positions[index]!]! < least) low = index + 1;
    else high = middle;
  }
  return low;
}

/**
 * The pass by combinations for a query without text whose own filters include a price range: the
 * products of the price order's stretch (and every changed position) counted per combination, and
 * offered to the heap when it is not null. Returns the hits of each combination, as `runGroupPass`.
 */
export function runStretchPass(pass: GroupPass, order: KeyOrder, from: number, to: number): Int32Array {
  const { rank } = pass.columns;
  const { top, groupOf, failures, only } = pass;
  const keys = new SortKeys(pass);
  const groups = failures.length;
  const hits = new Int32Array(groups);
  const { positions, changed, changedList } = order;
  for (const position of changedList) {
    if (!passes(pass, groups, true, position)) {
      // Counted for its combination even when the combination fails a facet's filter.
      if (position >= groupOf.length || position >= pass.capacity) continue;
      const group = groupOf[position]!;
      const cents = pass.columns.price[position]!;
      if (group >= groups || cents < pass.minPrice || cents > pass.maxPrice || (only !== null && !hasBit(only, position))) continue;
      hits[group]! += 1;
      continue;
    }
    const group = groupOf[position]!;
    hits[group]! += 1;
    if (top !== null) top.offer(position, keys.of(position), rank[position]!);
  }
  for (let index = from; index < to; index += 1) {
    const position = positions[index]!;
    if (hasBit(changed, position)) continue;
    const group = groupOf[position]!;
    if (group >= groups || (only !== null && !hasBit(only, position))) continue;
    hits[group]! += 1;
    if (top !== null && failures[group] === 0) top.offer(position, keys.of(position), rank[position]!);
  }
  return hits;
}
