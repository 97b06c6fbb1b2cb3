import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/database';
import { products } from '../../db/schema';
import { compactCodes, INDEX_FILTERS, ListingIndex, lowerValues, type IndexFilter, type IndexOrder } from './listing-index';

/**
 * The listings index made from the products as they are written, instead of read back from the
 * table afterwards (readListingIndex): seeding on PGlite writes the products in ordinal order, 1
 * to N, so whoever makes them knows every value the index holds. A million products read back
 * cost the database's thread about 13 s of CPU; collected as they are made (in the product worker)
 * and sorted there, the thread that runs the database only lowers the filters' few hundred distinct
 * values and renumbers their codes.
 *
 * The result is the index a read-back gives (test/server/store/listing-index-handover.test.ts):
 * the same codes, given in the order values first appear by ordinal; the orders sorted as the
 * database sorts them on PGlite, text by its UTF-8 bytes (the name is read COLLATE "C", and
 * PGlite's default collation compares bytes too: its C library has no locale collation).
 */

/** A product's values the index holds, in the order the products get their ordinals. */
export interface ListedProduct {
  id: string;
  supplierId: string;
  name: string;
  varietal: string;
  region: string;
  country: string;
  casePriceCents: number;
  createdAt: Date;
}

/**
 * What ListingIndexCollector.finish gives, to send between threads (its arrays' buffers are
 * transferable): the filters' values as written (code 1 is values[0]) and their codes by ordinal,
 * and the three orders.
 */
export interface ListingIndexParts {
  /** Products collected: ordinals 1 to count. */
  count: number;
  values: Record<IndexFilter, string[]>;
  codes: Record<IndexFilter, Uint32Array>;
  orders: Record<IndexOrder, Int32Array>;
}

/** The buffers of parts, to transfer rather than copy them to another thread. */
export function partsBuffers(parts: ListingIndexParts): ArrayBuffer[] {
  return [...Object.values(parts.codes), ...Object.values(parts.orders)].map((array) => array.buffer as ArrayBuffer);
}

const encoder = new TextEncoder();

/** Strings kept as UTF-8, one after another (a million ids as strings would be a million objects). */
class PackedTexts {
  private bytes = new Uint8Array(1 << 16);
  private length = 0;
  readonly starts: Uint32Array;

  constructor(capacity: number) {
    this.starts = new Uint32Array(capacity + 2);
  }

  /** Keeps `text` as the entry at `at` (entries are added in order, from 1). */
  set(at: number, text: string): void {
    if (this.length + text.length * 3 > this.bytes.length) {
      const larger = new Uint8Array(Math.max(this.bytes.length * 2, this.length + text.length * 3));
      larger.set(this.bytes.subarray(0, this.length));
      this.bytes = larger;
    }
    this.starts[at] = this.length;
    this.length += encoder.encodeInto(text, this.bytes.subarray(this.length)).written;
    this.starts[at + 1] = this.length;
  }

  /** Entries `a` and `b` compared by their bytes, a shorter prefix first (as PostgreSQL compares text in "C"). */
  compare(a: number, b: number): number {
    const bytes = this.bytes;
    let left = this.starts[a] as number;
    let right = this.starts[b] as number;
    const leftEnd = this.starts[a + 1] as number;
    const rightEnd = this.starts[b + 1] as number;
    for (; left < leftEnd && right < rightEnd; left += 1, right += 1) {
      const difference = (bytes[left] as number) - (bytes[right] as number);
      if (difference !== 0) return difference;
    }
    return leftEnd - left - (rightEnd - right);
  }
}

/**
 * Two strings in the order of their UTF-8 bytes (which is their code points' order), as
 * PostgreSQL compares text in "C": JavaScript's `<` compares UTF-16 units, which put a character
 * beyond the BMP (a surrogate pair, 0xD800–0xDFFF) before one from 0xE000 to 0xFFFF.
 */
export function compareCodePoints(left: string, right: string): number {
  const length = Math.min(left.length, right.length);
  for (let index = 0; index < length; index += 1) {
    let a = left.charCodeAt(index);
    let b = right.charCodeAt(index);
    if (a === b) continue;
    if (a >= 0xd800 && b >= 0xd800) {
      // Surrogates above every other unit, as their code points are.
      a += a <= 0xdfff ? 0x2000 : -0x800;
      b += b <= 0xdfff ? 0x2000 : -0x800;
    }
    return a - b;
  }
  return left.length - right.length;
}

/** Collects the products' values as they are made, in ordinal order, and sorts the orders once all are in. */
export class ListingIndexCollector {
  private count = 0;
  private readonly capacity: number;
  private readonly values: Record<IndexFilter, Map<string, number>> = { supplierId: new Map(), varietal: new Map(), region: new Map(), country: new Map() };
  private readonly codes: Record<IndexFilter, Uint32Array>;
  private readonly ids: PackedTexts;
  /** Each distinct name and its code (a catalog repeats names: fewer strings to keep than products). */
  private readonly nameCodes = new Map<string, number>();
  private readonly names: Uint32Array;
  private readonly prices: Int32Array;
  private readonly created: Float64Array;

  /** `capacity`: the products to come (the catalog's size). */
  constructor(capacity: number) {
    this.capacity = capacity;
    this.codes = {
      supplierId: new Uint32Array(capacity + 1),
      varietal: new Uint32Array(capacity + 1),
      region: new Uint32Array(capacity + 1),
      country: new Uint32Array(capacity + 1),
    };
    this.ids = new PackedTexts(capacity);
    this.names = new Uint32Array(capacity + 1);
    this.prices = new Int32Array(capacity + 1);
    this.created = new Float64Array(capacity + 1);
  }

  /** The next products, in the order they are written. */
  add(chunk: readonly ListedProduct[]): void {
    if (this.count + chunk.length > this.capacity) throw new Error(`more products than the ${this.capacity} the listings index was made for`);
    for (const product of chunk) {
      const ordinal = ++this.count;
      for (const filter of INDEX_FILTERS) {
        const dictionary = this.values[filter];
        const value = product[filter];
        let code = dictionary.get(value);
        if (code === undefined) {
          code = dictionary.size + 1;
          dictionary.set(value, code);
        }
        this.codes[filter][ordinal] = code;
      }
      this.ids.set(ordinal, product.id);
      let name = this.nameCodes.get(product.name);
      if (name === undefined) {
        name = this.nameCodes.size;
        this.nameCodes.set(product.name, name);
      }
      this.names[ordinal] = name;
      this.prices[ordinal] = product.casePriceCents;
      this.created[ordinal] = product.createdAt.getTime();
    }
  }

  /** The parts of the index of the products added: each order by its key, then the id. */
  finish(): ListingIndexParts {
    const count = this.count;
    const all = () => Int32Array.from({ length: count }, (_, index) => index + 1);
    const byId = all().sort((a, b) => this.ids.compare(a, b));
    const idRank = new Int32Array(count + 1);
    byId.forEach((ordinal, rank) => (idRank[ordinal] = rank));
    // Each distinct name's rank in byte order, then each product's.
    const distinct = [...this.nameCodes.keys()];
    const nameRankOfCode = new Uint32Array(distinct.length);
    Int32Array.from(distinct.keys())
      .sort((a, b) => compareCodePoints(distinct[a] as string, distinct[b] as string))
      .forEach((code, rank) => (nameRankOfCode[code] = rank));
    const nameRank = this.names.map((code) => nameRankOfCode[code] as number);
    const { prices, created } = this;
    const orders: Record<IndexOrder, Int32Array> = {
      name: all().sort((a, b) => (nameRank[a] as number) - (nameRank[b] as number) || (idRank[a] as number) - (idRank[b] as number)),
      price: all().sort((a, b) => (prices[a] as number) - (prices[b] as number) || (idRank[a] as number) - (idRank[b] as number)),
      created: all().sort((a, b) => (created[a] as number) - (created[b] as number) || (idRank[a] as number) - (idRank[b] as number)),
    };
    const values = {} as Record<IndexFilter, string[]>;
    const codes = {} as Record<IndexFilter, Uint32Array>;
    for (const filter of INDEX_FILTERS) {
      values[filter] = [...this.values[filter].keys()];
      codes[filter] = count === this.capacity ? this.codes[filter] : this.codes[filter].slice(0, count + 1);
    }
    return { count, values, codes, orders };
  }
}

/**
 * The listings index of `parts` for the listings' version `stamp`: the text filters' values
 * lowered by the database, as readListingIndex lowers them, and their codes renumbered in the
 * order the lowered values first appear. Null when the table's highest ordinal is not parts.count
 * (the caller wrote exactly parts.count products, so they are ordinals 1 to parts.count).
 */
export async function listingIndexFromParts(db: Database, parts: ListingIndexParts, stamp: string): Promise<ListingIndex | null> {
  // Seeding counted the products it wrote; the highest ordinal tells they are 1 to that count.
  const [row] = rowsOf<{ top: number }>(await db.execute(sql`select coalesce(max(${products.ordinal}), 0) as top from ${products}`));
  if (Number(row?.top) !== parts.count) return null;
  const lowered = await lowerValues(db, [...parts.values.varietal, ...parts.values.region, ...parts.values.country]);
  const codes = {} as Record<IndexFilter, Uint16Array | Uint32Array>;
  const dictionaries = {} as Record<IndexFilter, Map<string, number>>;
  for (const filter of INDEX_FILTERS) {
    const dictionary = new Map<string, number>();
    // Codes as written are numbered in the order values first appear, so numbering their lowered
    // values in code order numbers those in the order they first appear too.
    const renumbered = new Uint32Array(parts.values[filter].length + 1);
    parts.values[filter].forEach((value, index) => {
      const key = filter === 'supplierId' ? value : (lowered.get(value) as string);
      let code = dictionary.get(key);
      if (code === undefined) {
        code = dictionary.size + 1;
        dictionary.set(key, code);
      }
      renumbered[index + 1] = code;
    });
    const column = parts.codes[filter];
    for (let ordinal = 1; ordinal < column.length; ordinal += 1) column[ordinal] = renumbered[column[ordinal] as number] as number;
    codes[filter] = compactCodes(column, dictionary);
    dictionaries[filter] = dictionary;
  }
  return new ListingIndex(stamp, codes, dictionaries, parts.orders);
}
