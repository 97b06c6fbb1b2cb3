import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { readCacheFile } from '../offline/cache-file';
import { flattenPages, type CatalogPageRecord, type ProductDetailRecord } from '../offline/dataset-records';
import { CatalogIndex } from './catalog-index';
import { readIndexSnapshot, writeIndexSnapshot } from './index-snapshot';
import type { ProductFacts } from './product-codes';
import type { CatalogSource, LoadReport, SearchRequest, SearchResponses } from './search-protocol';

export const factsOf = ({ detail }: ProductDetailRecord): ProductFacts => ({
  id: detail.id,
  sku: detail.sku,
  upc: detail.upc,
  country: detail.country,
});

const EMPTY_SOURCE_PROBLEM = 'No offline catalog yet: it arrives with the first sync.';

/**
 * What runs inside the search worker: loads the catalog files, builds or reloads the index, and
 * answers queries. Kept free of `worker_threads` so it can be tested in-process too.
 */
export function createSearchHost() {
  let index: CatalogIndex = CatalogIndex.empty();
  /** Facts that arrive while a new index is being built; they are added to it before it takes over. */
  let pendingFacts: ProductFacts[] = [];
  let loading: Promise<LoadReport> | null = null;

  /**
   * While a new catalog is indexed, queries keep being answered from the previous index; only
   * with no index at all do they wait for the first one.
   */
  async function current(): Promise<CatalogIndex> {
    if (loading && index.stats.documents === 0) await loading.catch(() => undefined);
    return index;
  }

  function startLoad(source: CatalogSource): Promise<LoadReport> {
    const previous = loading ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => load(source));
    loading = next;
    void next.finally(() => {
      if (loading === next) loading = null;
    }).catch(() => undefined);
    return next;
  }

  async function load(source: CatalogSource): Promise<LoadReport> {
    const readStarted = performance.now();
    const catalog = await readCacheFile<CatalogPageRecord>(source.catalogFile, { dataset: 'catalog', scope: source.scope });
    if (catalog.kind !== 'ok') {
      index = CatalogIndex.empty();
      const problem = catalog.kind === 'missing' ? EMPTY_SOURCE_PROBLEM : `The offline catalog could not be read (${catalog.detail}).`;
      return { documents: 0, codes: 0, source: 'empty', indexMillis: 0, readMillis: performance.now() - readStarted, asOf: null, problem };
    }
    const items = flattenPages(catalog.contents.records);
    const facts: ProductFacts[] = [];
    if (source.detailsFile) {
      const details = await readCacheFile<ProductDetailRecord>(source.detailsFile, { dataset: 'productDetails', scope: source.scope });
      if (details.kind === 'ok') for (const detail of details.contents.records) facts.push(factsOf(detail));
    }
    const catalogSha = catalog.contents.header.sha256;
    const asOf = catalog.contents.header.savedAt;
    const snapshot = source.snapshotFile ? await readIndexSnapshot(source.snapshotFile, catalogSha) : null;
    const readMillis = performance.now() - readStarted;

    let next: CatalogIndex | null = null;
    if (snapshot) {
      try {
        next = CatalogIndex.fromSnapshot(items, asOf, snapshot, facts);
      } catch {
        next = null;
      }
    }
    if (!next) {
      next = await CatalogIndex.build(items, asOf, facts);
      if (source.snapshotFile) {
        await mkdir(dirname(source.snapshotFile), { recursive: true });
        await writeIndexSnapshot(source.snapshotFile, catalogSha, next.snapshot()).catch(() => undefined);
      }
    }
    next.addFacts(pendingFacts);
    pendingFacts = [];
    index = next;
    return {
      documents: index.stats.documents,
      codes: index.stats.codes,
      source: index.stats.source,
      indexMillis: index.stats.millis,
      readMillis,
      asOf,
      problem: null,
    };
  }

  async function handle<T extends SearchRequest['type']>(request: Extract<SearchRequest, { type: T }>): Promise<SearchResponses[T]>;
  async function handle(request: SearchRequest): Promise<SearchResponses[keyof SearchResponses]> {
    switch (request.type) {
      case 'load':
        return startLoad(request.source);
      case 'search':
        return (await current()).search(request.query);
      case 'lookup':
        return (await current()).lookupCode(request.code);
      case 'products': {
        const answering = await current();
        return request.ids.map((id) => answering.byId(id));
      }
      case 'facts':
        index.addFacts(request.facts);
        if (loading) pendingFacts.push(...request.facts);
        return { codes: index.stats.codes };
      case 'supplierRegions':
        return (await current()).supplierRegions();
      case 'memory':
        return { heapUsed: process.memoryUsage().heapUsed };
    }
  }

  return { handle };
}
