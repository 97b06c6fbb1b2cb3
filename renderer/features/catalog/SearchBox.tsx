import { useEffect, useRef } from 'react';
import { noteSearchKeystroke } from '../../app/typingStore';
import { useUiStore } from '../../app/uiStore';
import { useFiltersStore } from './filtersStore';
import { useStartCatalogSearch } from './useCatalogSearch';

export function SearchBox() {
  const text = useFiltersStore((state) => state.filters.text);
  const setFilter = useFiltersStore((state) => state.setFilter);
  const focusPending = useUiStore((state) => state.searchFocusPending);
  const searchFocused = useUiStore((state) => state.searchFocused);
  const requestResultFocus = useUiStore((state) => state.requestResultFocus);
  const startSearch = useStartCatalogSearch();
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!focusPending) return;
    inputRef.current?.focus();
    inputRef.current?.select();
    searchFocused();
  }, [focusPending, searchFocused]);

  return (
    <div className="search-box" role="search">
      <label htmlFor="catalog-search">Search the catalog</label>
      <input
        ref={inputRef}
        id="catalog-search"
        type="search"
        value={text}
        onChange={(event) => {
          noteSearchKeystroke();
          setFilter('text', event.target.value);
          startSearch();
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !event.altKey && !event.ctrlKey && !event.metaKey) {
            event.preventDefault();
            requestResultFocus();
          }
        }}
        placeholder="Name, producer, varietal, region, vintage, SKU…"
        autoComplete="off"
        maxLength={200}
        aria-keyshortcuts="/ Control+K"
        aria-describedby="catalog-search-hint"
      />
      <p id="catalog-search-hint" className="field-hint">
        Arrow Down moves to the results; there, arrows move, Enter opens, A adds to the cart.
      </p>
    </div>
  );
}
