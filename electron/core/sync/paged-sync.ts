import type { Paginated } from '../../../shared';
import type { CacheHeader } from '../offline/cache-format';
import type { PageRecord } from '../offline/dataset-records';
import type { FetchOutcome } from './fetch-result';

/** Runs a task within the sync's shared bound on concurrent requests (a p-limit). */
export type Limiter = <R>(task: () => Promise<R>) => Promise<R>;

export interface PagedSyncInput<T> {
  fetchPage: (page: number, etag: string | null) => Promise<FetchOutcome<Paginated<T>>>;
  /** The stored copy's header: its ETags say which pages may come back as 304. */
  previous: CacheHeader | null;
  /**
   * The stored pages, read only when needed: when something changed and a 304 page must be kept.
   * An unchanged re-sync therefore never reads or parses the stored list at all.
   */
  loadPreviousPages: () => Promise<PageRecord<T>[] | null>;
  limit: Limiter;
  onProgress: (done: number, total: number | null) => void;
}

export type PagedSyncOutcome<T> =
  /** Every page answered 304: nothing to parse, write or index. */
  | { kind: 'unchanged'; count: number }
  | { kind: 'changed'; pages: PageRecord<T>[]; etags: Record<string, string>; count: number; totalPages: number }
  | { kind: 'failed'; error: string };

const pageKey = (page: number) => `page:${page}`;

/**
 * Refreshes one paged list. Page 1 says how many pages there are; the rest are fetched within the
 * shared concurrency bound. Each page is asked for with the ETag of the stored copy, and a 304
 * keeps the stored page. The result is all-or-nothing: if any page fails, the caller keeps the
 * previous copy untouched, so pages from two different moments never get mixed by a half sync.
 */
export async function syncPagedList<T extends { id: string }>({
  fetchPage,
  previous,
  loadPreviousPages,
  limit,
  onProgress,
}: PagedSyncInput<T>): Promise<PagedSyncOutcome<T>> {
  const previousEtags = previous?.etags ?? {};
  const etagFor = (page: number) => previousEtags[pageKey(page)] ?? null;
  const reused = new Set<number>();

  const pages = new Map<number, PageRecord<T>>();
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
    pages.set(page, { page, items: outcome.data.data });
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
    const stored = new Map((await loadPreviousPages())?.map((record) => [record.page, record]) ?? []);
    for (const page of reused) {
      const record = stored.get(page);
      if (!record) return { kind: 'failed', error: 'The stored copy could not be read; it will be downloaded again.' };
      pages.set(page, record);
    }
  }
  const ordered = [...pages.values()].sort((a, b) => a.page - b.page);
  const count = ordered.reduce((sum, page) => sum + page.items.length, 0);
  return { kind: 'changed', pages: ordered, etags, count, totalPages };
}
