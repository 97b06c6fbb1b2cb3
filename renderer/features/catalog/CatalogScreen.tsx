import { useCallback } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { formatNumber } from '../../../shared/format';
import { usePrefsStore, type CatalogView } from '../../app/prefsStore';
import { DataAge } from '../../components/DataAge';
import { EmptyState, ErrorMessage } from '../../components/QueryStates';
import { CatalogNotDownloaded } from '../status/ConnectionNotice';
import { QueryView } from '../../components/QueryView';
import { useDelayedFlag } from '../../lib/useDelayedFlag';
import { FiltersPanel } from './FiltersPanel';
import { useFiltersStore } from './filtersStore';
import { noMatches } from './noMatches';
import { coverageNote } from './coverageNote';
import { routeHref } from '../../app/routes';
import { ResultsCards } from './ResultsCards';
import { ResultsTable } from './ResultsTable';
import { SearchBox } from './SearchBox';
import { useCatalogSearch } from './useCatalogSearch';
import { useFacetsShown } from './useFacetsShown';
import { usePrepareSearch } from './usePrepareSearch';

const SEARCHING_NOTICE_DELAY_MS = 300;

const VIEWS: readonly { view: CatalogView; label: string }[] = [
  { view: 'cards', label: 'Cards' },
  { view: 'table', label: 'Table' },
];

export default function CatalogScreen() {
  const { query, items, first, hasMore } = useCatalogSearch();
  usePrepareSearch(first !== undefined);
  // While the buyer types, the panel keeps the counts it showed; they follow at a pause.
  const facets = useFacetsShown(first?.facets);
  const view = usePrefsStore((state) => state.catalogView);
  const setView = usePrefsStore((state) => state.setCatalogView);
  const resetFilters = useFiltersStore((state) => state.resetFilters);
  // Strings compared, so a keystroke re-renders this only when the advice changes.
  const emptyResult = useFiltersStore(useShallow((state) => noMatches(state.filters)));
  const Results = view === 'table' ? ResultsTable : ResultsCards;
  const { fetchNextPage } = query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  // Each keystroke's search usually answers within a frame or two; only a slow one says so.
  const searching = useDelayedFlag(query.isFetching && !query.isFetchingNextPage, SEARCHING_NOTICE_DELAY_MS);

  return (
    <section className="catalog" aria-labelledby="catalog-title">
      <h1 id="catalog-title">Catalog</h1>
      <SearchBox />
      <div className="catalog-layout">
        <FiltersPanel facets={facets} />
        <div className="catalog-results">
          <div className="toolbar">
            {/* A box of its own (result-count-box): its text, new at nearly every keystroke, is laid out alone. */}
            <div className="result-count-box">
              <p role="status" aria-live="polite" className="result-count">
                {first ? `${formatNumber(first.total)} ${first.total === 1 ? 'product' : 'products'}` : ''}
                {searching ? ' · searching…' : ''}
              </p>
            </div>
            <DataAge freshness={first?.freshness} label="Catalog" />
            {first && coverageNote(first.coverage) ? (
              <p className="coverage-note" data-testid="coverage-note">
                {coverageNote(first.coverage)} <a href={routeHref({ screen: 'settings' })}>Choose what to keep offline</a>
              </p>
            ) : null}
            <div className="view-toggle" role="group" aria-label="View">
              {VIEWS.map(({ view: option, label }) => (
                <button key={option} type="button" aria-pressed={view === option} onClick={() => setView(option)}>
                  {label}
                </button>
              ))}
            </div>
          </div>
          {query.isError && first ? <ErrorMessage error={query.error} title="The latest search failed" onRetry={() => void query.refetch()} /> : null}
          <QueryView
            query={{ isPending: query.isPending, isError: query.isError && !first, error: query.error, data: first && { first, items }, refetch: query.refetch }}
            loading="Searching the catalog…"
            errorTitle="The catalog could not be searched"
            isEmpty={(shown) => shown.items.length === 0}
            empty={
              first?.freshness.asOf === null ? (
                <CatalogNotDownloaded />
              ) : (
                <EmptyState title={emptyResult.title}>
                  <p>{emptyResult.advice}</p>
                  <button type="button" onClick={resetFilters}>
                    Clear filters
                  </button>
                </EmptyState>
              )
            }
          >
            {(shown) => (
              <Results
                items={shown.items}
                total={shown.first.total}
                hasMore={hasMore}
                loadingMore={query.isFetchingNextPage}
                loadMore={loadMore}
              />
            )}
          </QueryView>
        </div>
      </div>
    </section>
  );
}
