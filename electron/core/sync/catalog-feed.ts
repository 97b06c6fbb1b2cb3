import type { CatalogChangesPage } from '../../../shared/schemas/catalog-changes';
import type { OfflineFailure, OfflineResult } from '../offline/offline-database';
import type { FetchOutcome } from './fetch-result';
import { createFeedRequests } from './feed-requests';
import { offlineFailed, progress, stepFailed, unexpectedCopyFault, type StepOutcome, type SyncContext } from './sync-context';

/** Said in Settings → Offline copy when the service no longer knew the cursor. */
export const FEED_RESTART_NOTICE =
  'The service could no longer tell what changed since the last sync, so the whole catalog was downloaded again. Nothing needs doing.';

/**
 * Entries asked per feed page. With the service client (`callBytes`) each page is decoded, parsed
 * and checked in the offline worker; a parse on the main thread (a client without it) of 1,000 full products
 * (the most a page may hold) held that thread for hundreds of milliseconds on a loaded machine
 * (bench:core), a quarter of that keeps each parse short. What a larger transaction saves the
 * offline write, pages that queue up get by being written two to a transaction (FEED_PAGES_A_WRITE).
 */
export const FEED_PAGE_LIMIT = 250;

/**
 * Feed pages written in one transaction at most, when the next page has already come as a page is
 * read (the worker is behind the service, as in a first sync): the transaction's own cost and the
 * database pages that consecutive pages both change (the search index's, the tables' inner pages)
 * are paid once for the two. Two pages of 250 in one transaction took the worker 7–8 % less time
 * than in two (`bench/offline-sync-memory.ts`, pairs at 300,000 products, docs/benchmarks.md); four
 * saved little more and make each write, which a buyer's search may wait behind, four times as long.
 * While the buyer types (`buyerTyping`), each page is written alone: a keystroke's search waits
 * behind one page's write at most.
 */
export const FEED_PAGES_A_WRITE = 2;

/**
 * One feed page fetched and read: what the rest of the loop needs of it. Its write (`written`) may
 * still be running while the next page is fetched; it resolves to the failure that stopped it, if any.
 */
type PageStep =
  | { ok: true; notModified: true }
  | { ok: true; notModified: false; changed: number; nextCursor: string; hasMore: boolean; written: Promise<OfflineFailure | null> }
  | { ok: false; error: FeedFailure };

type FeedFailure = { message: string; code?: string; status?: number | null; problemCode?: string | null };

/** The offline copy's failure as the feed's (no status: it is not the service's). */
const copyFailure = (failure: OfflineFailure): FeedFailure => (failure.code ? { message: failure.message, code: failure.code } : { message: failure.message });

/**
 * The catalog through the service's change feed (`GET /catalog/changes`), when it has one: every
 * product arrives whole, details included (no request per product), and a re-sync asks only for
 * what changed since the stored cursor. Each page is written with the cursor after it in one
 * transaction, so an interrupted sync goes on from the last page it wrote. A cursor the service
 * no longer knows (410 `cursor_expired`) starts the feed over from nothing, said in Settings, not
 * as an error. Resolves `unsupported` when the service has no feed (404): the caller syncs pages.
 */
export async function syncCatalogFeed(context: SyncContext, onPages: () => void = () => {}): Promise<StepOutcome | 'unsupported'> {
  const scope = context.scope();
  const stored = await context.store.datasetInfo('catalog', scope);
  if (!stored.ok) return offlineFailed(context, 'catalog', stored);
  let cursor = stored.value?.cursor ?? null;
  let notice: string | null = null;
  let pages = 0;
  let changed = 0;
  const query = (since: string | null) => (since ? { since, limit: String(FEED_PAGE_LIMIT) } : { limit: String(FEED_PAGE_LIMIT) });
  /** Read from nothing (no cursor yet, or a cursor the service no longer knows): marked in the database before the first page. */
  let bootstrapping = false;
  const beforeWrite = async (since: string | null): Promise<OfflineFailure | null> => {
    if (since === null && !bootstrapping) {
      const started = await context.store.startFeedBootstrap(scope);
      if (!started.ok) return started;
      bootstrapping = true;
    }
    return null;
  };
  const callBytes = context.api.callBytes;
  // The next page is asked for as soon as a page's headers name it (feed-requests.ts).
  const bytePages = createFeedRequests((since, extras) => context.pages(() => callBytes!('catalogChanges', { query: query(since), ...extras })));
  const parsedPages = createFeedRequests(
    (since, extras) => context.pages(() => context.api.call('catalogChanges', { query: query(since), ...extras }) as unknown as Promise<FetchOutcome<CatalogChangesPage>>),
  );
  /**
   * The write of the page before, if it is still running: the next page is fetched meanwhile (its
   * cursor is known once the page is read), and written only once that write has succeeded, so
   * pages are still written one transaction each, in order. Resolves to the failure that stopped
   * it (a write that threw, which no one expected, in `unexpectedCopyFault`'s words).
   */
  let writing: Promise<OfflineFailure | null> = Promise.resolve(null);
  const written = async () => {
    const failure = await writing;
    writing = Promise.resolve(null);
    return failure;
  };
  const startWrite = (write: () => Promise<OfflineResult<unknown>>) => {
    writing = write().then(
      (done) => (done.ok ? null : done),
      (error: unknown): OfflineFailure => ({ ok: false, message: unexpectedCopyFault(error), code: null }),
    );
    return writing;
  };
  /**
   * Pages read by the worker and not written yet (`FEED_PAGES_A_WRITE`): their write, once started,
   * settles `written` for each of them.
   */
  let unwritten: { pages: number; settle: (write: Promise<OfflineFailure | null>) => void; written: Promise<OfflineFailure | null> } | null = null;
  /** The write of the pages read so far, with the cursor after the last: resolves to its failure, if any. */
  const writeRead = (savedAt: string) => {
    const write = startWrite(() => context.store.writeReadChanges(scope, savedAt));
    unwritten?.settle(write);
    unwritten = null;
    return write;
  };
  /** A page just read waits for the next to be written with it: the next has come, the write would not be too long, and the buyer is not typing. */
  const joinNextWrite = (hasMore: boolean, nextCursor: string) => {
    if (!hasMore || (unwritten?.pages ?? 0) + 1 >= FEED_PAGES_A_WRITE || !bytePages.ready(nextCursor) || context.buyerTyping?.()) return null;
    if (!unwritten) {
      let settle: (write: Promise<OfflineFailure | null>) => void = () => {};
      const written = new Promise<OfflineFailure | null>((resolve) => {
        settle = (write) => resolve(write);
      });
      unwritten = { pages: 0, settle, written };
    }
    unwritten.pages += 1;
    return unwritten.written;
  };
  /** The write of the page before, then the worker's turn for this page (held while the buyer types), then the bootstrap's mark: the failure of either. */
  const readyToRead = async (since: string | null) => {
    const before = await written();
    if (before) return before;
    await context.writeTurn?.();
    return beforeWrite(since);
  };
  /** Fetches the page after `since`, reads it, and starts its write with its cursor. */
  const step = async (since: string | null): Promise<PageStep> => {
    if (callBytes) {
      // The bytes move to the worker as they came (not copied, still compressed): inflating,
      // decoding, parsing and checking 250 whole products stays off the main thread, and so does
      // the garbage of a megabyte's string and of its inflated bytes.
      const outcome = await bytePages.page(since);
      if (!outcome.ok) return { ok: false, error: outcome.error as FeedFailure };
      if (outcome.notModified) return outcome;
      const notReady = await readyToRead(since);
      if (notReady) return { ok: false, error: copyFailure(notReady) };
      const read = await context.store.readChangesBytes(scope, outcome.bytes, outcome.coding, since);
      if (!read.ok) return { ok: false, error: copyFailure(read) };
      if (!read.value.ok) return { ok: false, error: { message: read.value.message, code: 'bad_response', status: outcome.status } };
      const joined = joinNextWrite(read.value.hasMore, read.value.nextCursor);
      return { ...read.value, notModified: false, written: joined ?? writeRead(context.nowIso()) };
    }
    const outcome = await parsedPages.page(since);
    if (!outcome.ok) return { ok: false, error: outcome.error as FeedFailure };
    if (outcome.notModified) return outcome;
    const page = outcome.data;
    const notReady = await readyToRead(since);
    if (notReady) return { ok: false, error: copyFailure(notReady) };
    const savedAt = context.nowIso();
    const write = () =>
      page.data.length > 0 || page.next_cursor !== since ? context.store.applyChanges(scope, page.data, page.next_cursor, savedAt) : Promise.resolve({ ok: true as const, value: 0 });
    return { ok: true, notModified: false, changed: page.data.length, nextCursor: page.next_cursor, hasMore: page.has_more, written: startWrite(write) };
  };
  try {
    progress(context, 'catalog', 0, null);
    for (;;) {
      const outcome = await step(cursor);
      // Pages read and waiting for this one are written now when this one brought no page to join them.
      if (unwritten && !(outcome.ok && !outcome.notModified)) writeRead(context.nowIso());
      if (!outcome.ok) {
        // What was read before stays written (or its own failure is the one to tell).
        const before = await written();
        if (before) return offlineFailed(context, 'catalog', before);
        const error = outcome.error;
        if (error.status === 404 && pages === 0) return 'unsupported';
        if (error.status === 410 || error.problemCode === 'cursor_expired') {
          if (notice) return stepFailed(context, 'catalog', error.message, error.code);
          // Start over: what is stored stays searchable until the new pass has replaced it.
          notice = FEED_RESTART_NOTICE;
          cursor = null;
          bootstrapping = false;
          continue;
        }
        return stepFailed(context, 'catalog', error.message, error.code);
      }
      if (outcome.notModified) break;
      if (outcome.changed > 0 || outcome.nextCursor !== cursor) {
        changed += outcome.changed;
        void outcome.written.then((error) => error || onPages());
      }
      pages += 1;
      progress(context, 'catalog', pages, null);
      cursor = outcome.nextCursor;
      if (!outcome.hasMore) break;
    }
    const last = await written();
    if (last) return offlineFailed(context, 'catalog', last);
    const finished = await context.store.finishFeedBootstrap(scope);
    if (!finished.ok) return offlineFailed(context, 'catalog', finished);
    const info = await context.store.datasetInfo('catalog', scope);
    if (!info.ok) return offlineFailed(context, 'catalog', info);
    const details = await context.store.datasetInfo('productDetails', scope);
    if (!details.ok) return offlineFailed(context, 'catalog', details);
    progress(context, 'catalog', pages, pages, true);
    const now = context.nowIso();
    context.statuses.succeeded('catalog', now, info.value?.count ?? 0);
    context.statuses.succeeded('productDetails', now, details.value?.count ?? 0);
    if (notice) context.statuses.notify('catalog', notice);
    if (changed > 0) context.emit({ type: 'data-changed', datasets: ['catalog', 'productDetails'] });
    return { dataset: 'catalog', result: changed > 0 ? 'changed' : 'unchanged', via: 'feed' };
  } finally {
    // A page asked for ahead that no one will read (the sync failed, or the link named another page).
    bytePages.close();
    parsedPages.close();
  }
}
