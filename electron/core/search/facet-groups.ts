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
 */
import { FLAG_ORDERABLE, type ColumnValues } from './catalog-columns';

/** The most combinations kept (their indexes fit the 16-bit column, beside NO_GROUP). */
export const MAX_FACET_GROUPS = 0xffff;
/** `groupOf` of a position without a live product. */
export const NO_GROUP = 0xffff;

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
  function add(position: number, values: Pick<ColumnValues, 'varietal' | 'region' | 'country' | 'supplier' | 'vintage' | 'flags'>, by: 1 | -1) {
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
    /** Each position's combination (NO_GROUP: no live product there; past its end: none either). */
    get groupOf() {
      return groupOf;
    },
  };
}
