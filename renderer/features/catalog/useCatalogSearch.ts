import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { CaseworksBridge, CatalogSearchResult } from '../../../shared/bridge';
import { useBridge } from '../../lib/bridgeContext';
import { dataOrThrow } from '../../lib/bridgeErrors';
import { queryKeys } from '../../lib/queryKeys';
import { useFiltersStore, type CatalogFilters } from './filtersStore';
import { itemsOfPages } from './loadedItems';
import { toSearchInput } from './searchInput';

/** The first page only has to fill the screen, so each keystroke moves little data; scrolling loads more per page. */
export const FIRST_PAGE_SIZE = 60;
export const NEXT_PAGE_SIZE = 200;

/** Where the page after `pages` starts, or undefined when they hold every result. */
function nextOffset(last: CatalogSearchResult, pages: readonly CatalogSearchResult[]): number | undefined {
  const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
  return last.items.length > 0 && loaded < last.total ? loaded : undefined;
}

/**
 * One catalog search, paged: the same key wherever it is started, so a search is never run twice.
 * `typed`: started by a keystroke in the search box (startCatalogSearch from SearchBox), so its
 * first page is sent `asYouType` and the core narrows background work while the buyer types.
 * The screen's own fetches of the same search (a filter chosen, the next page, a refresh when the
 * catalog changed) use the screen's options, which are not typed.
 */
function catalogSearch(bridge: CaseworksBridge, filters: CatalogFilters, typed = false) {
  const input = toSearchInput(filters);
  return infiniteQueryOptions({
    queryKey: queryKeys.catalog(input),
    queryFn: ({ pageParam }) =>
      dataOrThrow(
        bridge.searchCatalog({ ...input, offset: pageParam, limit: pageParam === 0 ? FIRST_PAGE_SIZE : NEXT_PAGE_SIZE, ...(typed ? { asYouType: true } : {}) }),
      ),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  });
}

export function useCatalogSearch() {
  const bridge = useBridge();
  const filters = useFiltersStore((state) => state.filters);
  // No debounce: a local search answers within milliseconds, and each keystroke's results should show at once.
  const options = useMemo(() => catalogSearch(bridge, filters), [bridge, filters]);
  const query = useInfiniteQuery({ ...options, placeholderData: keepPreviousData });
  // Scrolling loads page after page: only the new pages' items are appended (loadedItems.ts).
  const items = useMemo(() => (query.data ? itemsOfPages(query.data.pages) : []), [query.data]);
  const first = query.data?.pages[0];
  // Whether the results shown have more pages. Not the query's `hasNextPage`: that is false while
  // the previous text's results stand in for a keystroke's, so every result on screen rendered
  // again in the keystroke's own event, and again when its answer came.
  const pages = query.data?.pages;
  const hasMore = pages !== undefined && pages.length > 0 && nextOffset(pages[pages.length - 1]!, pages) !== undefined;
  return { query, items, first, hasMore };
}

/**
 * Starts the search of the filters as they are now, from the keystroke's own event handler: the
 * results screen, which renders after it, finds the search already on its way instead of starting
 * it once it has rendered.
 */
export function useStartCatalogSearch(): () => void {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  return useCallback(() => startCatalogSearch(bridge, queryClient, { typed: true }), [bridge, queryClient]);
}

/**
 * Starts the first page's search of the filters as they are now, into `queryClient`: the results
 * screen finds it there (the same key, so it runs once). `typed` when a keystroke started it. Also
 * called as the page starts (renderer/app/firstScreen.ts), before React has rendered anything.
 */
export function startCatalogSearch(bridge: CaseworksBridge, queryClient: QueryClient, { typed = false }: { typed?: boolean } = {}): void {
  void queryClient.prefetchInfiniteQuery(catalogSearch(bridge, useFiltersStore.getState().filters, typed));
}
