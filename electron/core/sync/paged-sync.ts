import type { Paginated } from '../../../shared';
import type { CacheHeader } from '../offline/cache-format';
import { forEachCooperatively } from '../offline/cooperative';
import type { PageRecord } from '../offline/dataset-records';
import type { FetchOutcome } from './fetch-result';

/** Runs a task within the sync's shared bound on concurrent requests (a p-limit). */
export type Limiter = <R>(task: () => Promise<R>) => Promise<R>;

/**
 * One page of a synced list: `line` is the page record as the cache file stores it, serialized
 * when the page arrives; `items` is only what the caller keeps of each item (`keep`). A 50,000
 * product catalog thus waits for its write as 500 buffers outside the JS heap rather than as
 * 50,000 objects, which the garbage collector had to copy and mark again and again during sync.
 */
export interface StoredPage<K> extends PageRecord<K> {
  line: Buffer;
}

export interface PagedSyncInput<T, K> {
  fetchPage: (page: number, etag: string | null) => Promise<FetchOutcome<Paginated<T>>>;
  /** The stored copy's header: its ETags say which pages may come back as 304. */
  previous: CacheHeader | null;
  /**
   * The stored page lines, read only when needed: when something changed and a 304 page must be
   * kept. An unchanged re-sync therefore never reads the stored list at all.
   */
  loadPreviousLines: () => Promise<readonly Buffer[] | null>;
  /** What to keep in memory of each item. */
  keep: (item: T) => K;
  limit: Limiter;
  onProgress: (done: number, total: number | null) => void;
}

export type PagedSyncOutcome<K> =
  /** Every page answered 304: nothing to parse, write or index. */
  | { kind: 'unchanged'; count: number }
  | { kind: 'changed'; pages: StoredPage<K>[]; etags: Record<string, string>; count: number; totalPages: number }
  | { kind: 'failed'; error: string };

const pageKey = (page: number) => `page:${page}`;

/**
 * Refreshes one paged list. Page 1 says how many pages there are; the rest are fetched within the
 * shared concurrency bound. Each page is asked for with the ETag of the stored copy, and a 304
 * keeps the stored page. The result is all-or-nothing: if any page fails, the caller keeps the
 * previous copy untouched, so pages from two different moments never get mixed by a half sync.
 */
export async function syncPagedList<T extends { id: string }, K = T>({
  fetchPage,
  previous,
  loadPreviousLines,
  keep,
  limit,
  onProgress,
}: PagedSyncInput<T, K>): Promise<PagedSyncOutcome<K>> {
  const previousEtags = previous?.etags ?? {};
  const etagFor = (page: number) => previousEtags[pageKey(page)] ?? null;
  const reused = new Set<number>();

  const pages = new Map<number, StoredPage<K>>();
  const etags: Record<string, string> = {};
  let changed = false;

  type PageResult = { ok: true; totalPages: number | null } | { ok: false; error: string };
  const loadPage = async (page: number): Promise<PageResult> => {
    const outcome = await fetchPage(page, etagFor(page));
    if (!outcome.ok) return { ok: false, error: outcome.error.message };
    if (outcome.notModified) {
      reused.add(page);
      const etag = previousEtags[pageKey(page)];
      if (etag) etags[pageKey(page)] = etag;
      return { ok: true, totalPages: null };
    }
    changed = true;
    const items = outcome.data.data;
    const record: PageRecord<T> = { page, items };
    pages.set(page, { page, items: items.map(keep), line: Buffer.from(JSON.stringify(record), 'utf8') });
    if (outcome.etag) etags[pageKey(page)] = outcome.etag;
    return { ok: true, totalPages: outcome.data.meta.total_pages };
  };

  const first = await limit(() => loadPage(1));
  if (!first.ok) return { kind: 'failed', error: first.error };
  const previousTotalPages = Number(previous?.meta.totalPages ?? 0);
  const totalPages = first.totalPages ?? previousTotalPages;
  let done = 1;
  onProgress(done, totalPages);

  let failure: string | null = null;
  await Promise.all(
    Array.from({ length: Math.max(0, totalPages - 1) }, (_, offset) =>
      limit(async () => {
        if (failure) return;
        const result = await loadPage(offset + 2);
        if (!result.ok) {
          failure ??= result.error;
          return;
        }
        done += 1;
        onProgress(done, totalPages);
      }),
    ),
  );
  if (failure) return { kind: 'failed', error: failure };

  if (!changed && totalPages === previousTotalPages) return { kind: 'unchanged', count: previous?.count ?? 0 };

  if (reused.size > 0) {
    const kept = await keepStoredPages(await loadPreviousLines(), reused, keep);
    for (const page of reused) {
      const stored = kept?.get(page);
      if (!stored) return { kind: 'failed', error: 'The stored copy could not be read; it will be downloaded again.' };
      pages.set(page, stored);
    }
  }
  const ordered = [...pages.values()].sort((a, b) => a.page - b.page);
  const count = ordered.reduce((sum, page) => sum + page.items.length, 0);
  return { kind: 'changed', pages: ordered, etags, count, totalPages };
}

/** A stored line starts with its page number (`{"page":12,…`), so lines of changed pages need no parsing. */
const PAGE_PREFIX = /^\{"page":(\d+),/;

/** The stored pages that answered 304, with their lines as stored; null when a line cannot be read. */
async function keepStoredPages<T, K>(
  lines: readonly Buffer[] | null,
  wanted: ReadonlySet<number>,
  keep: (item: T) => K,
): Promise<Map<number, StoredPage<K>> | null> {
  const kept = new Map<number, StoredPage<K>>();
  let unreadable = false;
  await forEachCooperatively(lines?.length ?? 0, (index) => {
    const line = lines![index]!;
    const prefixed = PAGE_PREFIX.exec(line.toString('latin1', 0, 32));
    if (prefixed && !wanted.has(Number(prefixed[1]))) return;
    try {
      const record = JSON.parse(line.toString('utf8')) as PageRecord<T>;
      if (wanted.has(record.page)) kept.set(record.page, { page: record.page, items: record.items.map(keep), line });
    } catch {
      unreadable = true;
    }
  });
  return unreadable ? null : kept;
}
