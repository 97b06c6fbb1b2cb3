import { PER_PAGE_MAX, PRODUCT_SORTS, type ProductSort } from '../../../shared';
import type { Store } from '../types';
import { INDEX_FILTERS, type IndexedFilters, type ListingIndex } from './listing-index';

/** Listing pages a store on PGlite reads before the service takes requests (see warmUpListings). */
export const WARM_UP_PAGES = 80;
/** Catalogs smaller than this are not warmed up: their pages are cheap, and tests open many stores. */
export const WARM_UP_CATALOG = 50_000;

/** How far a warm-up went: the pages it read, and what stopped it early (null when nothing did). */
export interface WarmUp {
  pagesRead: number;
  failure: unknown;
}

const WARM_UP_SORTS: Array<ProductSort | undefined> = [undefined, ...PRODUCT_SORTS];

/**
 * Reads `pages` uncached listing pages of `per_page` PER_PAGE_MAX through the store: the
 * catalog in every sort and suppliers' products, spread over the listings, the answers dropped.
 * On PGlite a page is mostly PostgreSQL's code in WebAssembly, which V8 first runs as its baseline
 * compiler made it and recompiles, optimized, once a function has run hot: at a million products
 * the first 60 to 80 pages asked of a freshly opened PGlite cost 2 to 6 times what later ones do
 * (docs/benchmarks.md, "A page at a million on PGlite"). Asking them before the service is ready
 * moves that cost to its start. Nothing for a catalog under `smallestCatalog` products, or without
 * an index; a failed page ends the warm-up (the service then starts colder, answering the same),
 * and the warm-up says how far it went and why it stopped.
 */
export async function warmUpListings(
  store: Pick<Store, 'listProducts' | 'listSupplierProducts'>,
  index: ListingIndex | null,
  { pages = WARM_UP_PAGES, smallestCatalog = WARM_UP_CATALOG }: { pages?: number; smallestCatalog?: number } = {},
): Promise<WarmUp> {
  if (index === null || index.size < smallestCatalog) return { pagesRead: 0, failure: null };
  const suppliers = [...index.productsPerSupplier()];
  const catalogPages = Math.ceil(index.size / PER_PAGE_MAX);
  let read = 0;
  try {
    for (; read < pages; read += 1) {
      // Every fifth page is a supplier's: the other page statement (its own fields, no join).
      const supplier = read % 5 === 4 ? suppliers[Math.floor(read / 5) % suppliers.length] : undefined;
      if (supplier) {
        const [supplierId, products] = supplier;
        await store.listSupplierProducts(supplierId, { page: 1 + ((read * 7) % Math.max(1, Math.ceil(products / PER_PAGE_MAX))), per_page: PER_PAGE_MAX });
        continue;
      }
      const sort = WARM_UP_SORTS[(read - Math.floor(read / 5)) % WARM_UP_SORTS.length];
      const page = 1 + Math.floor(((read + 0.5) / pages) * catalogPages);
      await store.listProducts({ page, per_page: PER_PAGE_MAX, ...(sort ? { sort } : {}) });
    }
  } catch (error) {
    // The warm-up only moves work earlier: its pages' answers are not needed, and the service
    // answers them again when asked; the failure is told, not thrown.
    return { pagesRead: read, failure: error };
  }
  return { pagesRead: read, failure: null };
}

/** What a warm-up that stopped early tells the operator (null when it did not stop early). */
export function warmUpNotice({ pagesRead, failure }: WarmUp, pages = WARM_UP_PAGES): string | null {
  if (failure === null) return null;
  const reason = failure instanceof Error ? failure.message : String(failure);
  return `The listings warm-up stopped after ${pagesRead} of ${pages} pages (${reason}); the first listing pages asked will be slower.`;
}

/** One order read forwards, one backwards (ListingIndex's two ways through an order). */
const WARM_UP_FILTER_SORTS: Array<ProductSort | undefined> = [undefined, 'price_desc'];

/**
 * Works out filtered listings of `index` in memory once, and drops the answers: for each filter
 * one of its values, then the last two filters at once, each listing's first page
 * (ListingIndex.firstOrdinals) and its whole order (ListingIndex.ordinals, walked to its end), by
 * name and by price descending. Nothing is kept or read from the database. Those loops run over
 * every product, and V8 first runs them as its baseline compiler made them: at a million products
 * on PGlite the first filtered pages a freshly started service answered cost it 16 to 46 ms of CPU,
 * later ones 3 to 5 ms (docs/benchmarks.md, "The first filtered page after the start").
 * Running them before the service is ready moves that cost to its start (a second round gained
 * nothing more). Says how many listings it worked out.
 */
export function warmUpFilters(index: ListingIndex): number {
  const single = INDEX_FILTERS.flatMap((filter): IndexedFilters[] => {
    const [value] = index.values(filter);
    return value === undefined ? [] : [{ [filter]: value }];
  });
  const listings = single.length > 1 ? [...single, { ...single.at(-1), ...single.at(-2) }] : single;
  let worked = 0;
  for (const filters of listings) {
    for (const sort of WARM_UP_FILTER_SORTS) {
      index.firstOrdinals(filters, sort, PER_PAGE_MAX);
      const ordinals = index.ordinals(filters, sort);
      // A filtered order is walked only as far as a page asks: its last page walks all of it.
      ordinals.slice(Math.max(0, ordinals.length - PER_PAGE_MAX), ordinals.length);
      worked += 1;
    }
  }
  return worked;
}
