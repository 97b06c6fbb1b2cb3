import { useLayoutEffect, type RefObject } from 'react';

/** Below this the list would show too few rows to be worth its own scrollbar: the page scrolls instead. */
export const FIT_MIN_HEIGHT_PX = 320;
/** Room left under the list, so its border and last row do not touch the window's edge. */
const GAP_BELOW_PX = 12;

/**
 * Sizes a scrolling list (the catalog's results) to reach the window's bottom edge from where it
 * starts, whatever the window's size and whatever is above it (a wrapped toolbar, the offline
 * banner): the whole list is in view, its last row reachable by its own scrollbar, with no second
 * scroll of the page. Measured again when the window or anything above the list changes size.
 * Never shorter than `minHeight` (one whole row of cards, say): in a very short window the page
 * scrolls a little instead.
 */
export function useFitToWindow(ref: RefObject<HTMLElement | null>, minHeight: number = FIT_MIN_HEIGHT_PX): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const fit = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      const height = `${Math.max(minHeight, Math.floor(window.innerHeight - top - GAP_BELOW_PX))}px`;
      if (element.style.height !== height) element.style.height = height;
    };
    fit();
    window.addEventListener('resize', fit);
    // What is above the list changing size moves its top (the body grows or shrinks with it).
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('resize', fit);
      observer?.disconnect();
    };
  }, [ref, minHeight]);
}
