/** The results loaded so far: every page's items, in order, as one array. */
export interface LoadedItems<T> {
  readonly pages: readonly { readonly items: readonly T[] }[];
  readonly items: readonly T[];
}

/**
 * The items of `pages` as one array, made from `previous` when its pages begin `pages` (the same
 * page objects, as a query that only loaded more keeps them): only the new pages' items are
 * appended. Flattening every page again on each page scrolled into view made scrolling to the end
 * of a million results quadratic (flattening 500,000 loaded rows took about 100 ms a page; copying
 * them and appending the new page about 4 ms).
 */
export function loadedItems<T>(previous: LoadedItems<T> | null, pages: readonly { readonly items: readonly T[] }[]): LoadedItems<T> {
  if (previous !== null && startsWith(pages, previous.pages)) {
    if (pages.length === previous.pages.length) return previous;
    return { pages, items: previous.items.concat(...pages.slice(previous.pages.length).map((page) => page.items)) };
  }
  return { pages, items: pages.flatMap((page) => page.items) };
}

const startsWith = <P>(pages: readonly P[], prefix: readonly P[]): boolean =>
  prefix.length > 0 && pages.length >= prefix.length && prefix.every((page, index) => pages[index] === page);

type Page<T> = { readonly items: readonly T[] };

/** What was made for the pages ending with a page object; goes with the page (the query cache holds it). */
const madeByLastPage = new WeakMap<Page<unknown>, LoadedItems<unknown>>();

/**
 * The items of `pages` as one array, reusing what was made for the same pages less the newest few
 * (at most `lookBack` pages back): `loadedItems` over a cache kept beside the query's pages, so a
 * component needs no state of its own to keep the previous answer.
 */
export function itemsOfPages<T>(pages: readonly Page<T>[], lookBack = 4): readonly T[] {
  const last = pages.at(-1);
  if (last === undefined) return [];
  let previous: LoadedItems<T> | null = null;
  for (let end = pages.length - 1; end >= Math.max(0, pages.length - 1 - lookBack) && previous === null; end -= 1) {
    const made = madeByLastPage.get(pages[end] as Page<unknown>) as LoadedItems<T> | undefined;
    if (made !== undefined && made.pages.length === end + 1) previous = made;
  }
  const made = loadedItems(previous, pages);
  madeByLastPage.set(last as Page<unknown>, made as LoadedItems<unknown>);
  return made.items;
}
