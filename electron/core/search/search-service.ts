/**
 * `createSearchService(database)`: the main process's handle on catalog search, answered by the
 * offline worker over the database of the service in `use(baseUrl)` (see catalog-search.ts).
 * Nothing is loaded or indexed up front: what sync commits is searchable at once. A search's page
 * of products crosses from the worker as one JSON text (CatalogSearchCrossing), parsed here and not
 * checked again: the worker is the app's own thread, and what it answers from was checked against
 * the contract as it arrived from the service. When the offline copy is unavailable (its database
 * module could not be loaded) searches answer nothing, with no date, rather than failing; any other
 * refusal (a full disk, a copy set aside) is the call's `Outcome`, a `storage_error` in the
 * worker's words (outcomeOfOffline, offline-refusal.ts): the searches and lookups, and the reads
 * of products, codes and supplier regions that guides, pasted orders and the supplier index make.
 *
 * A keystroke's search (`searchAsTyped`) goes to the worker only once the keystroke's before it
 * has been answered there; one that is still waiting when a newer keystroke's arrives is never
 * computed (null). The worker answers one call at a time, in order: before, every keystroke typed
 * while a slow search ran was computed and sent in turn, though only the last one was wanted.
 */
import type { CatalogProduct } from '../../../shared';
import { CatalogSearchInput, type CatalogSearchResult } from '../../../shared/bridge';
import { succeed, type Outcome } from '../failure';
import type { OfflineDatabase, OfflineResult } from '../offline/offline-database';
import { outcomeOfOffline } from '../offline/offline-refusal';

export type SearchService = ReturnType<typeof createSearchService>;

const EMPTY_FACETS = { varietal: [], region: [], country: [], supplier: [], vintage: [] };

/** A keystroke's search waiting for its turn: `go` sends it, `drop` answers that a newer one replaced it. */
interface WaitingSearch {
  go(): void;
  drop(): void;
}

export function createSearchService(database: OfflineDatabase) {
  let baseUrl: string | null = null;
  /** Whether a keystroke's search is with the worker, and the one waiting for it to be answered. */
  let typedAsked = false;
  let typedWaiting: WaitingSearch | null = null;

  /** The answer when there is no catalog to search. */
  const nothing = (): CatalogSearchResult => ({ items: [], total: 0, facets: EMPTY_FACETS, tookMs: 0, freshness: { asOf: null, fromCache: true } });
  /**
   * A call that cannot be answered because the copy is unavailable gives `fallback`; any other
   * refusal is the call's Failure (outcomeOfOffline).
   */
  const unlessUnavailable = async <T>(call: () => Promise<OfflineResult<T>>, fallback: T): Promise<Outcome<T>> => {
    const answer = await call();
    if (!answer.ok && answer.code === 'unavailable') return succeed(fallback);
    return outcomeOfOffline(Promise.resolve(answer));
  };

  /** The worker's answer to a search, its page still one JSON text (null: there is no catalog to search). */
  function ask(input: CatalogSearchInput, onlyIds: readonly string[] | undefined) {
    // Whether the buyer is typing it is not part of the search.
    const { asYouType: _typing, ...parsed } = CatalogSearchInput.parse(input);
    const query = { ...parsed, ...(onlyIds ? { onlyIds } : {}) };
    const service = baseUrl;
    if (!service) return Promise.resolve(succeed(null));
    return unlessUnavailable(() => database.answer(service, 'searchItemsJson', query), null);
  }

  function resultOf(crossing: Awaited<ReturnType<typeof ask>>): Outcome<CatalogSearchResult> {
    if (!crossing.ok) return crossing;
    if (!crossing.data) return succeed(nothing());
    const { itemsJson, ...answer } = crossing.data;
    return succeed({ ...answer, items: JSON.parse(itemsJson) as CatalogProduct[] });
  }

  /** Waits behind the keystroke's search with the worker: true when its turn comes, false when a newer keystroke's search replaced it first. */
  function typedTurn(): Promise<boolean> {
    typedWaiting?.drop();
    return new Promise((resolve) => {
      typedWaiting = { go: () => resolve(true), drop: () => resolve(false) };
    });
  }

  /** The worker answered a keystroke's search: the one waiting, if any, goes now (the turn passes to it). */
  function typedAnswered() {
    const next = typedWaiting;
    typedWaiting = null;
    if (next) next.go();
    else typedAsked = false;
  }

  return {
    /** Searches this service's offline catalog from now on. */
    use(service: string) {
      baseUrl = service;
    },
    get baseUrl() {
      return baseUrl;
    },
    /** `onlyIds`: keep only these products (the account's favourites). */
    async search(input: CatalogSearchInput, onlyIds?: readonly string[]): Promise<Outcome<CatalogSearchResult>> {
      return resultOf(await ask(input, onlyIds));
    },
    /**
     * A keystroke's search (the search box's first page): sent once the worker has answered the
     * keystroke's before it; null when a newer keystroke's search arrived while it waited (it was
     * never computed).
     */
    async searchAsTyped(input: CatalogSearchInput, onlyIds?: readonly string[]): Promise<Outcome<CatalogSearchResult> | null> {
      // The first goes at once (in this tick); one behind it waits for its turn.
      if (typedAsked) {
        if (!(await typedTurn())) return null;
      } else typedAsked = true;
      let crossing: Awaited<ReturnType<typeof ask>>;
      try {
        crossing = await ask(input, onlyIds);
      } finally {
        typedAnswered();
      }
      return resultOf(crossing);
    },
    /** `prepareSearch`: the worker reads the searched service's index now, unless it was read (true when this call read it); a failure is the next search's to meet. */
    async readIndex(): Promise<boolean> {
      const service = baseUrl;
      if (!service) return false;
      const answer = await database.answer(service, 'readSearchIndex');
      return answer.ok && answer.value;
    },
    lookupCode(code: string): Promise<Outcome<CatalogProduct | null>> {
      const service = baseUrl;
      return service ? unlessUnavailable(() => database.answer(service, 'lookupCode', code), null) : Promise.resolve(succeed(null));
    },
    /** Each code's products in the offline catalog (none, one, or several: ambiguous), in the codes' order; none for each when there is no copy. */
    matchCodes(codes: readonly string[]): Promise<Outcome<CatalogProduct[][]>> {
      const service = baseUrl;
      const none = codes.map((): CatalogProduct[] => []);
      return service ? unlessUnavailable(() => database.answer(service, 'matchCodes', codes), none) : Promise.resolve(succeed(none));
    },
    /** Products as the offline catalog lists them, null for one it does not (or when there is no copy). */
    products(ids: string[]): Promise<Outcome<(CatalogProduct | null)[]>> {
      const service = baseUrl;
      const none = ids.map(() => null);
      return service ? unlessUnavailable(() => database.answer(service, 'products', ids), none) : Promise.resolve(succeed(none));
    },
    /** The wine regions of each supplier's products in the offline catalog, by supplier id. */
    supplierRegions(): Promise<Outcome<Record<string, string[]>>> {
      const service = baseUrl;
      return service ? unlessUnavailable(() => database.answer(service, 'supplierRegions'), {}) : Promise.resolve(succeed({}));
    },
    workerHeapUsed(): Promise<number> {
      return database.folder('memory').then((memory) => memory.heapUsed);
    },
  };
}
