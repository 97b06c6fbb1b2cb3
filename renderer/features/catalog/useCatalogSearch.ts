import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useBridge } from '../../lib/bridgeContext';
import { unwrap } from '../../lib/bridgeErrors';
import { queryKeys } from '../../lib/queryKeys';
import { useFiltersStore } from './filtersStore';
import { toSearchInput } from './searchInput';

/** The first page only has to fill the screen, so each keystroke moves little data; scrolling loads more per page. */
export const FIRST_PAGE_SIZE = 60;
export const NEXT_PAGE_SIZE = 200;

export function useCatalogSearch() {
  const bridge = useBridge();
  const filters = useFiltersStore((state) => state.filters);
  // No debounce: a local search answers within milliseconds, and each keystroke's results should show at once.
  const input = useMemo(() => toSearchInput(filters), [filters]);
  const query = useInfiniteQuery({
    queryKey: queryKeys.catalog(input),
    queryFn: ({ pageParam }) =>
      unwrap(bridge.searchCatalog({ ...input, offset: pageParam, limit: pageParam === 0 ? FIRST_PAGE_SIZE : NEXT_PAGE_SIZE })),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return last.items.length > 0 && loaded < last.total ? loaded : undefined;
    },
    placeholderData: keepPreviousData,
  });
  const items = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  const first = query.data?.pages[0];
  return { query, items, first };
}
