/**
 * Each term's products on disk (table `postings`, see posting-chunks.ts), read per query through a
 * cache of whole terms bounded in bytes (`cacheBytes`, a setting), and changed a page at a time in
 * the page's own transaction. The cache is the only part that stays in memory, whatever the
 * catalog's size.
 */
import type { SqliteStatement } from '../offline/sqlite-driver';
import { CHUNK_BITS, CHUNK_WORDS, chunkBytes, decodeChunk, encodeChunk, orChunkInto, updateChunk, type Chunk } from './posting-chunks';

/** Row id of a chunk: the term's key in the high bits, the chunk's index in the low 20 (positions below 2^32). */
const CHUNK_INDEX_SPAN = 2 ** (32 - CHUNK_BITS);
export const chunkRowId = (termKey: number, chunk: number) => termKey * CHUNK_INDEX_SPAN + chunk;

/** What a cached chunk costs beside its bytes (the map entry and the typed array's header). */
const ENTRY_OVERHEAD = 96;

/** Default size of the cache of terms read from disk. */
export const DEFAULT_POSTING_CACHE_BYTES = 24 * 1024 * 1024;

/** Positions to add to a term and to remove from it. */
export interface TermChange {
  added: number[];
  removed: number[];
}

type Sql = (text: string) => SqliteStatement;

export type PostingStore = ReturnType<typeof createPostingStore>;

export function createPostingStore(sql: Sql, { cacheBytes = DEFAULT_POSTING_CACHE_BYTES }: { cacheBytes?: number } = {}) {
  /** Whole terms, least recently used first (a Map keeps insertion order). */
  const cache = new Map<number, { chunks: Map<number, Chunk>; bytes: number }>();
  let cachedBytes = 0;
  const stats = { reads: 0, hits: 0 };

  const termBytes = (chunks: Map<number, Chunk>) => {
    let bytes = ENTRY_OVERHEAD;
    for (const chunk of chunks.values()) bytes += chunkBytes(chunk) + ENTRY_OVERHEAD;
    return bytes;
  };

  function remember(termKey: number, chunks: Map<number, Chunk>) {
    const bytes = termBytes(chunks);
    if (bytes > cacheBytes / 4) return;
    cache.set(termKey, { chunks, bytes });
    cachedBytes += bytes;
    for (const [key, entry] of cache) {
      if (cachedBytes <= cacheBytes) break;
      cache.delete(key);
      cachedBytes -= entry.bytes;
    }
  }

  /** A term's chunks by chunk index, from the cache or the database. */
  function read(termKey: number): Map<number, Chunk> {
    stats.reads += 1;
    const cached = cache.get(termKey);
    if (cached) {
      stats.hits += 1;
      cache.delete(termKey);
      cache.set(termKey, cached);
      return cached.chunks;
    }
    const chunks = new Map<number, Chunk>();
    const rows = sql('SELECT key, data FROM postings WHERE key >= ? AND key < ?').raw().all(chunkRowId(termKey, 0), chunkRowId(termKey + 1, 0)) as [number, Buffer][];
    const base = chunkRowId(termKey, 0);
    for (const [key, data] of rows) chunks.set(key - base, decodeChunk(data));
    remember(termKey, chunks);
    return chunks;
  }

  /** Sets the positions of a term in `target` (a bitmap over positions; chunks past its end are left out). */
  function orInto(termKey: number, target: Uint32Array): void {
    for (const [index, chunk] of read(termKey)) {
      const wordOffset = index * CHUNK_WORDS;
      if (wordOffset < target.length) orChunkInto(target, wordOffset, chunk);
    }
  }

  /** Applies a page's changes to the terms it touched; run inside the page's transaction. */
  function apply(changes: ReadonlyMap<number, TermChange>): void {
    const write = sql('INSERT OR REPLACE INTO postings (key, data) VALUES (?, ?)');
    const remove = sql('DELETE FROM postings WHERE key = ?');
    const readOne = sql('SELECT data FROM postings WHERE key = ?').pluck();
    for (const [termKey, change] of changes) {
      const byChunk = new Map<number, { added: number[]; removed: number[] }>();
      const at = (position: number) => {
        const index = position >>> CHUNK_BITS;
        let entry = byChunk.get(index);
        if (!entry) byChunk.set(index, (entry = { added: [], removed: [] }));
        return entry;
      };
      for (const position of change.removed) at(position).removed.push(position & (CHUNK_WORDS * 32 - 1));
      for (const position of change.added) at(position).added.push(position & (CHUNK_WORDS * 32 - 1));
      const cached = cache.get(termKey);
      for (const [index, { added, removed }] of byChunk) {
        const key = chunkRowId(termKey, index);
        let current: Chunk | null;
        if (cached) current = cached.chunks.get(index) ?? null;
        else {
          const stored = readOne.get(key) as Buffer | undefined;
          current = stored ? decodeChunk(stored) : null;
        }
        const next = updateChunk(current, added, removed);
        if (next) write.run(key, encodeChunk(next));
        else if (current) remove.run(key);
        if (cached) {
          const change = (next ? chunkBytes(next) + ENTRY_OVERHEAD : 0) - (current ? chunkBytes(current) + ENTRY_OVERHEAD : 0);
          if (next) cached.chunks.set(index, next);
          else cached.chunks.delete(index);
          cached.bytes += change;
          cachedBytes += change;
        }
      }
    }
  }

  return {
    read,
    orInto,
    apply,
    /** Forgets what is cached (after a write that failed, or when the catalog is cleared). */
    forget() {
      cache.clear();
      cachedBytes = 0;
    },
    get cachedBytes() {
      return cachedBytes;
    },
    stats,
  };
}
