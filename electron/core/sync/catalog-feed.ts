import type { CatalogChangesPage } from '../../../shared/schemas/catalog-changes';
import type { FetchOutcome } from './fetch-result';
import { progress, stepFailed, type StepOutcome, type SyncContext } from './sync-context';

/** Said in Settings → Offline copy when the service no longer knew the cursor. */
export const FEED_RESTART_NOTICE =
  'The service could no longer tell what changed since the last sync, so the whole catalog was downloaded again. Nothing needs doing.';

/**
 * Entries asked per feed page. Each page is parsed and checked against the contract on the main
 * thread: 1,000 full products (the most a page may hold) held it for hundreds of milliseconds on a
 * loaded machine (bench:core), a quarter of that keeps each parse short.
 */
export const FEED_PAGE_LIMIT = 250;

type FeedFailure = { message: string; code?: string; status?: number | null; problemCode?: string | null };

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
  let cursor = stored?.cursor ?? null;
  let notice: string | null = null;
  let pages = 0;
  let changed = 0;
  const fetchPage = (since: string | null) =>
    context.pages(
      () =>
        context.api.call('catalogChanges', { query: since ? { since, limit: String(FEED_PAGE_LIMIT) } : { limit: String(FEED_PAGE_LIMIT) } }) as unknown as Promise<
          FetchOutcome<CatalogChangesPage>
        >,
    );
  /** Read from nothing (no cursor yet, or a cursor the service no longer knows): marked in the database before the first page. */
  let bootstrapping = false;
  progress(context, 'catalog', 0, null);
  for (;;) {
    const outcome = await fetchPage(cursor);
    if (!outcome.ok) {
      const error = outcome.error as FeedFailure;
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
    const page = outcome.data;
    if (cursor === null && !bootstrapping) {
      await context.store.startFeedBootstrap(scope);
      bootstrapping = true;
    }
    if (page.data.length > 0 || page.next_cursor !== cursor) {
      await context.store.applyChanges(scope, page.data, page.next_cursor, context.nowIso());
      changed += page.data.length;
      onPages();
    }
    pages += 1;
    progress(context, 'catalog', pages, null);
    cursor = page.next_cursor;
    if (!page.has_more) break;
  }
  await context.store.finishFeedBootstrap(scope);
  const info = await context.store.datasetInfo('catalog', scope);
  const details = await context.store.datasetInfo('productDetails', scope);
  progress(context, 'catalog', pages, pages, true);
  const now = context.nowIso();
  context.statuses.succeeded('catalog', now, info?.count ?? 0);
  context.statuses.succeeded('productDetails', now, details?.count ?? 0);
  if (notice) context.statuses.notify('catalog', notice);
  if (changed > 0) context.emit({ type: 'data-changed', datasets: ['catalog', 'productDetails'] });
  return { dataset: 'catalog', result: changed > 0 ? 'changed' : 'unchanged', via: 'feed' };
}
