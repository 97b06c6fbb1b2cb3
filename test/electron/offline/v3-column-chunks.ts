/**
 * Test support: a database's search columns stored as schema version 3 stored them, in chunks of
 * 1,024 positions (catalog-columns.ts now stores 128), so an older file can be made from a new one.
 */
import { COLUMN_CHUNK, COLUMN_CHUNK_BITS, COLUMN_LAYOUT, V3_COLUMN_CHUNK_BITS } from '../../../electron/core/search/catalog-columns';
import type { SqliteDatabase } from '../../../electron/core/offline/sqlite-driver';

export function storeColumnsAsVersionThree(db: SqliteDatabase): void {
  const parts = 2 ** (V3_COLUMN_CHUNK_BITS - COLUMN_CHUNK_BITS);
  const from = 2 ** V3_COLUMN_CHUNK_BITS;
  const chunks = db.prepare('SELECT chunk, data FROM column_chunks').raw().all() as [number, Buffer][];
  const joined = new Map<number, Buffer>();
  const bytesPerProduct = COLUMN_LAYOUT.reduce((sum, [, Kind]) => sum + Kind.BYTES_PER_ELEMENT, 0);
  for (const [chunk, data] of chunks) {
    const old = Math.floor(chunk / parts);
    const part = chunk % parts;
    let target = joined.get(old);
    if (!target) joined.set(old, (target = Buffer.alloc(bytesPerProduct * from)));
    let source = 0;
    let into = 0;
    for (const [, Kind] of COLUMN_LAYOUT) {
      const width = Kind.BYTES_PER_ELEMENT;
      target.set(data.subarray(source, source + width * COLUMN_CHUNK), into + part * COLUMN_CHUNK * width);
      source += width * COLUMN_CHUNK;
      into += width * from;
    }
  }
  db.exec('DELETE FROM column_chunks');
  const insert = db.prepare('INSERT INTO column_chunks (chunk, data) VALUES (?, ?)');
  for (const [chunk, data] of joined) insert.run(chunk, data);
}
