/**
 * A list taller than a browser can lay out, scrolled in proportion. Chromium stops an element's
 * height at about 33.5 million pixels (2^25: a layout unit is 1/64 px in 32 bits): a table of a
 * million 76-pixel rows would need 76 million, so every row past the 441,505th could never be
 * scrolled to. Past `MAX_SCROLL_HEIGHT` the list's scrolled height stays there and each pixel
 * scrolled moves the content by `ratio` pixels; the rows on screen are drawn where the content
 * offset puts them (`drawnAt`), so the first and the last rows are reached at the two ends.
 */

/** The tallest a scrolled list is made, well below any browser's limit. */
export const MAX_SCROLL_HEIGHT = 15_000_000;

export interface ScrollScale {
  /** The list's own height, every result in place. */
  contentHeight: number;
  /** The height the scrolled element is given. */
  height: number;
  /** Content pixels a scrolled pixel moves (1 for a list no taller than `MAX_SCROLL_HEIGHT`). */
  ratio: number;
}

/** How a list of `contentHeight` pixels is scrolled in a viewport of `viewportHeight`. */
export function scrollScale(contentHeight: number, viewportHeight: number, maxHeight: number = MAX_SCROLL_HEIGHT): ScrollScale {
  if (contentHeight <= maxHeight || maxHeight <= viewportHeight) return { contentHeight, height: contentHeight, ratio: 1 };
  // The two ends meet: scrolled to the bottom, the content's last viewport is shown.
  return { contentHeight, height: maxHeight, ratio: (contentHeight - viewportHeight) / (maxHeight - viewportHeight) };
}

/** The content offset at the top of the viewport when the element is scrolled to `scrollTop`. */
export const contentOffsetAt = (scale: ScrollScale, scrollTop: number): number => scrollTop * scale.ratio;

/** The scroll position that puts `contentOffset` at the top of the viewport. */
export const scrollTopFor = (scale: ScrollScale, contentOffset: number): number => contentOffset / scale.ratio;

/**
 * Where, in the scrolled element, content that starts at `start` is drawn while the viewport's top
 * is at `contentOffset`: its distance from the viewport's top is kept (never above the element's top).
 */
export const drawnAt = (scale: ScrollScale, start: number, contentOffset: number): number =>
  Math.max(0, start - contentOffset + scrollTopFor(scale, contentOffset));
