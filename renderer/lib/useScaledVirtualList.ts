import { elementScroll, observeElementOffset, useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useRef, type RefObject } from 'react';
import { contentOffsetAt, drawnAt, scrollScale, scrollTopFor, type ScrollScale } from './scrollScale';

/** The viewport a list is laid out for before it has been measured. */
const INITIAL_RECT = { width: 1024, height: 720 };

export interface ScaledVirtualListOptions {
  scrollRef: RefObject<HTMLElement | null>;
  /** Rows the virtual list renders (those loaded). */
  count: number;
  rowHeight: number;
  /** The whole list's height, rows not loaded yet included: what the scrollbar spans. */
  contentHeight: number;
  overscan: number;
}

/**
 * A virtual list of fixed-height rows in a scrolled element, scrolled in proportion once it is
 * taller than a browser lays out (scrollScale.ts): the virtual list works in content offsets, the
 * element in its own scroll positions. `height` is the element's scrolled height, `drawnAt(start)`
 * where a row starting at `start` goes, `scrollTopOf(offset)` the scroll position showing `offset`.
 */
export function useScaledVirtualList({ scrollRef, count, rowHeight, contentHeight, overscan }: ScaledVirtualListOptions) {
  const scaleRef = useRef<ScrollScale>(scrollScale(contentHeight, INITIAL_RECT.height));
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
    initialRect: INITIAL_RECT,
    observeElementOffset: (instance, report) => observeElementOffset(instance, (offset, scrolling) => report(contentOffsetAt(scaleRef.current, offset), scrolling)),
    scrollToFn: (offset, options, instance) => elementScroll(scrollTopFor(scaleRef.current, offset), options, instance),
  });
  const scale = scrollScale(contentHeight, virtualizer.scrollRect?.height || INITIAL_RECT.height);
  scaleRef.current = scale;
  const contentOffset = virtualizer.scrollOffset ?? 0;
  const scrollTopOf = useCallback((offset: number) => scrollTopFor(scaleRef.current, offset), []);
  return {
    virtualizer,
    height: scale.height,
    drawnAt: (start: number) => drawnAt(scale, start, contentOffset),
    scrollTopOf,
  };
}
