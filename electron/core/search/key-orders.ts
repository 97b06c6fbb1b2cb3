/**
 * The live products' positions sorted by a column — case price, creation time, name rank — so a
 * sorted page walks them in order and stops once the page is full (order-walk.ts) instead of
 * ranking every hit, and a price range is one stretch of the price order.
 *
 * Ties of a key are in name order (by rank), as a sorted page breaks them. Each order is 4 bytes
 * a product (one 32-bit position each: 4 MB at 1,000,000 products; search makes the price and
 * creation orders, the name order only when told to walk it), made on first use from the columns
 * by radix sorts (passes of 8 bits), and not
 * rewritten by each write: a write marks its position changed (one bit a product, and the list of
 * them), a walk skips a changed position where the order holds it and looks at every changed
 * position apart, with its values of now. Past `maxChanged` changed positions the orders are
 * dropped and made again on their next use; reading the index back (`reset`) drops them too.
 */
import type { CatalogColumns } from './catalog-columns';
import { FLAG_LIVE } from './catalog-columns';

/** The columns an order is kept by. */
export type OrderKey = 'price' | 'created' | 'rank';

/** Changed positions kept before the orders are dropped (a tenth of a million-product catalog's walk is cheaper than a sort). */
export const DEFAULT_MAX_CHANGED = 16_384;

export interface KeyOrdersOptions {
  /** Changed positions kept before every order is dropped (default DEFAULT_MAX_CHANGED). */
  maxChanged?: number;
}

/** What a walk reads: the order, and which positions changed since it was made. */
export interface KeyOrder {
  /** Live positions (when made), ascending by the key, ties ascending by name rank. */
  positions: Int32Array;
  /** A bit per position: changed since the order was made (its place in `positions` may be wrong or gone). */
  changed: Uint32Array;
  /** The changed positions, each once. */
  changedList: readonly number[];
}

export type KeyOrders = ReturnType<typeof createKeyOrders>;

/**
 * Sorts `positions` ascending by `keys[position]` (32-bit keys): each position's key read once in
 * position order, then four stable counting passes of 8 bits over (key, position) pairs, each pass
 * skipped when every key has the same byte there.
 */
function radixSort(positions: Int32Array, keys: Uint32Array): Int32Array {
  const count = positions.length;
  let fromKeys: Uint32Array = new Uint32Array(count);
  for (let index = 0; index < count; index += 1) fromKeys[index] = keys[positions[index]!]!;
  let from: Int32Array = positions;
  let toKeys: Uint32Array = new Uint32Array(count);
  let to: Int32Array = new Int32Array(count);
  const buckets = new Int32Array(256);
  for (let shift = 0; shift < 32; shift += 8) {
    buckets.fill(0);
    for (let index = 0; index < count; index += 1) buckets[(fromKeys[index]! >>> shift) & 0xff]! += 1;
    if (count === 0 || buckets[(fromKeys[0]! >>> shift) & 0xff] === count) continue;
    let sum = 0;
    for (let bucket = 0; bucket < 256; bucket += 1) {
      const size = buckets[bucket]!;
      buckets[bucket] = sum;
      sum += size;
    }
    for (let index = 0; index < count; index += 1) {
      const key = fromKeys[index]!;
      const place = buckets[(key >>> shift) & 0xff]!;
      buckets[(key >>> shift) & 0xff] = place + 1;
      toKeys[place] = key;
      to[place] = from[index]!;
    }
    [from, to] = [to, from];
    [fromKeys, toKeys] = [toKeys, fromKeys];
  }
  return from;
}

export function createKeyOrders(columns: CatalogColumns, options: KeyOrdersOptions = {}) {
  const maxChanged = options.maxChanged ?? DEFAULT_MAX_CHANGED;
  let orders: Partial<Record<OrderKey, Int32Array>> = {};
  let changed = new Uint32Array(0);
  let changedList: number[] = [];

  function drop() {
    orders = {};
    changed = new Uint32Array(0);
    changedList = [];
  }

  function make(key: OrderKey): Int32Array {
    const { flags } = columns.columns;
    const capacity = columns.capacity;
    let live = 0;
    for (let position = 0; position < capacity; position += 1) if ((flags[position]! & FLAG_LIVE) !== 0) live += 1;
    const positions = new Int32Array(live);
    let next = 0;
    for (let position = 0; position < capacity; position += 1) if ((flags[position]! & FLAG_LIVE) !== 0) positions[next++] = position;
    // By rank, then (stable) by the key: ties of a key in name order, as a sorted page breaks them.
    const byRank = radixSort(positions, columns.columns.rank);
    return key === 'rank' ? byRank : radixSort(byRank, columns.columns[key]);
  }

  return {
    /** The order by `key` (made now when it is not kept), with what changed since. */
    order(key: OrderKey): KeyOrder {
      let positions = orders[key];
      if (!positions) {
        positions = make(key);
        orders[key] = positions;
        // A position changed before this order was made is listed still: looked at apart, as it may be.
        if (changed.length * 32 < columns.capacity) {
          const grown = new Uint32Array(Math.ceil(columns.capacity / 32));
          grown.set(changed);
          changed = grown;
        }
      }
      return { positions, changed, changedList };
    },
    /** The product at `position` was added, changed or removed (call it for every write to its columns). */
    touch(position: number) {
      if (orders.price === undefined && orders.created === undefined && orders.rank === undefined) return;
      if (position >>> 5 >= changed.length) {
        const grown = new Uint32Array(Math.max((position >>> 5) + 1, Math.ceil(changed.length * 1.25)));
        grown.set(changed);
        changed = grown;
      }
      const bit = 1 << (position & 31);
      if ((changed[position >>> 5]! & bit) !== 0) return;
      if (changedList.length >= maxChanged) {
        drop();
        return;
      }
      changed[position >>> 5]! |= bit;
      changedList.push(position);
    },
    /** Forgets every order (the index was read back). */
    reset: drop,
    /** Bytes held now (the orders and the changed positions). */
    get bytes() {
      return Object.values(orders).reduce((sum, positions) => sum + positions.byteLength, 0) + changed.byteLength + changedList.length * 8;
    },
  };
}
