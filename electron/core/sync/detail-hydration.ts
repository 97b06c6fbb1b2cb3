import type { CatalogProduct, Product } from '../../../shared';
import type { ProductDetailRecord } from '../offline/dataset-records';
import { factsOf, type ProductFacts } from '../search/product-codes';
import type { FetchOutcome } from './fetch-result';
import { forEachCooperatively } from '../offline/cooperative';
import type { Limiter } from './paged-sync';

export interface HydrationInput {
  catalog: readonly Pick<CatalogProduct, 'id' | 'region'>[];
  /** The stored details; updated in place as details arrive. */
  records: Map<string, ProductDetailRecord>;
  fetchProduct: (id: string, etag: string | null) => Promise<FetchOutcome<Product>>;
  limit: Limiter;
  now: () => Date;
  /** A detail read more recently than this is not read again. */
  maxAgeMs: number;
  /** Save progress after this many changes, so an interrupted run resumes where it stopped. */
  checkpointEvery: number;
  checkpoint: (records: Map<string, ProductDetailRecord>) => Promise<void>;
  onFacts: (facts: ProductFacts[]) => void;
  onProgress: (done: number, total: number) => void;
  signal?: AbortSignal;
}

export interface HydrationReport {
  fetched: number;
  notModified: number;
  skippedFresh: number;
  removed: number;
  error: string | null;
}

/**
 * A checkpoint rewrites every stored detail, so the interval grows with what is stored (a quarter
 * of it, and at least `minimum` changes): the total written stays linear in the catalog's size
 * instead of quadratic, and an interruption costs at most a fifth of the work done.
 */
export const checkpointDue = (changes: number, stored: number, minimum: number): boolean =>
  changes >= Math.max(minimum, Math.ceil(stored / 4));

/**
 * Which products to read, in order: one product of every region whose country is not known yet
 * (the catalog list has no country, so this makes the country filter complete early), then the
 * rest in catalog order. Fresh details are skipped. It walks the whole catalog, so it gives the
 * event loop a turn between slices.
 */
export async function hydrationOrder(input: Pick<HydrationInput, 'catalog' | 'records' | 'now' | 'maxAgeMs'>): Promise<{ ids: string[]; skippedFresh: number }> {
  const nowMs = input.now().getTime();
  const isFresh = (id: string) => {
    const record = input.records.get(id);
    return record !== undefined && nowMs - Date.parse(record.fetchedAt) < input.maxAgeMs;
  };
  const knownRegions = new Set<string>();
  for (const record of input.records.values()) knownRegions.add(record.detail.region);
  const first: string[] = [];
  const rest: string[] = [];
  let skippedFresh = 0;
  await forEachCooperatively(input.catalog.length, (index) => {
    const product = input.catalog[index]!;
    if (isFresh(product.id)) {
      skippedFresh += 1;
    } else if (!knownRegions.has(product.region)) {
      knownRegions.add(product.region);
      first.push(product.id);
    } else {
      rest.push(product.id);
    }
  });
  return { ids: [...first, ...rest], skippedFresh };
}

/** Requests are queued this many at a time: queueing all 50,000 at once held the main thread for tens of milliseconds. */
const QUEUE_BATCH = 256;

/**
 * Reads product details in the background within a concurrency bound, with the stored ETag of
 * each. Stops at the first failure that means the service cannot be reached (the rest would fail
 * too) or when aborted, and always saves what it got.
 */
export async function hydrateProductDetails(input: HydrationInput): Promise<HydrationReport> {
  const listed = new Set<string>();
  await forEachCooperatively(input.catalog.length, (index) => listed.add(input.catalog[index]!.id));
  let removed = 0;
  for (const id of [...input.records.keys()]) {
    if (!listed.has(id)) {
      input.records.delete(id);
      removed += 1;
    }
  }
  const { ids, skippedFresh } = await hydrationOrder(input);
  const report: HydrationReport = { fetched: 0, notModified: 0, skippedFresh, removed, error: null };
  let changesSinceCheckpoint = removed;
  let checkpointing: Promise<void> | null = null;
  let stopped = false;
  let done = 0;
  let factBatch: ProductFacts[] = [];
  const total = ids.length;
  input.onProgress(0, total);

  const flushFacts = () => {
    if (factBatch.length === 0) return;
    input.onFacts(factBatch);
    factBatch = [];
  };

  const readOne = (id: string) =>
    input.limit(async () => {
      if (stopped || input.signal?.aborted) return;
      const stored = input.records.get(id);
      const outcome = await input.fetchProduct(id, stored?.etag ?? null);
      const fetchedAt = input.now().toISOString();
      if (!outcome.ok) {
        report.error ??= outcome.error.message;
        if (outcome.error.code !== 'not_found') stopped = true;
        return;
      }
      if (outcome.notModified) {
        if (stored) input.records.set(id, { ...stored, fetchedAt });
        report.notModified += 1;
      } else {
        input.records.set(id, { detail: outcome.data, etag: outcome.etag, fetchedAt });
        factBatch.push(factsOf(outcome.data));
        report.fetched += 1;
        if (factBatch.length >= 200) flushFacts();
      }
      changesSinceCheckpoint += 1;
      done += 1;
      input.onProgress(done, total);
      if (checkpointDue(changesSinceCheckpoint, input.records.size, input.checkpointEvery) && !checkpointing) {
        changesSinceCheckpoint = 0;
        checkpointing = input.checkpoint(input.records).finally(() => {
          checkpointing = null;
        });
      }
    });
  for (let start = 0; start < ids.length && !stopped && !input.signal?.aborted; start += QUEUE_BATCH) {
    await Promise.all(ids.slice(start, start + QUEUE_BATCH).map(readOne));
  }

  flushFacts();
  await checkpointing;
  if (changesSinceCheckpoint > 0) await input.checkpoint(input.records);
  return report;
}
