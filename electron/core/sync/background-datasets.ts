import type { ProductDetailRecord } from '../offline/dataset-records';
import { ensureProductFacts, readProductFacts, writeProductFacts } from '../offline/product-facts-file';
import type { ImageCache } from '../images/image-cache';
import type { ProductFacts } from '../search/product-codes';
import type { CatalogOutline } from './catalog-outline';
import { hydrateProductDetails, type HydrationReport } from './detail-hydration';
import type { Limiter } from './paged-sync';
import { progress, type StepOutcome, type SyncContext } from './sync-context';

/**
 * Reads product details in the background (lower priority: its own, smaller concurrency bound,
 * started after the lists), saving progress as it goes so the next run resumes.
 */
export async function syncProductDetails(
  context: SyncContext,
  input: {
    catalog: CatalogOutline;
    limit: Limiter;
    maxAgeMs: number;
    checkpointEvery: number;
    onFacts: (facts: ProductFacts[]) => void;
    signal: AbortSignal;
  },
): Promise<StepOutcome & { report?: HydrationReport }> {
  const scope = context.scope();
  const fresh = await storedDetailsAllFresh(context, input.catalog, input.maxAgeMs);
  if (fresh !== null) {
    // Nothing to read: the stored details (50,000 at full size, hundreds of megabytes in memory) stay on disk.
    progress(context, 'productDetails', fresh, fresh, true);
    context.statuses.succeeded('productDetails', context.nowIso(), fresh);
    return { dataset: 'productDetails', result: 'unchanged' };
  }
  const records = await context.copy.get('productDetails');
  const checkpoint = async (current: Map<string, ProductDetailRecord>) => {
    const snapshot = [...current.values()];
    let oldest = Number.POSITIVE_INFINITY;
    for (const record of snapshot) oldest = Math.min(oldest, Date.parse(record.fetchedAt));
    const details = await context.store.write('productDetails', scope, {
      savedAt: context.nowIso(),
      etags: {},
      count: snapshot.length,
      records: snapshot,
      meta: Number.isFinite(oldest) ? { [OLDEST_FETCHED_AT]: new Date(oldest).toISOString() } : {},
    });
    await writeProductFacts(context.store, scope, snapshot, details);
    // What is on disk now, for Settings and the guide import while the download goes on.
    context.statuses.setCount('productDetails', snapshot.length);
  };
  const report = await hydrateProductDetails({
    catalog: input.catalog,
    records,
    fetchProduct: (id, etag) => context.api.call('getProduct', { params: { id }, etag }) as never,
    limit: input.limit,
    now: () => new Date(context.nowIso()),
    maxAgeMs: input.maxAgeMs,
    checkpointEvery: input.checkpointEvery,
    checkpoint,
    onFacts: input.onFacts,
    onProgress: (done, total) => progress(context, 'productDetails', done, total),
    signal: input.signal,
  });
  // A copy saved before the oldest read was noted in its header is saved once more, so the next
  // start can tell it is fresh without reading it.
  const header = await context.store.readHeader('productDetails', scope).catch(() => null);
  if (records.size > 0 && !report.error && header && header.meta[OLDEST_FETCHED_AT] === undefined) await checkpoint(records).catch(() => undefined);
  await ensureProductFacts(context.store, scope, [...records.values()]).catch(() => undefined);
  progress(context, 'productDetails', report.fetched + report.notModified, report.fetched + report.notModified, true);
  if (report.fetched > 0 || report.removed > 0) context.emit({ type: 'data-changed', datasets: ['productDetails'] });
  if (report.error) {
    context.statuses.setCount('productDetails', records.size);
    context.statuses.failed('productDetails', report.error);
    return { dataset: 'productDetails', result: 'failed', error: report.error, report };
  }
  context.statuses.succeeded('productDetails', context.nowIso(), records.size);
  return { dataset: 'productDetails', result: report.fetched > 0 ? 'changed' : 'unchanged', report };
}

/** In the details file's header: when its least recently read detail was read. */
const OLDEST_FETCHED_AT = 'oldestFetchedAt';

/**
 * The number of stored details when every catalog product has one, none is of a product no longer
 * listed, and the least recently read is younger than `maxAgeMs`: then there is nothing to
 * download, which the headers and the product facts (ids) tell without reading the details.
 * Null otherwise (the details are read and walked as usual).
 */
async function storedDetailsAllFresh(context: SyncContext, catalog: CatalogOutline, maxAgeMs: number): Promise<number | null> {
  const scope = context.scope();
  const details = await context.store.readHeader('productDetails', scope);
  const oldest = details?.meta[OLDEST_FETCHED_AT];
  if (!details || typeof oldest !== 'string' || details.count !== catalog.length) return null;
  if (new Date(context.nowIso()).getTime() - Date.parse(oldest) >= maxAgeMs) return null;
  const facts = await readProductFacts({
    detailsFile: context.store.pathOf('productDetails', scope),
    factsFile: context.store.pathOf('productFacts', scope),
    scope: context.store.fileScope('productDetails', scope),
  });
  if (facts.from !== 'facts') return null;
  const stored = new Set(facts.facts.map((fact) => fact.id));
  return stored.size === catalog.length && catalog.every((product) => stored.has(product.id)) ? stored.size : null;
}

/** Keeps the images of the first `limit` catalog products on disk, within a concurrency bound. */
export async function syncImages(
  context: SyncContext,
  input: { catalog: CatalogOutline; images: Pick<ImageCache, 'get' | 'has' | 'count'>; prefetchLimit: number; limit: Limiter; signal: AbortSignal },
): Promise<StepOutcome> {
  const urls = input.catalog
    .map((product) => product.image_url)
    .filter((url): url is string => Boolean(url))
    .slice(0, input.prefetchLimit);
  const missing: string[] = [];
  for (const url of urls) if (!(await input.images.has(url))) missing.push(url);
  let done = urls.length - missing.length;
  let firstError: string | null = null;
  let added = 0;
  progress(context, 'images', done, urls.length);
  await Promise.all(
    missing.map((url) =>
      input.limit(async () => {
        if (input.signal.aborted || (firstError && /network/.test(firstError))) return;
        const result = await input.images.get(url);
        if (result.ok) added += 1;
        else firstError ??= result.error;
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
