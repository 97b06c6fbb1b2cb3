/**
 * What search filters, sorts and counts by, for every product, as fixed-width columns indexed by
 * the product's position (its row id in `products`): 23 bytes a product, 23 MB at 1,000,000.
 * They are stored as chunks of 128 positions (table `column_chunks`), rewritten in the same
 * transaction as the products they describe, and read back whole when the database opens.
 */
import type { SqliteStatement } from '../offline/sqlite-driver';

/**
 * Positions per stored chunk: 128, so a chunk's row (2,944 bytes) fits in one 4 KiB database page.
 * A change rewrites every chunk holding a changed product, and the products of a feed page lie
 * anywhere in the catalog (a price list reprices every 100th product in id order): a page of 250
 * changes rewrites about 220 chunks. Chunks of 1,024 positions (schema version 3) took 23 KiB each,
 * six overflow pages, 1,300 database pages a feed page.
 */
export const COLUMN_CHUNK_BITS = 7;
export const COLUMN_CHUNK = 1 << COLUMN_CHUNK_BITS;
/** Positions per stored chunk up to schema version 3 (offline-schema.ts splits them). */
export const V3_COLUMN_CHUNK_BITS = 10;

/** The product exists (a position freed by a removal is not). */
export const FLAG_LIVE = 1;
/** Its stock covers its minimum order (`orderableNow`). */
export const FLAG_ORDERABLE = 2;
/** Its country comes from its own detail (otherwise from another product of its region, or unknown). */
export const FLAG_OWN_COUNTRY = 4;

/** Each column: its name, its array type and bytes a product; a stored chunk holds them in this order. */
export const COLUMN_LAYOUT = [
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
const LAYOUT = COLUMN_LAYOUT;

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

/**
 * A stored chunk of `2 ** fromBits` positions (a multiple of COLUMN_CHUNK) as the chunks of
 * COLUMN_CHUNK positions it holds, in order; a part with no product (all zero) is null.
 */
export function splitColumnChunk(data: Uint8Array, fromBits: number): (Buffer | null)[] {
  const from = 2 ** fromBits;
  if (data.byteLength !== BYTES_PER_PRODUCT * from) throw new Error(`a column chunk of ${data.byteLength} bytes, not ${from} positions`);
  const parts: (Buffer | null)[] = [];
  for (let part = 0; part < from / COLUMN_CHUNK; part += 1) {
    const bytes = Buffer.alloc(CHUNK_BYTES);
    let source = 0;
    let target = 0;
    for (const [, Kind] of LAYOUT) {
      const width = Kind.BYTES_PER_ELEMENT;
      bytes.set(data.subarray(source + part * COLUMN_CHUNK * width, source + (part + 1) * COLUMN_CHUNK * width), target);
      source += width * from;
      target += width * COLUMN_CHUNK;
    }
    parts.push(bytes.some((byte) => byte !== 0) ? bytes : null);
  }
  return parts;
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
