import { sql, type SQL } from 'drizzle-orm';
import type { ProductSort } from '../../../shared';
import { rowsOf, type Database } from '../../db/database';
import { products } from '../../db/schema';
import type { OrderedOrdinals } from './ordered-ids';
import { listingStamp } from './version';

/**
 * The listings index: for one listings' version (listingStamp), every product (by its ordinal,
 * products.ordinal) with the values a listing filters on, and the whole catalog in each of the
 * three orders a listing sorts by. A listing without text search is then worked out here, in a
 * few milliseconds for a million products, whatever its filters and sort: its first page costs
 * what any page does, and its total is a length, never a count. A million products take about
 * 20 MB (4 bytes per product and order, 2 or 4 per filter value).
 */

/** A listing's filters the index answers; text values lowered as the database lowers them. */
export interface IndexedFilters {
  supplierId?: string;
  varietal?: string;
  region?: string;
  country?: string;
}

/** The filters the index holds a code of per product. */
export const INDEX_FILTERS = ['supplierId', 'varietal', 'region', 'country'] as const;
export type IndexFilter = (typeof INDEX_FILTERS)[number];
type Codes = Uint16Array | Uint32Array;

/**
 * The index's orders, each ascending by its key then the id. Every listing sort is one of them or
 * its exact reverse (price_desc is price descending then id descending), as productOrder sorts.
 */
const ORDERS = {
  name: sql`${products.name} COLLATE "C"`,
  price: sql`${products.casePriceCents}`,
  created: sql`${products.createdAt}`,
} as const;
export type IndexOrder = keyof typeof ORDERS;

/** The type a key travels back to the database as, for the next chunk's seek. */
const KEY_TYPES: Record<IndexOrder, SQL> = { name: sql`text`, price: sql`int4`, created: sql`timestamptz` };

export function indexOrder(sort: ProductSort | undefined): { order: IndexOrder; descending: boolean } {
  switch (sort) {
    case 'price_asc':
      return { order: 'price', descending: false };
    case 'price_desc':
      return { order: 'price', descending: true };
    case 'newest':
      return { order: 'created', descending: true };
    case 'name':
    case undefined:
      return { order: 'name', descending: false };
  }
}

/** An order read backwards, a slice at a time (no copy of the whole order). */
class Reversed implements OrderedOrdinals {
  constructor(private readonly forward: Int32Array) {}

  get length(): number {
    return this.forward.length;
  }

  slice(start: number, end: number): Int32Array {
    const length = this.forward.length;
    const from = Math.min(Math.max(start, 0), length);
    const to = Math.min(Math.max(end, from), length);
    const out = new Int32Array(to - from);
    for (let index = from; index < to; index += 1) out[index - from] = this.forward[length - 1 - index] as number;
    return out;
  }
}

/** Steps ListingIndex.firstOrdinals takes at most before it leaves the listing to ListingIndex.ordinals. */
export const EARLY_WALK_STEPS = 50_000;

export class ListingIndex {
  private readonly supplierTotals: Map<string, number>;
  /** Each filter's products per value code (index = code), for a one-filter listing's total. */
  private readonly perCode: Record<IndexFilter, Uint32Array>;

  constructor(
    /** The listings' version it describes. */
    readonly stamp: string,
    private readonly codes: Record<IndexFilter, Codes>,
    /** Each filter's values (lowered as the database lowers them; supplier ids as they are) and their codes, from 1. */
    private readonly dictionaries: Record<IndexFilter, Map<string, number>>,
    private readonly orders: Record<IndexOrder, Int32Array>,
  ) {
    const perCode = new Map<number, number>();
    const suppliers = codes.supplierId;
    for (const ordinal of orders.name) perCode.set(suppliers[ordinal] as number, (perCode.get(suppliers[ordinal] as number) ?? 0) + 1);
    this.supplierTotals = new Map([...dictionaries.supplierId].map(([id, code]) => [id, perCode.get(code) ?? 0]));
    this.perCode = {} as Record<IndexFilter, Uint32Array>;
    for (const filter of INDEX_FILTERS) {
      // Code 0 is no product (an ordinal without one); codes of values start from 1.
      const counts = new Uint32Array(dictionaries[filter].size + 1);
      const column = codes[filter];
      for (let ordinal = 0; ordinal < column.length; ordinal += 1) {
        const code = column[ordinal] as number;
        counts[code] = (counts[code] as number) + 1;
      }
      counts[0] = 0;
      this.perCode[filter] = counts;
    }
  }

  /** Products in the catalog. */
  get size(): number {
    return this.orders.name.length;
  }

  /** The values of `filter` the catalog holds (lowered as the index keeps them; supplier ids as they are). */
  values(filter: IndexFilter): IterableIterator<string> {
    return this.dictionaries[filter].keys();
  }

  /** Products per supplier (suppliers without products are absent). */
  productsPerSupplier(): ReadonlyMap<string, number> {
    return this.supplierTotals;
  }

  /** Whether `filters` need a walk through an order (else the listing is the order itself). */
  static filtered(filters: IndexedFilters): boolean {
    return INDEX_FILTERS.some((filter) => filters[filter] !== undefined);
  }

  /**
   * The first `count` ordinals of a listing with filters, and its total, without working the
   * whole listing out: the order is walked from its start only until `count` products pass (or
   * all of the listing's), testing each product's values, and the total is counted per value (one
   * filter) or over the values in ordinal order (several). A first page of one varietal in 30
   * stops after about 3,000 steps where ordinals() first reads a million products' values. The
   * same ordinals as ordinals(), in the same order. Null when more than `maxSteps` steps would be
   * needed (a deep page of a rare value): ordinals() is then the cheaper way, kept for the next pages.
   */
  firstOrdinals(filters: IndexedFilters, sort: ProductSort | undefined, count: number, maxSteps = EARLY_WALK_STEPS): { total: number; ordinals: Int32Array } | null {
    const { order, descending } = indexOrder(sort);
    const columns: Codes[] = [];
    const codes: number[] = [];
    let total = Number.POSITIVE_INFINITY;
    for (const filter of INDEX_FILTERS) {
      const value = filters[filter];
      if (value === undefined) continue;
      const code = this.dictionaries[filter].get(value);
      if (code === undefined) return { total: 0, ordinals: new Int32Array(0) };
      columns.push(this.codes[filter]);
      codes.push(code);
      total = Math.min(total, this.perCode[filter][code] as number);
    }
    if (columns.length > 1) total = countPassing(columns, codes);
    const wanted = Math.min(count, total);
    const all = this.orders[order];
    const length = all.length;
    const found = new Int32Array(wanted);
    let filled = 0;
    for (let step = 0; filled < wanted; step += 1) {
      if (step >= maxSteps || step >= length) return null;
      const ordinal = all[descending ? length - 1 - step : step] as number;
      if (hasEveryCode(columns, codes, ordinal)) found[filled++] = ordinal;
    }
    return { total, ordinals: found };
  }

  /**
   * The listing's ordinals in order: the order itself (read backwards for a descending sort)
   * without filters; with filters, the products of the order that pass them, worked out only as
   * far as the pages asked (FilteredOrdinals), which the caller may keep.
   */
  ordinals(filters: IndexedFilters, sort: ProductSort | undefined): OrderedOrdinals {
    const { order, descending } = indexOrder(sort);
    const all = this.orders[order];
    const columns: Codes[] = [];
    const codes: number[] = [];
    for (const filter of INDEX_FILTERS) {
      const value = filters[filter];
      if (value === undefined) continue;
      const code = this.dictionaries[filter].get(value);
      if (code === undefined) return new Int32Array(0);
      columns.push(this.codes[filter]);
      codes.push(code);
    }
    if (columns.length === 0) return descending ? new Reversed(all) : all;
    const { bits, total } = columns.length === 1 ? passingBitsOf(columns[0] as Codes, codes[0] as number) : passingBits(columns, codes);
    return new FilteredOrdinals(all, descending, bits, total);
  }
}

/**
 * A filtered listing's ordinals: its order walked against the bits of the products that pass
 * (passingBits) only as far as the deepest page asked so far, and kept. A listing's pages asked
 * in any order walk the order once in all, where working the whole listing out on its second
 * page cost that page 6–10 ms at a million products. The bits are read in ordinal order
 * (sequentially) and are small enough for the CPU's cache; testing the values themselves in the
 * order's (random) sequence took 30 to 120 ms for a million products. Every product of the order
 * whose bit is set passes, so the listing's length is the bits set.
 */
class FilteredOrdinals implements OrderedOrdinals {
  private readonly found: Int32Array;
  private filled = 0;
  private steps = 0;

  constructor(
    private readonly order: Int32Array,
    private readonly descending: boolean,
    private readonly bits: Uint32Array,
    readonly length: number,
  ) {
    this.found = new Int32Array(length);
  }

  slice(start: number, end: number): Int32Array {
    const to = Math.min(Math.max(end, 0), this.length);
    const from = Math.min(Math.max(start, 0), to);
    this.walkTo(to);
    return this.found.slice(from, to);
  }

  private walkTo(count: number): void {
    const { order, found, bits } = this;
    const length = order.length;
    // A descending sort reads the order from its end.
    const [first, direction] = this.descending ? [length - 1, -1] : [0, 1];
    let filled = this.filled;
    let step = this.steps;
    for (; filled < count && step < length; step += 1) {
      const ordinal = order[first + direction * step] as number;
      if (((bits[ordinal >>> 5] as number) & (1 << (ordinal & 31))) !== 0) found[filled++] = ordinal;
    }
    this.filled = filled;
    this.steps = step;
  }
}

/** One bit per ordinal, set for the products with every column's code, and how many are set. */
function passingBits(columns: Codes[], codes: number[]): { bits: Uint32Array; total: number } {
  const ordinalLimit = (columns[0] as Codes).length;
  const bits = new Uint32Array((ordinalLimit + 31) >>> 5);
  let total = 0;
  for (let ordinal = 0; ordinal < ordinalLimit; ordinal += 1) {
    if (hasEveryCode(columns, codes, ordinal)) {
      bits[ordinal >>> 5] = (bits[ordinal >>> 5] as number) | (1 << (ordinal & 31));
      total += 1;
    }
  }
  return { bits, total };
}

/** passingBits of one column. */
function passingBitsOf(column: Codes, code: number): { bits: Uint32Array; total: number } {
  const bits = new Uint32Array((column.length + 31) >>> 5);
  let total = 0;
  for (let ordinal = 0; ordinal < column.length; ordinal += 1) {
    if (column[ordinal] === code) {
      bits[ordinal >>> 5] = (bits[ordinal >>> 5] as number) | (1 << (ordinal & 31));
      total += 1;
    }
  }
  return { bits, total };
}

/** Products whose value of every column is its code, counted in ordinal order (sequential reads). */
function countPassing(columns: Codes[], codes: number[]): number {
  const ordinalLimit = (columns[0] as Codes).length;
  let passing = 0;
  for (let ordinal = 0; ordinal < ordinalLimit; ordinal += 1) {
    if (hasEveryCode(columns, codes, ordinal)) passing += 1;
  }
  return passing;
}

/** Whether the product at `ordinal` has, in every column, that column's code. */
function hasEveryCode(columns: Codes[], codes: number[], ordinal: number): boolean {
  for (let filter = 0; filter < columns.length; filter += 1) {
    if ((columns[filter] as Codes)[ordinal] !== codes[filter]) return false;
  }
  return true;
}

/** Each distinct value of `values` and its lowercase as the database lowers it (which JavaScript's toLowerCase need not match), in one statement. */
export async function lowerValues(db: Database, values: readonly string[]): Promise<Map<string, string>> {
  const fresh = [...new Set(values)];
  const lowered = new Map<string, string>();
  if (fresh.length === 0) return lowered;
  const [row] = rowsOf<{ lowered: string }>(
    await db.execute(sql`select json_agg(lower(value) order by position)::text as lowered from unnest(${sql.param(fresh)}::text[]) with ordinality as given(value, position)`),
  );
  (JSON.parse(row?.lowered ?? '[]') as string[]).forEach((value, index) => lowered.set(fresh[index] as string, value));
  return lowered;
}

/** How an index is read: rows per statement, and what to do between two statements. */
export interface IndexReading {
  chunkRows: number;
  /** Awaited between statements: lets requests run in between (PGlite runs one statement at a time). */
  between: () => Promise<void>;
  /** True once the reading should stop (the store is closing). */
  stopped: () => boolean;
}

function codeOf(dictionary: Map<string, number>, value: string): number {
  const known = dictionary.get(value);
  if (known !== undefined) return known;
  dictionary.set(value, dictionary.size + 1);
  return dictionary.size;
}

/** Codes in the smallest array that holds them. */
export function compactCodes(codes: Uint32Array, dictionary: Map<string, number>): Codes {
  return dictionary.size < 0xffff ? Uint16Array.from(codes) : codes;
}

/**
 * Reads the listings index of the current listings' version, a chunk of rows per statement:
 * every product's filter values by ordinal, then each order from its index (products_name_idx,
 * products_price_idx, products_created_idx end with the ordinal: index-only scans), seeking from
 * the last key read. The statements see the catalog at different moments, so the listings' version
 * is read before the first and after the last: the index stands only when they are equal (every
 * change of what a listing holds or its order bumps it, see bumpCatalogVersion). Null when the
 * listings changed meanwhile, or the reading was stopped.
 */
export async function readListingIndex(db: Database, reading: IndexReading): Promise<ListingIndex | null> {
  const stamp = await listingStamp(db);
  const [top] = rowsOf<{ top: number | null }>(await db.execute(sql`select max(${products.ordinal}) as top from ${products}`));
  const ordinalLimit = Number(top?.top ?? 0) + 1;
  const present = new Uint8Array(ordinalLimit);
  const raw: Record<IndexFilter, Uint32Array> = {
    supplierId: new Uint32Array(ordinalLimit),
    varietal: new Uint32Array(ordinalLimit),
    region: new Uint32Array(ordinalLimit),
    country: new Uint32Array(ordinalLimit),
  };
  const dictionaries: Record<IndexFilter, Map<string, number>> = { supplierId: new Map(), varietal: new Map(), region: new Map(), country: new Map() };

  // Text values are lowered once per distinct value (a few hundred in a catalog), not per product.
  const lowered = new Map<string, string>();
  const lowerNew = async (values: Iterable<string>) => {
    for (const [value, lower] of await lowerValues(db, [...values].filter((value) => !lowered.has(value)))) lowered.set(value, lower);
  };
  let count = 0;
  for (let after = 0; ; ) {
    // One JSON array per column, the same rows in the same order in each (one pass of the aggregates).
    const [chunk] = rowsOf<{ columns: string | null }>(
      await db.execute(sql`
        select json_build_array(json_agg(ordinal), json_agg(supplier_id), json_agg(varietal), json_agg(region), json_agg(country))::text as columns
        from (select ${products.ordinal} as ordinal, ${products.supplierId} as supplier_id, ${products.varietal} as varietal,
                     ${products.region} as region, ${products.country} as country
              from ${products} where ${products.ordinal} > ${after} order by ${products.ordinal} limit ${reading.chunkRows}) as chunk`),
    );
    const [ordinals, supplierIds, varietals, regions, countries] = (chunk?.columns ? JSON.parse(chunk.columns) : []) as [number[] | null, string[], string[], string[], string[]];
    const rows = ordinals ?? [];
    if (rows.length > 0) await lowerNew([...varietals, ...regions, ...countries]);
    let last = after;
    for (let row = 0; row < rows.length; row += 1) {
      const ordinal = rows[row] as number;
      // A product added after the top was read: the listings changed, this reading cannot stand.
      if (ordinal >= ordinalLimit) return null;
      present[ordinal] = 1;
      raw.supplierId[ordinal] = codeOf(dictionaries.supplierId, supplierIds[row] as string);
      raw.varietal[ordinal] = codeOf(dictionaries.varietal, lowered.get(varietals[row] as string) as string);
      raw.region[ordinal] = codeOf(dictionaries.region, lowered.get(regions[row] as string) as string);
      raw.country[ordinal] = codeOf(dictionaries.country, lowered.get(countries[row] as string) as string);
      if (ordinal > last) last = ordinal;
    }
    count += rows.length;
    if (rows.length < reading.chunkRows) break;
    after = last;
    await reading.between();
    if (reading.stopped()) return null;
  }

  const orders = {} as Record<IndexOrder, Int32Array>;
  for (const order of Object.keys(ORDERS) as IndexOrder[]) {
    const ordinals = await readOrder(db, order, count, reading, present);
    if (ordinals === null) return null;
    orders[order] = ordinals;
  }
  if ((await listingStamp(db)) !== stamp) return null;
  const codes = {} as Record<IndexFilter, Codes>;
  for (const filter of INDEX_FILTERS) codes[filter] = compactCodes(raw[filter], dictionaries[filter]);
  return new ListingIndex(stamp, codes, dictionaries, orders);
}

/** One whole order, `count` ordinals, or null when it does not hold exactly the products read before. */
async function readOrder(db: Database, order: IndexOrder, count: number, reading: IndexReading, present: Uint8Array): Promise<Int32Array | null> {
  const key = ORDERS[order];
  const ordinals = new Int32Array(count);
  let filled = 0;
  let last: { key: string; id: string } | null = null;
  for (;;) {
    const seek: SQL = last === null ? sql`true` : sql`(${key}, ${products.id}) > (${last.key}::${KEY_TYPES[order]}, ${last.id})`;
    const chunkRows: Array<{ ordinals: string | null; last_key: string | null; last_id: string | null }> = rowsOf(
      await db.execute(sql`
        with chunk as (
          select ${products.ordinal} as ordinal, ${key} as key, ${products.id} as id
          from ${products} where ${seek} order by ${key}, ${products.id} limit ${reading.chunkRows})
        select string_agg(ordinal::text, ',' order by key, id) as ordinals,
               (select last.key::text from chunk as last order by last.key desc, last.id desc limit 1) as last_key,
               (select last.id from chunk as last order by last.key desc, last.id desc limit 1) as last_id
        from chunk`),
    );
    const chunk = chunkRows[0];
    const read = chunk?.ordinals ? chunk.ordinals.split(',') : [];
    if (filled + read.length > count) return null;
    for (const text of read) {
      const ordinal = Number(text);
      if (ordinal >= present.length || present[ordinal] !== 1) return null;
      ordinals[filled++] = ordinal;
    }
    if (read.length < reading.chunkRows) break;
    last = { key: chunk?.last_key as string, id: chunk?.last_id as string };
    await reading.between();
    if (reading.stopped()) return null;
  }
  return filled === count ? ordinals : null;
}
