import type { Paginated } from '../../../shared';
import type { FetchOutcome } from './fetch-result';

/** Runs a task within the sync's shared bound on concurrent requests (a p-limit). */
export type Limiter = <R>(task: () => Promise<R>) => Promise<R>;

/** A page's write: done, or why not (the offline copy's words and code, e.g. `disk_full`). */
export type PageSaved = { ok: true } | { ok: false; message: string; code: string | null };

export interface PagedSyncInput<T> {
  fetchPage: (page: number, etag: string | null) => Promise<FetchOutcome<Paginated<T>>>;
  /** The stored validator of each page: a page that did not change comes back as 304. */
  etags: Record<number, string>;
  /** How many pages the stored copy has (0: none). */
  storedPages: number;
  limit: Limiter;
  onProgress: (done: number, total: number | null) => void;
  /**
   * Called with each page that changed as it arrives, within its request's slot, so a slow write
   * holds back the next requests. The catalog writes each page here (it is searchable at once);
   * a page that could not be written stops the rest as a failed fetch does.
   */
  onPage?: (page: number, etag: string | null, items: T[]) => Promise<PageSaved>;
  /** Read the pages that answered 304 again in full when another changed (lists kept whole). */
  needsWholeList?: boolean;
}

export type PagedSyncOutcome<T> =
  /** Every page answered 304 and the number of pages is the same: nothing to write. */
  | { kind: 'unchanged' }
  | { kind: 'changed'; pages: Map<number, T[]>; etags: Record<number, string>; totalPages: number }
  /** `code`: the write's failure code, when a page could not be written (a failed fetch has none). */
  | { kind: 'failed'; error: string; code?: string };

/**
 * Refreshes one paged list. Page 1 says how many pages there are; the rest are fetched within the
 * shared concurrency bound, each with the ETag of the stored page. With `onPage` every changed
 * page is handed over as it arrives; with `needsWholeList` the caller gets every page (a page
 * that answered 304 is read again in full when another one changed). A failure stops the rest.
 */
export async function syncPagedList<T>({ fetchPage, etags: stored, storedPages, limit, onProgress, onPage, needsWholeList = false }: PagedSyncInput<T>): Promise<PagedSyncOutcome<T>> {
  const pages = new Map<number, T[]>();
  const etags: Record<number, string> = {};
  const notModified = new Set<number>();
  let changed = false;

  type Failure = { error: string; code?: string };
  type PageResult = ({ ok: true; totalPages: number | null }) | ({ ok: false } & Failure);
  const loadPage = async (page: number, useEtag = true): Promise<PageResult> => {
    const outcome = await fetchPage(page, useEtag ? (stored[page] ?? null) : null);
    if (!outcome.ok) return { ok: false, error: outcome.error.message };
    if (outcome.notModified) {
      notModified.add(page);
      if (stored[page]) etags[page] = stored[page]!;
      return { ok: true, totalPages: null };
    }
    changed = true;
    notModified.delete(page);
    if (outcome.etag) etags[page] = outcome.etag;
    if (onPage) {
      const saved = await onPage(page, outcome.etag, outcome.data.data);
      if (!saved.ok) return saved.code ? { ok: false, error: saved.message, code: saved.code } : { ok: false, error: saved.message };
    }
    if (!onPage || needsWholeList) pages.set(page, outcome.data.data);
    return { ok: true, totalPages: outcome.data.meta.total_pages };
  };

  let first = await limit(() => loadPage(1));
  // Page 1 unchanged but the stored list never completed (a sync cut short): how many pages there
  // are is not stored, so page 1 is read again in full to learn it, and the rest follow.
  if (first.ok && first.totalPages === null && storedPages === 0) first = await limit(() => loadPage(1, false));
  if (!first.ok) return failedWith(first);
  const totalPages = first.totalPages ?? storedPages;
  let done = 1;
  onProgress(done, totalPages);

  let failure: Failure | null = null;
  const fetchAll = (numbers: number[], useEtag: boolean) =>
    Promise.all(
      numbers.map((page) =>
        limit(async () => {
          if (failure) return;
          const result = await loadPage(page, useEtag);
          if (!result.ok) {
            failure ??= result;
            return;
          }
          if (useEtag) onProgress((done += 1), totalPages);
        }),
      ),
    );
  await fetchAll(Array.from({ length: Math.max(0, totalPages - 1) }, (_, offset) => offset + 2), true);
  if (failure) return failedWith(failure);
  if (!changed && totalPages === storedPages) return { kind: 'unchanged' };
  if (needsWholeList && notModified.size > 0) {
    await fetchAll([...notModified], false);
    if (failure) return failedWith(failure);
  }
  return { kind: 'changed', pages, etags, totalPages };
}

const failedWith = ({ error, code }: { error: string; code?: string }): PagedSyncOutcome<never> =>
  code ? { kind: 'failed', error, code } : { kind: 'failed', error };
