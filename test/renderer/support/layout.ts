import { afterAll, beforeAll } from 'vitest';

/** jsdom lays nothing out; give the results' scroll box the size a window would, so the virtualizer renders rows. */
export function layoutScrollBoxes() {
  const originals = (['clientHeight', 'clientWidth'] as const).map((key) => [key, Object.getOwnPropertyDescriptor(HTMLElement.prototype, key)] as const);
  beforeAll(() => {
    for (const [key, size] of [['clientHeight', 720], ['clientWidth', 1024]] as const) {
      Object.defineProperty(HTMLElement.prototype, key, {
        configurable: true,
        get(this: HTMLElement) {
          return this.classList.contains('results-scroll') ? size : 0;
        },
      });
    }
  });
  afterAll(() => {
    for (const [key, descriptor] of originals) if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor);
  });
}

/**
 * jsdom keeps no scroll position: every element remembers the `scrollTop` set, at least 0 and at
 * most `limit(element)` when given (a box's scrolled height less its own).
 */
export function rememberScrollTop(limit?: (element: Element) => number) {
  const original = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTop');
  const positions = new WeakMap<Element, number>();
  beforeAll(() => {
    Object.defineProperty(Element.prototype, 'scrollTop', {
      configurable: true,
      get(this: Element) {
        return positions.get(this) ?? 0;
      },
      set(this: Element, value: number) {
        positions.set(this, Math.max(0, limit ? Math.min(value, limit(this)) : value));
      },
    });
  });
  afterAll(() => {
    if (original) Object.defineProperty(Element.prototype, 'scrollTop', original);
  });
}
