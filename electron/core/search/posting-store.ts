/**
 * Each term's products on disk (table `postings`, see posting-chunks.ts), read per query through a
 * cache of whole terms bounded in bytes (`cacheBytes`, a setting), and changed a page at a time in
 * the page's own transaction. The cache is the only part that stays in memory, whatever the
 * catalog's size.
 *
 * While a feed's bootstrap fills the copy (`hold`), the chunks at the catalog's end — where its new
 * products are appended — are **held**: kept whole in memory and written once the positions have
 * moved past them (or when they outgrow `heldBytes`, a setting), not rewritten by every page. Each
 * page would otherwise rewrite the last chunk of every term it touches: about a third of the
 * database pages a bootstrap page wrote. The database never has a row of a held chunk: every chunk
 * from `heldFrom` (kept in `meta` under `HELD_FROM_KEY`, in each write's transaction) on is the
 * held one, and a read lays them over what it read. What is held is what the products at those
 * positions hold, so after a crash, or a write that failed, it is made again from their rows
 * (`restoreHeld`, by the search index); `release` writes it all and stops holding.
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

/** Default bytes of held chunks (see above) before they are all written. */
export const DEFAULT_HELD_POSTING_BYTES = 4 * 1024 * 1024;

/** The first chunk index held, in `meta`, while chunks are held. */
export const HELD_FROM_KEY = 'postings_held_from';

/** Positions to add to a term and to remove from it. */
export interface TermChange {
  added: number[];
  removed: number[];
}

type Sql = (text: string) => SqliteStatement;

/** A term's change by chunk index, each chunk's offsets in it. */
type ChunkChanges = Map<number, { added: number[]; removed: number[] }>;

const OFFSET_MASK = CHUNK_WORDS * 32 - 1;

/**
 * The change split by chunk, each position put in its chunk in turn. A chunk's entry is looked up
 * only when the chunk differs from the position before's: a first sync's new products, added in
 * increasing order, take one lookup a run of a chunk instead of one a position.
 */
export function changesByChunk(change: TermChange): ChunkChanges {
  const byChunk: ChunkChanges = new Map();
  let index = -1;
  let entry = { added: [] as number[], removed: [] as number[] };
  const put = (position: number, side: 'added' | 'removed') => {
    if (position >>> CHUNK_BITS !== index) {
      index = position >>> CHUNK_BITS;
      let found = byChunk.get(index);
      if (!found) byChunk.set(index, (found = { added: [], removed: [] }));
      entry = found;
    }
    entry[side].push(position & OFFSET_MASK);
  };
  for (const position of change.removed) put(position, 'removed');
  for (const position of change.added) put(position, 'added');
  return byChunk;
}

export type PostingStore = ReturnType<typeof createPostingStore>;

export function createPostingStore(
  sql: Sql,
  { cacheBytes = DEFAULT_POSTING_CACHE_BYTES, heldBytes: maxHeldBytes = DEFAULT_HELD_POSTING_BYTES }: { cacheBytes?: number; heldBytes?: number } = {},
) {
  /** Whole terms, least recently used first (a Map keeps insertion order). */
  const cache = new Map<number, { chunks: Map<number, Chunk>; bytes: number }>();
  let cachedBytes = 0;
  /** The first chunk index held (null: none is), and the held chunks by term and index (null: empty). */
  let heldFrom: number | null = null;
  let held = new Map<number, Map<number, Chunk | null>>();
  let heldBytes = 0;
  /** The highest chunk index held. */
  let heldTop = -1;
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
    for (const [index, chunk] of held.get(termKey) ?? []) if (chunk) chunks.set(index, chunk);
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
      const byChunk = changesByChunk(change);
      const cached = cache.get(termKey);
      for (const [index, { added, removed }] of byChunk) {
        const key = chunkRowId(termKey, index);
        const holding = heldFrom !== null && index >= heldFrom;
        let current: Chunk | null;
        if (holding) current = held.get(termKey)?.get(index) ?? null;
        else if (cached) current = cached.chunks.get(index) ?? null;
        else {
          const stored = readOne.get(key) as Buffer | undefined;
          current = stored ? decodeChunk(stored) : null;
        }
        const next = updateChunk(current, added, removed);
        if (holding) setHeld(termKey, index, next);
        else if (next) write.run(key, encodeChunk(next));
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
    if (heldFrom === null) return;
    // The positions moved on: the chunks before the last are complete (writes to them go straight to
    // the database from now on). Past the setting, all are written and the next chunk is the first held.
    if (heldBytes > maxHeldBytes) writeHeld(heldTop + 1);
    else if (heldTop > heldFrom) writeHeld(heldTop);
  }

  function setHeld(termKey: number, index: number, chunk: Chunk | null) {
    let chunks = held.get(termKey);
    if (!chunks) held.set(termKey, (chunks = new Map()));
    const before = chunks.get(index);
    heldBytes += (chunk ? chunkBytes(chunk) + ENTRY_OVERHEAD : 0) - (before ? chunkBytes(before) + ENTRY_OVERHEAD : 0);
    chunks.set(index, chunk);
    if (index > heldTop) heldTop = index;
  }

  /** Writes the held chunks below `from` and holds from there on (in the running transaction). */
  function writeHeld(from: number) {
    const write = sql('INSERT OR REPLACE INTO postings (key, data) VALUES (?, ?)');
    for (const [termKey, chunks] of held) {
      for (const [index, chunk] of chunks) {
        if (index >= from) continue;
        if (chunk) {
          write.run(chunkRowId(termKey, index), encodeChunk(chunk));
          heldBytes -= chunkBytes(chunk) + ENTRY_OVERHEAD;
        }
        chunks.delete(index);
      }
      if (chunks.size === 0) held.delete(termKey);
    }
    heldFrom = from;
    sql('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT DO UPDATE SET value = excluded.value').run(HELD_FROM_KEY, String(from));
  }

  /**
   * Starts holding the chunks from `from` on (in the running transaction). The database must have
   * no row of them: `from` lies past the chunk of the highest position stored.
   */
  function hold(from: number) {
    if (heldFrom !== null) return;
    held = new Map();
    heldBytes = 0;
    heldTop = from - 1;
    writeHeld(from);
  }

  /** Writes every held chunk and stops holding (in the running transaction). */
  function release() {
    if (heldFrom === null) return;
    writeHeld(Number.MAX_SAFE_INTEGER);
    heldFrom = null;
    heldTop = -1;
    sql('DELETE FROM meta WHERE key = ?').run(HELD_FROM_KEY);
  }

  /**
   * Reads whether chunks are held, and from which; what they hold is then given back by
   * `restoreHeld`, from the products stored at those positions (`heldFrom` tells from which).
   */
  function load() {
    cache.clear();
    cachedBytes = 0;
    held = new Map();
    heldBytes = 0;
    const from = sql('SELECT value FROM meta WHERE key = ?').pluck().get(HELD_FROM_KEY) as string | undefined;
    heldFrom = from === undefined ? null : Number(from);
    heldTop = heldFrom === null ? -1 : heldFrom - 1;
  }

  /** The held chunks made again from the terms of the products at positions from `heldFrom` on. */
  function restoreHeld(products: Iterable<{ position: number; termKeys: Iterable<number> }>) {
    if (heldFrom === null) return;
    const offsets = new Map<number, Map<number, number[]>>();
    for (const { position, termKeys } of products) {
      const index = position >>> CHUNK_BITS;
      for (const termKey of termKeys) {
        let byIndex = offsets.get(termKey);
        if (!byIndex) offsets.set(termKey, (byIndex = new Map()));
        let list = byIndex.get(index);
        if (!list) byIndex.set(index, (list = []));
        list.push(position & OFFSET_MASK);
      }
    }
    for (const [termKey, byIndex] of offsets) for (const [index, list] of byIndex) setHeld(termKey, index, updateChunk(null, list, []));
  }

  return {
    read,
    orInto,
    apply,
    hold,
    release,
    load,
    restoreHeld,
    /** The first chunk index held, or null when none is. */
    get heldFrom() {
      return heldFrom;
    },
    get heldBytes() {
      return heldBytes;
    },
    get cachedBytes() {
      return cachedBytes;
    },
    stats,
  };
}
