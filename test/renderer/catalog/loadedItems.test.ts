import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { itemsOfPages, loadedItems } from '../../../renderer/features/catalog/loadedItems';

type Page = { items: number[] };

/** A page whose items count every read of them, as a scroll to the end of a long list would read them. */
function countedPage(items: number[], reads: { count: number }): Page {
  return {
    get items() {
      reads.count += 1;
      return items;
    },
  };
}

describe('the results loaded so far', () => {
  it('are every page’s items in order, whatever was made before', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.integer(), { maxLength: 5 }), { maxLength: 8 }), fc.nat(8), fc.boolean(), (contents, keep, samePages) => {
        const pages: Page[] = contents.map((items) => ({ items }));
        const before = pages.slice(0, Math.min(keep, pages.length));
        const previous = loadedItems(null, samePages ? before : before.map((page) => ({ items: [...page.items, -1] })));
        expect(loadedItems(previous, pages).items).toEqual(contents.flat());
        expect(itemsOfPages(pages)).toEqual(contents.flat());
      }),
    );
  });

  it('when a page is scrolled into view, reads only the new page’s items, not the pages loaded before', () => {
    const reads = { count: 0 };
    const pages = Array.from({ length: 50 }, (_, page) => countedPage([page * 2, page * 2 + 1], reads));
    const first = itemsOfPages(pages.slice(0, 49));
    expect(first).toHaveLength(98);
    reads.count = 0;
    const more = itemsOfPages(pages);
    expect(more).toEqual(Array.from({ length: 100 }, (_, index) => index));
    expect(reads.count).toBe(1);
  });

  it('reads every page again when the pages are another search’s', () => {
    const reads = { count: 0 };
    itemsOfPages([countedPage([1], reads), countedPage([2], reads)]);
    reads.count = 0;
    expect(itemsOfPages([countedPage([3], reads), countedPage([4], reads), countedPage([5], reads)])).toEqual([3, 4, 5]);
    expect(reads.count).toBe(3);
  });
});
