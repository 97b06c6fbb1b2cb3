/**
 * How many live products share each combination of facet values and stock (varietal, region,
 * country, supplier, vintage, orderable now): a query without text, price range or favourites
 * filters only by these, so its total and facet counts are the same sums over combinations as over
 * products — a few thousand combinations instead of a million positions (3,558 combinations in
 * the demo generator's million-product catalog).
 *
 * Each product's combination is also a column (`groupOf`, 2 bytes a product, indexed by position
 * like the columns), so the page of such a query is found by reading one column and a table of
 * which combinations match, instead of every filter's column.
 *
 * Kept in memory beside the columns, changed with them, rebuilt from them when the database opens.
 * Its size: `MAX_FACET_GROUPS` combinations at most (about 60 bytes each: 4 MB at most), whatever
 * the catalog's size, plus the 2-byte column (2 MB at 1,000,000 products). A catalog with more
 * combinations than that stops using the table (`usable` false; the column is dropped) and
 * searches count from the columns as before, until the table is rebuilt.
 *
 * A price range without text is counted from each combination's case prices, sorted (two binary
 * searches a combination instead of a pass over every product): made on first use from the
 * columns, 4 bytes a live product (4 MB at 1,000,000) and 4 bytes a combination, then kept by the
 * writes as a list of changes (a combination, a price, one more or one less), at most
 * `MAX_PRICE_CHANGES` (and a quarter of the prices) before it is dropped and made again on its next
 * use; dropped with the table.
 */
import { FLAG_ORDERABLE, type ColumnValues } from './catalog-columns';

/** The most combinations kept (their indexes fit the 16-bit column, beside NO_GROUP). */
export const MAX_FACET_GROUPS = 0xffff;
/** `groupOf` of a position without a live product. */
export const NO_GROUP = 0xffff;

/** The most changes kept beside the sorted prices before they are made again (a search reads every change kept). */
export const MAX_PRICE_CHANGES = 16_384;

/** Each combination's case prices, ascending, as they were made, and the changes since. */
interface GroupPrices {
  /** Combination `group`'s prices are `sorted[starts[group]]` to before `starts[group + 1]` (combinations made since have none). */
  starts: Int32Array;
  sorted: Uint32Array;
  /** The changes since, in parallel: a combination, a case price, 1 (a product more) or -1 (one less). */
  changedGroups: number[];
  changedPrices: number[];
  changedBy: number[];
  /** Changes kept at most. */
  maxChanges: number;
}

/** The first index in [low, high) whose price is above `most` (`high` when none). */
function firstAbove(sorted: Uint32Array, low: number, high: number, most: number): number {
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! <= most) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The first index in [low, high) whose price is at least `least` (`high` when none). */
function firstAtLeast(sorted: Uint32Array, low: number, high: number, least: number): number {
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < least) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Key of a combination: two numbers (varietal, region, country in 48 bits; supplier, vintage, orderable in 33). */
const firstKey = (values: Pick<ColumnValues, 'varietal' | 'region' | 'country'>) => values.varietal + values.region * 0x10000 + values.country * 0x100000000;
const secondKey = (supplier: number, vintage: number, orderable: number) => supplier * 0x20000 + vintage * 2 + orderable;

export type FacetGroups = ReturnType<typeof createFacetGroups>;

export function createFacetGroups(maxGroups: number = MAX_FACET_GROUPS) {
  const limit = Math.min(maxGroups, MAX_FACET_GROUPS);
  let byKey = new Map<number, Map<number, number>>();
  /** Each combination's values and count, by the combination's index (struct of arrays). */
  let varietal = new Uint16Array(0);
  let region = new Uint16Array(0);
  let country = new Uint16Array(0);
  let supplier = new Uint16Array(0);
  let vintage = new Uint16Array(0);
  let orderable = new Uint8Array(0);
  let count = new Int32Array(0);
  let size = 0;
  let overflowed = false;
  let groupOf = new Uint16Array(0).fill(NO_GROUP);
  let prices: GroupPrices | null = null;

  /** Each combination's prices sorted, from each live position's combination and price now. */
  function makePrices(price: Uint32Array, capacity: number): GroupPrices {
    const end = Math.min(capacity, groupOf.length, price.length);
    const starts = new Int32Array(size + 1);
    for (let position = 0; position < end; position += 1) {
      const group = groupOf[position]!;
      if (group < size) starts[group + 1]! += 1;
    }
    for (let group = 0; group < size; group += 1) starts[group + 1]! += starts[group]!;
    const sorted = new Uint32Array(starts[size]!);
    const next = starts.slice(0, size);
    for (let position = 0; position < end; position += 1) {
      const group = groupOf[position]!;
      if (group < size) sorted[next[group]!++] = price[position]!;
    }
    for (let group = 0; group < size; group += 1) sorted.subarray(starts[group]!, starts[group + 1]!).sort();
    return { starts, sorted, changedGroups: [], changedPrices: [], changedBy: [], maxChanges: Math.min(MAX_PRICE_CHANGES, Math.max(16, sorted.length >>> 2)) };
  }

  /** A product joined (`by` 1) or left (-1) `group` at this case price: kept as a change of the sorted prices, or they are dropped. */
  function changePrices(group: number, price: number, by: 1 | -1) {
    if (!prices) return;
    if (prices.changedGroups.length >= prices.maxChanges) {
      prices = null;
      return;
    }
    prices.changedGroups.push(group);
    prices.changedPrices.push(price);
    prices.changedBy.push(by);
  }

  /** Makes room in `groupOf` for `position` (by a quarter more at a time). */
  function ensure(position: number) {
    if (position < groupOf.length) return;
    const grown = new Uint16Array(Math.max(position + 1, Math.ceil(groupOf.length * 1.25), 1024)).fill(NO_GROUP);
    grown.set(groupOf);
    groupOf = grown;
  }

  function grow() {
    const next = Math.min(limit, Math.max(64, size * 2));
    const copy = <T extends Uint16Array | Uint8Array | Int32Array>(array: T, make: (length: number) => T): T => {
      const grown = make(next);
      grown.set(array);
      return grown;
    };
    varietal = copy(varietal, (length) => new Uint16Array(length));
    region = copy(region, (length) => new Uint16Array(length));
    country = copy(country, (length) => new Uint16Array(length));
    supplier = copy(supplier, (length) => new Uint16Array(length));
    vintage = copy(vintage, (length) => new Uint16Array(length));
    orderable = copy(orderable, (length) => new Uint8Array(length));
    count = copy(count, (length) => new Int32Array(length));
  }

  /** The product at `position` now has these values (`by` 1), or no longer has them (`by` -1); its flags tell whether it is orderable now. */
  function add(position: number, values: Pick<ColumnValues, 'varietal' | 'region' | 'country' | 'supplier' | 'vintage' | 'flags' | 'price'>, by: 1 | -1) {
    if (overflowed) return;
    const stock = (values.flags & FLAG_ORDERABLE) !== 0 ? 1 : 0;
    const first = firstKey(values);
    const second = secondKey(values.supplier, values.vintage, stock);
    let inner = byKey.get(first);
    if (!inner) byKey.set(first, (inner = new Map()));
    let group = inner.get(second);
    if (group === undefined) {
      if (size === limit) {
        overflowed = true;
        clear();
        return;
      }
      if (size === varietal.length) grow();
      group = size++;
      inner.set(second, group);
      varietal[group] = values.varietal;
      region[group] = values.region;
      country[group] = values.country;
      supplier[group] = values.supplier;
      vintage[group] = values.vintage;
      orderable[group] = stock;
    }
    count[group]! += by;
    changePrices(group, values.price, by);
    ensure(position);
    groupOf[position] = by === 1 ? group : NO_GROUP;
  }

  function clear() {
    byKey = new Map();
    varietal = new Uint16Array(0);
    region = new Uint16Array(0);
    country = new Uint16Array(0);
    supplier = new Uint16Array(0);
    vintage = new Uint16Array(0);
    orderable = new Uint8Array(0);
    count = new Int32Array(0);
    size = 0;
    groupOf = new Uint16Array(0);
    prices = null;
  }

  return {
    add,
    /** Makes `groupOf` hold `capacity` positions at once (before it is filled from the columns). */
    reserve(capacity: number) {
      if (!overflowed) ensure(capacity - 1);
    },
    /** Forgets every combination (before the table is rebuilt from the columns). */
    reset() {
      clear();
      overflowed = false;
    },
    /** Whether the table holds every live product (false past `MAX_FACET_GROUPS` combinations). */
    get usable() {
      return !overflowed;
    },
    /** The combinations (index below `size`); a combination whose count fell to 0 stays until the table is rebuilt. */
    get groups() {
      return { varietal, region, country, supplier, vintage, orderable, count, size };
    },
    /**
     * How many live products of each combination (by index, below `size`) have a case price within
     * [min, max]: what `runGroupPass` counts without text or favourites. `price` and `capacity` are
     * the columns' (the sorted prices are made from them on first use).
     */
    pricesBetween(min: number, max: number, price: Uint32Array, capacity: number): Int32Array {
      prices ??= makePrices(price, capacity);
      const { starts, sorted, changedGroups, changedPrices, changedBy } = prices;
      const hits = new Int32Array(size);
      const made = starts.length - 1;
      for (let group = 0; group < made; group += 1) {
        const from = firstAtLeast(sorted, starts[group]!, starts[group + 1]!, min);
        hits[group] = firstAbove(sorted, from, starts[group + 1]!, max) - from;
      }
      for (let index = 0; index < changedGroups.length; index += 1) {
        const cents = changedPrices[index]!;
        if (cents >= min && cents <= max) hits[changedGroups[index]!]! += changedBy[index]!;
      }
      return hits;
    },
    /** Bytes held by the sorted prices and their changes (0 before their first use). */
    get priceBytes() {
      return prices ? prices.sorted.byteLength + prices.starts.byteLength + prices.changedGroups.length * 24 : 0;
    },
    /** Each position's combination (NO_GROUP: no live product there; past its end: none either). */
    get groupOf() {
      return groupOf;
    },
  };
}
