import type { ImageCache } from '../images/image-cache';
import { hydrateProductDetails, type HydrationReport } from './detail-hydration';
import type { Limiter } from './paged-sync';
import { offlineFailed, progress, type StepOutcome, type SyncContext } from './sync-context';

/**
 * Reads product details in the background (lower priority: its own, smaller concurrency bound,
 * started after the lists), saving each batch as it goes so the next run resumes.
 */
export async function syncProductDetails(
  context: SyncContext,
  input: { limit: Limiter; maxAgeMs: number; signal: AbortSignal },
): Promise<StepOutcome & { report?: HydrationReport }> {
  const scope = context.scope();
  const staleBefore = new Date(new Date(context.nowIso()).getTime() - input.maxAgeMs).toISOString();
  const covered = await context.store.detailCoverage(scope, staleBefore);
  if (!covered.ok) return offlineFailed(context, 'productDetails', covered);
  const coverage = covered.value;
  if (coverage.due === 0) {
    progress(context, 'productDetails', coverage.stored, coverage.stored, true);
    context.statuses.succeeded('productDetails', context.nowIso(), coverage.stored);
    return { dataset: 'productDetails', result: 'unchanged' };
  }
  const hydrated = await hydrateProductDetails({
    store: context.store,
    scope,
    fetchProduct: (id, etag) => context.api.call('getProduct', { params: { id }, etag }) as never,
    limit: input.limit,
    now: () => new Date(context.nowIso()),
    maxAgeMs: input.maxAgeMs,
    due: coverage.due,
    onProgress: (done, total) => progress(context, 'productDetails', done, total),
    onSaved: (stored) => context.statuses.setCount('productDetails', stored),
    signal: input.signal,
  });
  if (!hydrated.ok) return offlineFailed(context, 'productDetails', hydrated);
  const report = hydrated.value;
  const counted = await context.store.setDetailsDataset(scope, context.nowIso());
  if (!counted.ok) return offlineFailed(context, 'productDetails', counted);
  const stored = counted.value;
  progress(context, 'productDetails', report.fetched + report.notModified, report.fetched + report.notModified, true);
  if (report.fetched > 0) context.emit({ type: 'data-changed', datasets: ['productDetails'] });
  if (report.error) {
    context.statuses.setCount('productDetails', stored);
    context.statuses.failed('productDetails', report.error);
    return { dataset: 'productDetails', result: 'failed', error: report.error, report };
  }
  context.statuses.succeeded('productDetails', context.nowIso(), stored);
  return { dataset: 'productDetails', result: report.fetched > 0 ? 'changed' : 'unchanged', report };
}

/** Keeps the images of the first `limit` catalog products on disk, within a concurrency bound. */
export async function syncImages(
  context: SyncContext,
  input: { images: Pick<ImageCache, 'get' | 'has' | 'count'>; prefetchLimit: number; limit: Limiter; signal: AbortSignal },
): Promise<StepOutcome> {
  const listed = await context.store.imageUrls(context.scope(), input.prefetchLimit);
  if (!listed.ok) return offlineFailed(context, 'images', listed);
  const urls = listed.value;
  const missing: string[] = [];
  for (const url of urls) if (!(await input.images.has(url))) missing.push(url);
  let done = urls.length - missing.length;
  let firstError: string | null = null;
  // Once the image host cannot be reached, the rest would fail the same way: they are not tried.
  let unreachable = false;
  let added = 0;
  progress(context, 'images', done, urls.length);
  await Promise.all(
    missing.map((url) =>
      input.limit(async () => {
        if (input.signal.aborted || unreachable) return;
        const result = await input.images.get(url);
        if (result.ok) added += 1;
        else {
          firstError ??= result.error;
          unreachable ||= result.failure === 'unreachable';
        }
        done += 1;
        progress(context, 'images', done, urls.length);
      }),
    ),
  );
  progress(context, 'images', done, urls.length, true);
  const count = await input.images.count();
  if (firstError) {
    context.statuses.setCount('images', count);
    context.statuses.failed('images', firstError);
    return { dataset: 'images', result: 'failed', error: firstError };
  }
  context.statuses.succeeded('images', context.nowIso(), count);
  if (added > 0) context.emit({ type: 'data-changed', datasets: ['images'] });
  return { dataset: 'images', result: added > 0 ? 'changed' : 'unchanged' };
}
