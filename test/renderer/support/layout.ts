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
