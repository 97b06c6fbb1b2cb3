import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { readCacheFile } from '../offline/cache-file';
import type { CatalogSearchQuery, CatalogSearchResult } from '../../../shared/bridge';
import { sourceChecksums, writeStartupAnswer } from './startup-answer';
import { flattenPages, type CatalogPageRecord } from '../offline/dataset-records';
import { readProductFacts } from '../offline/product-facts-file';
import { CatalogIndex } from './catalog-index';
import { readIndexSnapshot, writeIndexSnapshot } from './index-snapshot';
import type { ProductFacts } from './product-codes';
import type { CatalogSource, LoadReport, SearchRequest, SearchResponses } from './search-protocol';

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

  /** What the current index was loaded from, to answer a load of the very same files without reading them again. */
  let loaded: { key: string; source: CatalogSource; checksums: { catalog: string; details: string | null }; report: LoadReport } | null = null;
  /** The session's first search (never one of favourites): its answer on each loaded index is saved for the next start. */
  let firstQuery: CatalogSearchQuery | null = null;
  let firstAnswerSaved = false;

  async function loadUnlessLoaded(source: CatalogSource): Promise<LoadReport> {
    const checksums = await sourceChecksums(source);
    const key = checksums ? JSON.stringify([source, checksums]) : null;
    if (key !== null && loaded?.key === key) return loaded.report;
    loaded = null;
    const report = await load(source);
    if (key !== null && checksums && report.problem === null) {
      loaded = { key, source, checksums, report };
      firstAnswerSaved = false;
      if (firstQuery) saveFirstAnswer(index.search(firstQuery));
    }
    return report;
  }

  /** Saves the answer to the session's first search on the loaded index, once per index. */
  function saveFirstAnswer(result: CatalogSearchResult) {
    if (firstAnswerSaved || !loaded || !firstQuery) return;
    firstAnswerSaved = true;
    void writeStartupAnswer(loaded.source, loaded.checksums, firstQuery, result).catch(() => undefined);
  }

  function startLoad(source: CatalogSource): Promise<LoadReport> {
    const previous = loading ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => loadUnlessLoaded(source));
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
    const { facts } = source.detailsFile
      ? await readProductFacts({ detailsFile: source.detailsFile, factsFile: source.factsFile ?? null, scope: source.scope })
      : { facts: [] as ProductFacts[] };
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
      case 'search': {
        const result = (await current()).search(request.query);
        if (!firstQuery && !request.query.onlyIds) firstQuery = request.query;
        if (request.query === firstQuery) saveFirstAnswer(result);
        return result;
      }
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
