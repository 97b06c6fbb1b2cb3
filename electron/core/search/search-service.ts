/**
 * `createSearchService({ workerEntry? })`: the main process's handle on the search worker.
 * `load(source)` (re)indexes the catalog files written by the offline store, reusing the saved
 * index snapshot when the catalog is unchanged; `search(input)` answers `CatalogSearchResult`;
 * `lookupCode(code)` finds a product by exact UPC or SKU; `addFacts(facts)` feeds SKU/UPC/country
 * from product details as they are hydrated. Every call is answered by the worker thread (but for
 * the session's first search while the first index loads, answered from the start-up answer when it
 * matches: see startup-answer.ts); if the worker dies it is restarted and the last catalog reloaded.
 * In Electron pass `workerEntry: <dist-electron/main/search-worker.js>`; under tsx the default
 * runs the TypeScript source.
 */
import type { Worker } from 'node:worker_threads';
import type { CatalogProduct } from '../../../shared';
import { CatalogSearchInput, type CatalogSearchResult } from '../../../shared/bridge';
import type { ProductFacts } from './product-codes';
import type { CatalogSource, LoadReport, RequestEnvelope, ResponseEnvelope, SearchRequest, SearchResponses } from './search-protocol';
import { queryText, readStartupAnswer, type StartupAnswer } from './startup-answer';
import { sourceWorkerEntry, startWorker, type SearchWorkerEntry } from './worker-entry';

export interface SearchServiceOptions {
  workerEntry?: SearchWorkerEntry;
}

export type SearchService = ReturnType<typeof createSearchService>;

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

export function createSearchService({ workerEntry = sourceWorkerEntry() }: SearchServiceOptions = {}) {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();
  let lastSource: CatalogSource | null = null;
  let closed = false;
  let restarts = 0;

  function ensureWorker(): Worker {
    if (worker) return worker;
    const started = startWorker(workerEntry);
    started.unref();
    started.on('message', (response: ResponseEnvelope) => {
      const waiting = pending.get(response.id);
      if (!waiting) return;
      pending.delete(response.id);
      if (response.ok) waiting.resolve(response.value);
      else waiting.reject(new Error(response.message));
    });
    const fail = (message: string) => {
      if (worker !== started) return;
      worker = null;
      for (const waiting of pending.values()) waiting.reject(new Error(message));
      pending.clear();
    };
    started.on('error', (error) => fail(`The search worker failed: ${error.message}`));
    started.on('exit', (code) => fail(`The search worker stopped (exit code ${code}).`));
    worker = started;
    if (lastSource && restarts > 0) void send({ type: 'load', source: lastSource }).catch(() => undefined);
    restarts += 1;
    return started;
  }

  function send<T extends SearchRequest['type']>(request: Extract<SearchRequest, { type: T }>): Promise<SearchResponses[T]> {
    if (closed) return Promise.reject(new Error('The search service is closed.'));
    const target = ensureWorker();
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      // The worker is referenced only while it owes an answer, so an idle one never keeps the process alive.
      target.ref();
      const envelope: RequestEnvelope = { id, request };
      target.postMessage(envelope);
    }).finally(() => {
      if (pending.size === 0) worker?.unref();
    }) as Promise<SearchResponses[T]>;
  }

  /**
   * Until the worker's first index is loaded: the saved first answer of the last session, for the
   * same first search now (see startup-answer.ts). Null once the index answers.
   */
  let startup: Promise<StartupAnswer | null> | null = null;
  let firstLoadAsked = false;

  return {
    /** Indexes the catalog in the worker; resolves when the new index answers queries. */
    load(source: CatalogSource): Promise<LoadReport> {
      lastSource = source;
      const loading = send({ type: 'load', source });
      if (!firstLoadAsked) {
        firstLoadAsked = true;
        startup = readStartupAnswer(source);
        void loading.finally(() => {
          startup = null;
        }).catch(() => undefined);
      }
      return loading;
    },
    /** `onlyIds`: keep only these products (the account's favourites). */
    async search(input: CatalogSearchInput, onlyIds?: readonly string[]): Promise<CatalogSearchResult> {
      // Whether the buyer is typing it is not part of the search (nor of the saved first answer's key).
      const { asYouType: _typing, ...parsed } = CatalogSearchInput.parse(input);
      const query = { ...parsed, ...(onlyIds ? { onlyIds } : {}) };
      const saved = startup && !onlyIds ? await startup : null;
      if (saved && startup && saved.query === queryText(query)) {
        // The worker still sees it, after its load: it is the session's first search, whose answer it saves for the next start.
        void send({ type: 'search', query }).catch(() => undefined);
        return saved.result;
      }
      return send({ type: 'search', query });
    },
    lookupCode(code: string): Promise<CatalogProduct | null> {
      return send({ type: 'lookup', code });
    },
    products(ids: string[]): Promise<(CatalogProduct | null)[]> {
      return send({ type: 'products', ids });
    },
    addFacts(facts: ProductFacts[]): Promise<{ codes: number }> {
      return send({ type: 'facts', facts });
    },
    /** The wine regions of each supplier's products in the offline catalog, by supplier id. */
    supplierRegions(): Promise<Record<string, string[]>> {
      return send({ type: 'supplierRegions' });
    },
    workerHeapUsed(): Promise<number> {
      return send({ type: 'memory' }).then((memory) => memory.heapUsed);
    },
    async close(): Promise<void> {
      closed = true;
      const stopping = worker;
      worker = null;
      for (const waiting of pending.values()) waiting.reject(new Error('The search service is closed.'));
      pending.clear();
      if (stopping) await stopping.terminate();
    },
  };
}
