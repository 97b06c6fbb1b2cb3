import { useEffect } from 'react';

const LOAD_AHEAD_ROWS = 30;

/** Asks for the next page when the last rendered row comes within reach of the end of what is loaded. */
export function useLoadMore(lastVisibleIndex: number, loadedRows: number, hasMore: boolean, loading: boolean, loadMore: () => void): void {
  useEffect(() => {
    if (hasMore && !loading && lastVisibleIndex >= loadedRows - LOAD_AHEAD_ROWS) loadMore();
  }, [lastVisibleIndex, loadedRows, hasMore, loading, loadMore]);
}
