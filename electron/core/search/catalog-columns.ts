/**
 * What search filters, sorts and counts by, for every product, as fixed-width columns indexed by
 * the product's position (its row id in `products`): 23 bytes a product, 23 MB at 1,000,000.
 * They are stored as chunks of 1,024 positions (table `column_chunks`), rewritten in the same
 * transaction as the products they describe, and read back whole when the database opens.
 */
import type { SqliteStatement } from '../offline/sqlite-driver';

/** Positions per stored chunk. */
export const COLUMN_CHUNK_BITS = 10;
export const COLUMN_CHUNK = 1 << COLUMN_CHUNK_BITS;

/** The product exists (a position freed by a removal is not). */
export const FLAG_LIVE = 1;
/** Its stock covers its minimum order (`orderableNow`). */
export const FLAG_ORDERABLE = 2;
/** Its country comes from its own detail (otherwise from another product of its region, or unknown). */
export const FLAG_OWN_COUNTRY = 4;

/** Each column: its name, its array type and bytes a product. */
const LAYOUT = [
  ['varietal', Uint16Array],
  ['region', Uint16Array],
  ['country', Uint16Array],
  ['supplier', Uint16Array],
  ['vintage', Uint16Array],
  ['price', Uint32Array],
  ['created', Uint32Array],
  ['rank', Uint32Array],
  ['flags', Uint8Array],
] as const;

type ColumnName = (typeof LAYOUT)[number][0];
type ArrayOf<N extends ColumnName> = InstanceType<Extract<(typeof LAYOUT)[number], readonly [N, unknown]>[1]>;
export type Columns = { [N in ColumnName]: ArrayOf<N> };

/** Bytes a product takes in memory. */
export const BYTES_PER_PRODUCT = LAYOUT.reduce((sum, [, Kind]) => sum + Kind.BYTES_PER_ELEMENT, 0);
const CHUNK_BYTES = BYTES_PER_PRODUCT * COLUMN_CHUNK;

type Sql = (text: string) => SqliteStatement;

/** One product's values (the facets as their dictionaries' ids). */
export interface ColumnValues {
  varietal: number;
  region: number;
  country: number;
  supplier: number;
  vintage: number;
  price: number;
  created: number;
  rank: number;
  flags: number;
}

export type CatalogColumns = ReturnType<typeof createCatalogColumns>;

export function createCatalogColumns(sql: Sql) {
  let capacity = 0;
  let columns = allocate(0);
  /** Chunks changed since the last `persist`. */
  const dirty = new Set<number>();

  function allocate(size: number): Columns {
    return Object.fromEntries(LAYOUT.map(([name, Kind]) => [name, new Kind(size)])) as unknown as Columns;
  }

  /** Makes room for `position` (in steps of a quarter more, in whole chunks). */
  function ensure(position: number) {
    if (position < capacity) return;
    const wanted = Math.max(position + 1, Math.ceil(capacity * 1.25));
    const next = Math.ceil(wanted / COLUMN_CHUNK) * COLUMN_CHUNK;
    const grown = allocate(next);
    for (const [name] of LAYOUT) (grown[name] as Uint32Array).set(columns[name] as Uint32Array);
    columns = grown;
    capacity = next;
  }

  function write(position: number, values: ColumnValues) {
    ensure(position);
    for (const [name] of LAYOUT) columns[name][position] = values[name];
    dirty.add(position >>> COLUMN_CHUNK_BITS);
  }

  function read(position: number): ColumnValues | null {
    if (position >= capacity || (columns.flags[position]! & FLAG_LIVE) === 0) return null;
    return Object.fromEntries(LAYOUT.map(([name]) => [name, columns[name][position]!])) as unknown as ColumnValues;
  }

  function encode(chunk: number): Buffer {
    const bytes = Buffer.alloc(CHUNK_BYTES);
    let offset = 0;
    const start = chunk * COLUMN_CHUNK;
    for (const [name, Kind] of LAYOUT) {
      const slice = columns[name].subarray(start, start + COLUMN_CHUNK);
      bytes.set(new Uint8Array(slice.buffer, slice.byteOffset, slice.byteLength), offset);
      offset += Kind.BYTES_PER_ELEMENT * COLUMN_CHUNK;
    }
    return bytes;
  }

  function decodeInto(chunk: number, bytes: Uint8Array) {
    if (bytes.byteLength !== CHUNK_BYTES) throw new Error(`a column chunk of ${bytes.byteLength} bytes`);
    const start = chunk * COLUMN_CHUNK;
    ensure(start + COLUMN_CHUNK - 1);
    let offset = 0;
    for (const [name, Kind] of LAYOUT) {
      const target = columns[name];
      const length = Kind.BYTES_PER_ELEMENT * COLUMN_CHUNK;
      new Uint8Array(target.buffer, target.byteOffset + start * Kind.BYTES_PER_ELEMENT, length).set(bytes.subarray(offset, offset + length));
      offset += length;
    }
  }

  return {
    get columns() {
      return columns;
    },
    /** Positions are below this. */
    get capacity() {
      return capacity;
    },
    write,
    read,
    /** Marks a product's position free. */
    clear(position: number) {
      if (position >= capacity) return;
      for (const [name] of LAYOUT) columns[name][position] = 0;
      dirty.add(position >>> COLUMN_CHUNK_BITS);
    },
    /** Changes one column of one product (a country learned, a rank). */
    set<N extends ColumnName>(name: N, position: number, value: number) {
      columns[name][position] = value;
      dirty.add(position >>> COLUMN_CHUNK_BITS);
    },
    /** Writes the chunks changed since the last call; run inside the transaction that changed them. */
    persist() {
      const put = sql('INSERT OR REPLACE INTO column_chunks (chunk, data) VALUES (?, ?)');
      for (const chunk of dirty) put.run(chunk, encode(chunk));
      dirty.clear();
    },
    /** Reads every stored chunk (at open, or after a failed write). */
    load() {
      capacity = 0;
      columns = allocate(0);
      dirty.clear();
      const max = sql('SELECT max(chunk) FROM column_chunks').pluck().get() as number | null;
      if (max !== null) ensure((max + 1) * COLUMN_CHUNK - 1);
      for (const [chunk, data] of sql('SELECT chunk, data FROM column_chunks').raw().iterate() as IterableIterator<[number, Buffer]>) decodeInto(chunk, data);
    },
    reset() {
      capacity = 0;
      columns = allocate(0);
      dirty.clear();
    },
  };
}
