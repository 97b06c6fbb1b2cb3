/**
 * The facts of the stored product details (SKU, UPC, country: what search and code lookup need of
 * them) in a dataset file of their own, written with each save of the details. Reading 50,000 short
 * lines takes a fraction of the time the details themselves take, which matters at start-up. The
 * facts name the checksum of the details file they were taken from: facts of another version of
 * the details are not used, the details are read instead.
 */
import { factsOf, type ProductFacts } from '../search/product-codes';
import type { CacheHeader, StoreScope } from './cache-format';
import { readCacheFile, readCacheHeader } from './cache-file';
import type { ProductDetailRecord } from './dataset-records';
import type { OfflineStore } from './offline-store';

const DETAILS_CHECKSUM = 'detailsSha256';

/** Saves the facts of `records`, just written to the details file whose header is `details`. */
export async function writeProductFacts(
  store: Pick<OfflineStore, 'write'>,
  scope: StoreScope,
  records: readonly ProductDetailRecord[],
  details: CacheHeader,
): Promise<void> {
  await store.write<ProductFacts>('productFacts', scope, {
    savedAt: details.savedAt,
    etags: {},
    count: records.length,
    records: records.map((record) => factsOf(record.detail)),
    meta: { [DETAILS_CHECKSUM]: details.sha256 },
  });
}

/**
 * Saves the facts of `records` unless the stored facts already belong to the stored details (a
 * copy written before there were facts files gets them without any detail being read again).
 */
export async function ensureProductFacts(
  store: Pick<OfflineStore, 'write' | 'readHeader'>,
  scope: StoreScope,
  records: readonly ProductDetailRecord[],
): Promise<void> {
  const details = await store.readHeader('productDetails', scope);
  if (!details) return;
  const facts = await store.readHeader('productFacts', scope);
  if (facts?.meta[DETAILS_CHECKSUM] === details.sha256 && facts.count === records.length) return;
  await writeProductFacts(store, scope, records, details);
}

export interface StoredFactsSource {
  detailsFile: string;
  factsFile: string | null;
  /** The scope of public files (accountId null). */
  scope: StoreScope;
}

/**
 * The facts of the stored details: from the facts file when it belongs to the details file as it
 * is, else from the details themselves. None when there are no (trustworthy) details.
 */
export async function readProductFacts(source: StoredFactsSource): Promise<{ facts: ProductFacts[]; from: 'facts' | 'details' | 'none' }> {
  const details = await readCacheHeader(source.detailsFile, { dataset: 'productDetails', scope: source.scope });
  if (details.kind !== 'header') return { facts: [], from: 'none' };
  if (source.factsFile) {
    const stored = await readCacheFile<ProductFacts>(source.factsFile, { dataset: 'productFacts', scope: source.scope });
    if (stored.kind === 'ok' && stored.contents.header.meta[DETAILS_CHECKSUM] === details.header.sha256) {
      return { facts: stored.contents.records, from: 'facts' };
    }
  }
  const records = await readCacheFile<ProductDetailRecord>(source.detailsFile, { dataset: 'productDetails', scope: source.scope });
  if (records.kind !== 'ok') return { facts: [], from: 'none' };
  return { facts: records.contents.records.map((record) => factsOf(record.detail)), from: 'details' };
}
