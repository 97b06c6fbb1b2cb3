import type { Product } from '../../../shared';
import type { ProductDetailRecord } from '../offline/dataset-records';
import type { OfflineResult } from '../offline/offline-database';
import type { OfflineStore, StoreScope } from '../offline/offline-store';
import type { FetchOutcome } from './fetch-result';
import type { Limiter } from './paged-sync';

export interface HydrationInput {
  store: Pick<OfflineStore, 'detailsToFetch' | 'putProductDetails' | 'touchProductDetails'>;
  scope: StoreScope;
  fetchProduct: (id: string, etag: string | null) => Promise<FetchOutcome<Product>>;
  limit: Limiter;
  now: () => Date;
  /** A detail read more recently than this is not read again. */
  maxAgeMs: number;
  /** How many are asked of the database and saved at a time (one transaction each). */
  batchSize?: number;
  /** How many are due when it starts, for progress. */
  due: number;
  onProgress: (done: number, total: number) => void;
  /** After each batch is saved: how many details are stored now (for Settings while the download goes on). */
  onSaved?: (stored: number) => void;
  signal?: AbortSignal;
}

export interface HydrationReport {
  fetched: number;
  notModified: number;
  error: string | null;
}

export const HYDRATION_BATCH = 200;

/**
 * Reads product details in the background within a concurrency bound, with the stored ETag of
 * each, in batches the database hands out: first one product of every region whose country is not
 * known yet (the catalog list has no country, so the country filter is complete early), then the
 * rest in catalog order. Each batch is saved in one transaction as soon as it is read, so an
 * interrupted run keeps what it read and the next one goes on from there. Stops at the first
 * failure that means the service cannot be reached (the rest would fail too) or when aborted.
 * A batch the offline copy could not read or save stops it: its failure is the answer.
 */
export async function hydrateProductDetails(input: HydrationInput): Promise<OfflineResult<HydrationReport>> {
  const report: HydrationReport = { fetched: 0, notModified: 0, error: null };
  const batchSize = input.batchSize ?? HYDRATION_BATCH;
  const skip: string[] = [];
  let afterPos = 0;
  let done = 0;
  let stopped = false;
  input.onProgress(0, input.due);

  while (!stopped && !input.signal?.aborted) {
    const staleBefore = new Date(input.now().getTime() - input.maxAgeMs).toISOString();
    const asked = await input.store.detailsToFetch(input.scope, { staleBefore, afterPos, limit: batchSize, skip });
    if (!asked.ok) return asked;
    const batch = asked.value;
    if (batch.items.length === 0) break;
    const records: ProductDetailRecord[] = [];
    const confirmed: string[] = [];
    await Promise.all(
      batch.items.map(({ id, etag }) =>
        input.limit(async () => {
          if (stopped || input.signal?.aborted) return;
          const outcome = await input.fetchProduct(id, etag);
          if (!outcome.ok) {
            report.error ??= outcome.error.message;
            skip.push(id);
            if (outcome.error.code !== 'not_found') stopped = true;
            return;
          }
          if (outcome.notModified) {
            confirmed.push(id);
            report.notModified += 1;
          } else {
            records.push({ detail: outcome.data, etag: outcome.etag, fetchedAt: input.now().toISOString() });
            report.fetched += 1;
          }
          input.onProgress((done += 1), Math.max(input.due, done));
        }),
      ),
    );
    if (records.length > 0) {
      // Saved whether or not anyone listens (an optional call would skip evaluating its argument).
      const stored = await input.store.putProductDetails(input.scope, records);
      if (!stored.ok) return stored;
      input.onSaved?.(stored.value);
    }
    if (confirmed.length > 0) {
      const touched = await input.store.touchProductDetails(input.scope, confirmed, input.now().toISOString());
      if (!touched.ok) return touched;
    }
    if (!batch.unknownRegions) afterPos = Math.max(afterPos, ...batch.items.map((item) => item.pos));
  }
  return { ok: true, value: report };
}
