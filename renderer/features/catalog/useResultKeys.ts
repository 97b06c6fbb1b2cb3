import { useCallback, useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { isEditableTarget } from '../../app/shortcuts';
import { useUiStore } from '../../app/uiStore';

/** How many frames to wait for a row scrolled to to be rendered by the virtual list. */
const RENDER_FRAMES = 10;
const PAGE_STEP = 10;
const BACK_TO_SEARCH = -1;

/** Where each key moves from a result, given how many results a grid row holds. */
function targetOf(key: string, index: number, last: number, perRow: number): number | null {
  switch (key) {
    case 'ArrowDown':
      return Math.min(index + perRow, last);
    case 'ArrowUp':
      // Up from the first row goes back to the search box.
      return index - perRow < 0 ? BACK_TO_SEARCH : index - perRow;
    case 'ArrowRight':
      return perRow > 1 ? Math.min(index + 1, last) : null;
    case 'ArrowLeft':
      return perRow > 1 ? Math.max(index - 1, 0) : null;
    case 'PageDown':
      return Math.min(index + PAGE_STEP * perRow, last);
    case 'PageUp':
      return Math.max(index - PAGE_STEP * perRow, 0);
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}

/**
 * Keyboard movement through a virtual list of results: arrows, Page Up/Down, Home and End move
 * the focus from result to result (elements marked `data-index`, focusing their `.product-name`
 * link, so Enter opens the product) and keep the focused one in view; Arrow Down in the search
 * box lands on the first result. `offsetOf(index)` is where a result starts in the scrolled list:
 * a result the virtual list has not rendered is scrolled to first, which renders it.
 */
export function useResultKeys(scrollRef: RefObject<HTMLElement | null>, loaded: number, perRow: number, offsetOf: (index: number) => number) {
  const focusResult = useCallback(
    (index: number) => {
      if (loaded === 0) return;
      const target = Math.max(0, Math.min(index, loaded - 1));
      const rendered = () => scrollRef.current?.querySelector<HTMLElement>(`[data-index="${target}"]`) ?? null;
      const scroller = scrollRef.current;
      if (!rendered() && scroller) scroller.scrollTop = offsetOf(target);
      let frames = 0;
      const attempt = () => {
        const item = rendered();
        const link = item?.querySelector<HTMLElement>('.product-name');
        if (item && link) {
          link.focus({ preventScroll: true });
          item.scrollIntoView({ block: 'nearest' });
          return;
        }
        frames += 1;
        if (frames < RENDER_FRAMES) requestAnimationFrame(attempt);
      };
      attempt();
    },
    [scrollRef, loaded, offsetOf],
  );

  const request = useUiStore((state) => state.resultFocusRequest);
  const handledRequest = useRef(request);
  useEffect(() => {
    if (request === handledRequest.current) return;
    handledRequest.current = request;
    focusResult(0);
  }, [request, focusResult]);

  return useCallback(
    (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || isEditableTarget(event.target)) return;
      const item = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
      if (!item) return;
      const target = targetOf(event.key, Number(item.dataset.index), loaded - 1, perRow);
      if (target === null) return;
      event.preventDefault();
      if (target === BACK_TO_SEARCH) useUiStore.getState().requestSearchFocus();
      else focusResult(target);
    },
    [focusResult, loaded, perRow],
  );
}
